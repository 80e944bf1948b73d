/**
 * What the user's terminal reported, before the run, of what the probes change
 * outside the screen (self-outside.ts): each colour as the terminal spelled it
 * (OSC 4 ; n ; ? and OSC 10–19 ; ?), the title and icon title (CSI 21 t and
 * CSI 20 t), the kitty keyboard flags (CSI ? u). What was reported is set back
 * afterwards with the exact OSC or CSI that sets it (self-restore.ts); a probe
 * that changes anything not reported is skipped (unreportedChange).
 *
 * A title report is taken only once it is shown to follow a change: several
 * terminals answer CSI 21 t with an empty or fixed title whatever the title is
 * (the VTE front ends, urxvt and PuTTY report "" after OSC 2 sets one, GNU
 * screen reports its window name: results/*.json, window-ops.title-osc-2), and
 * setting such a "title" back would overwrite the real one. An empty title is
 * not taken at all; any other is checked (self-title-check.ts). Inside tmux
 * (which answers no CSI 21 t) the title is tmux's own record of the pane's;
 * inside GNU screen none is taken. In both, an APC string sets that title (or
 * screen's hardstatus), so it counts as a title change there.
 *
 * A terminal that does not answer CSI ? u has no kitty keyboard flags to
 * change (the protocol has programs detect it by that query), so keyboard
 * probes are never skipped for want of a report.
 */
import { answeringEvent } from '../../corpus/raw-reply-events.js';
import { canonicalColour } from '../../protocol/colour-spec.js';
import type { ProbeResult } from '../../results/results-schema.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { outsideQueries, type OutsideChanges } from './self-outside.js';
import { pseudoProbe } from './self-state.js';

export type TitleKind = 'title' | 'icon';
/** Why a title cannot be put back. */
export type TitleProblem = 'not-reported' | 'empty' | 'controls' | 'did-not-follow' | 'screen';

/** The multiplexer termprobe runs in, if any: tmux ($TMUX; its record of the pane's title, when it answered) or GNU screen ($STY). */
export interface Multiplexer {
  tmux: boolean;
  tmuxTitle?: string;
  screen: boolean;
}

export const NO_MULTIPLEXER: Multiplexer = { tmux: false, screen: false };

export interface OutsideState {
  /** Palette index → the colour as reported (e.g. "rgb:cdcd/0000/0000"). */
  palette: Map<number, string>;
  /** Dynamic colour 10–19 → the colour as reported. */
  dynamic: Map<number, string>;
  /** The title and icon title as reported, once trusted. */
  title?: string;
  icon?: string;
  /** The title came from tmux's record of the pane (no check needed). */
  titleFrom?: 'tmux';
  /** APC strings set the title here (tmux, GNU screen). */
  apcSetsTitle: boolean;
  /** The kitty keyboard flags in effect. */
  keyboard?: number;
  /** Why the title or icon title cannot be put back, when the run changes it. */
  why: Partial<Record<TitleKind, TitleProblem>>;
}

export const TITLE_QUERY: Readonly<Record<TitleKind, string>> = { title: 'xtwinops:21', icon: 'xtwinops:20' };
const TITLE_REPORT: Readonly<Record<TitleKind, string>> = { title: 'CSI 21 t', icon: 'CSI 20 t' };

/** The problem as a relative clause after "it changes your window title, …". */
function problemClause(kind: TitleKind, problem: TitleProblem): string {
  const report = TITLE_REPORT[kind];
  switch (problem) {
    case 'not-reported':
      return `which your terminal did not report (${report})`;
    case 'empty':
      return `which your terminal reports as empty (${report}; some terminals do so whatever it is)`;
    case 'controls':
      return `whose report (${report}) holds control characters`;
    case 'did-not-follow':
      return `whose report (${report}) did not follow a change`;
    case 'screen':
      return `which GNU screen reports as its window's name (${report}), not as the title it sets`;
  }
}

/** The problem in a few words, for the report's one line ("title not reported by your terminal: …"). */
export function problemWords(problem: TitleProblem): string {
  return { 'not-reported': 'not reported by your terminal', empty: 'reported empty by your terminal', controls: 'reported with control characters', 'did-not-follow': 'report did not follow a change', screen: 'not reported by GNU screen' }[problem];
}

/** The built-in probe that asks for what the run changes outside the screen. */
export function outsideQuery(touched: OutsideChanges): Probe {
  return pseudoProbe('self.outside', outsideQueries(touched));
}

/** A colour spec that can go back into an OSC as it came: one the colour parser knows, printable, no separator. */
function settableColour(spec: string): boolean {
  return /^[\x21-\x3a\x3c-\x7e]+$/.test(spec) && canonicalColour(spec) !== null;
}

/** The text of the OSC reply that answers `query`, after `prefix`, when there is one. */
function reported(answer: ProbeResult | undefined, query: string, prefix: number): string | undefined {
  const reply = answer?.replies.find((r) => r.query === query);
  const ev = answeringEvent(query, reply?.raw);
  return ev?.kind === 'osc' ? ev.data.slice(prefix) : undefined;
}

export function emptyOutsideState(): OutsideState {
  return { palette: new Map(), dynamic: new Map(), why: {}, apcSetsTitle: false };
}

/** What the run changes here: an APC string is a title change inside tmux and GNU screen. */
export function effectiveChanges(changes: OutsideChanges, mux: Multiplexer): OutsideChanges {
  return changes.apc && (mux.tmux || mux.screen) ? { ...changes, title: true } : changes;
}

const hasControls = (text: string) => /[\x00-\x1f\x7f-\x9f]/.test(text);

/** What the answer to outsideQuery reported, of what `touched` names (effectiveChanges), and tmux of its pane; titles from CSI 21 t still to be checked. */
export function readOutsideState(answer: ProbeResult | undefined, touched: OutsideChanges, mux: Multiplexer = NO_MULTIPLEXER): OutsideState {
  const state = emptyOutsideState();
  state.apcSetsTitle = mux.tmux || mux.screen;
  for (const i of touched.palette) {
    const spec = reported(answer, `osc4:${i}`, `${i};`.length);
    if (spec !== undefined && settableColour(spec)) state.palette.set(i, spec);
  }
  for (const n of touched.dynamic) {
    const spec = reported(answer, `osc:${n}`, 0);
    if (spec !== undefined && settableColour(spec)) state.dynamic.set(n, spec);
  }
  for (const kind of ['title', 'icon'] as const) {
    if (!touched[kind]) continue;
    if (kind === 'title' && mux.tmuxTitle !== undefined && !hasControls(mux.tmuxTitle)) {
      state.title = mux.tmuxTitle;
      state.titleFrom = 'tmux';
      continue;
    }
    const text = reported(answer, TITLE_QUERY[kind], 1);
    if (mux.screen) state.why[kind] = 'screen';
    else if (text === undefined) state.why[kind] = 'not-reported';
    else if (text === '') state.why[kind] = 'empty';
    else if (hasControls(text)) state.why[kind] = 'controls';
    else state[kind] = text;
  }
  const flags = answer?.replies.find((r) => r.query === 'kitty-keyboard')?.value;
  if (touched.keyboard && flags !== undefined && /^\d+$/.test(flags)) state.keyboard = Number(flags);
  return state;
}

/** Colours by name: "palette 1, 2 and OSC 17, 19", or a count of palette entries when there are many. */
export function colourNames(palette: readonly number[], dynamic: readonly number[]): string {
  const names: string[] = [];
  if (palette.length > 5) names.push(`${palette.length} palette entries`);
  else if (palette.length > 0) names.push(`palette ${palette.join(', ')}`);
  if (dynamic.length > 0) names.push(`OSC ${dynamic.join(', ')}`);
  return names.join(' and ');
}

/** What a probe changes that the terminal did not report (so it cannot be put back): its kind and the reason, or undefined. */
export function unreportedChange(changes: OutsideChanges, state: OutsideState): { kind: 'title' | 'icon' | 'colour'; reason: string; colours?: { palette: number[]; dynamic: number[] } } | undefined {
  for (const kind of ['title', 'icon'] as const) {
    const changed = changes[kind] || (kind === 'title' && changes.apc && state.apcSetsTitle);
    if (changed && state[kind] === undefined) {
      const what = kind === 'title' ? 'window title' : 'icon title';
      return { kind, reason: `it changes your ${what}, ${problemClause(kind, state.why[kind] ?? 'not-reported')}, so it could not be put back` };
    }
  }
  const palette = [...changes.palette].filter((i) => !state.palette.has(i));
  const dynamic = [...changes.dynamic].filter((n) => !state.dynamic.has(n));
  if (palette.length === 0 && dynamic.length === 0) return undefined;
  return { kind: 'colour', reason: `it changes colours your terminal did not report (${colourNames(palette, dynamic)}), so they could not be put back`, colours: { palette, dynamic } };
}
