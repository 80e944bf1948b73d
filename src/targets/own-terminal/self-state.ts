/**
 * What the user's terminal was like before termprobe touched it, read in three
 * steps: on the main screen CSI 6n and DA1 at once, then (with the corpus
 * loaded, so the modes the run may touch are known) DECRQM of every mode to put
 * back, still on the main screen and before anything changed — entering the
 * alternate screen would itself set ?1049 — and then, inside the alternate
 * screen, XTVERSION, DA2, the size and DECRQSS for SGR (queries a terminal may
 * print in part: never on the main screen). Inside tmux, which answers no
 * DECRQM, tmux's own record of the pane fills the gaps.
 */
import type { Probe } from '../../corpus/probe-schema.js';
import type { ProbeResult } from '../../results/results-schema.js';
import type { TmuxPane } from './self-tmux.js';
import type { OutsideState } from './self-outside-state.js';

/** DECRPM Ps values as results files name them. */
const DECRPM = ['not-recognized', 'set', 'reset', 'permanently-set', 'permanently-reset'] as const;

export interface PriorState {
  /** Anything at all came back to the first queries. */
  answered: boolean;
  /** The main screen's cursor (CPR before the alternate screen, else tmux), 1-based. */
  cursor?: { row: number; col: number };
  /** Mode → state ("set", "reset", "permanently-set", …, "no-reply"). */
  modes: Record<string, string>;
  /** Where each set/reset state came from. */
  sources: Record<string, 'decrqm' | 'tmux'>;
  keypad?: 'application' | 'numeric';
  /** Only from tmux: DECSTBM cannot be read per screen reliably. */
  scrollRegion?: { top: number; bottom: number };
  /** SGR parameters (DECRQSS m), e.g. "0" or "0;1;31". */
  sgr?: string;
  /** tmux says the pane was already in the alternate screen. */
  alternateBefore?: boolean;
  /** Colours, titles and keyboard flags the run changes, as the terminal reported them (self-outside-state.ts). */
  outside?: OutsideState;
}

export interface SeenReplies {
  xtversion?: string;
  da2?: string;
  da2Params?: number[];
  da1?: string;
}

export function pseudoProbe(id: string, query: string[]): Probe {
  return { id, category: 'self', file: '(built in)', title: id, description: 'built-in query of the user terminal', spec: 'xterm ctlseqs (built in)', send: '', query, expect: { implements: {} } };
}

/** Step 2, on the main screen before anything changes: the modes, then the cursor (it must not have moved). */
export function mainScreenModesQuery(modes: readonly string[]): Probe {
  const query = modes.map((m) => `decrqm:${m}`);
  query.push('cursor');
  return pseudoProbe('self.modes', query);
}

/** Step 3, in the alternate screen: the size the terminal uses, who it is, and SGR. */
export function alternateScreenQuery(): Probe {
  // CUP 999;999 then CSI 6n: the cursor stops in the last row and column, which is the size the terminal uses.
  return { ...pseudoProbe('self.state', ['cursor', 'xtversion', 'da2', 'da1', 'decrqss:m']), send: '\\e[999;999H' };
}

/** The size step 2 found (its cursor after CUP 999;999), when the terminal answered. */
export function measuredSize(alt: ProbeResult | undefined): { cols: number; rows: number } | undefined {
  const c = alt?.cursor;
  return c && c.row !== null && c.col !== null && c.row > 1 && c.col > 1 ? { cols: c.col, rows: c.row } : undefined;
}

/** What step 1 (CSI 6n and DA1 on the main screen) found. */
export interface MainScreenAnswer {
  answered: boolean;
  cursor?: { row: number; col: number } | undefined;
}

export function readPriorState(main: MainScreenAnswer, alt: ProbeResult | undefined, tmux: TmuxPane | undefined): PriorState {
  const prior: PriorState = { answered: main.answered, modes: {}, sources: {} };
  const cursor = main.cursor ?? tmux?.cursor;
  if (cursor) prior.cursor = cursor;
  for (const r of alt?.replies ?? []) {
    if (r.query.startsWith('decrqm:')) {
      const mode = r.query.slice('decrqm:'.length);
      prior.modes[mode] = r.value === undefined ? 'no-reply' : (DECRPM[Number(r.value)] ?? `value-${r.value}`);
      if (prior.modes[mode] === 'set' || prior.modes[mode] === 'reset') prior.sources[mode] = 'decrqm';
    }
    if (r.query === 'decrqss:m' && r.value !== undefined) {
      const m = /^1\$r([\d;:]*)m$/.exec(r.value);
      if (m) prior.sgr = m[1] === '' ? '0' : m[1];
    }
  }
  for (const [mode, state] of Object.entries(tmux?.modes ?? {})) {
    if (mode === 'keypad') prior.keypad = state === 'set' ? 'application' : 'numeric';
    else if (mode === '?1049') {
      prior.alternateBefore = state === 'set';
      if (!prior.sources[mode]) {
        prior.modes[mode] = state;
        prior.sources[mode] = 'tmux';
      }
    }
    else if (!prior.sources[mode]) {
      prior.modes[mode] = state;
      prior.sources[mode] = 'tmux';
    }
  }
  // Already in the alternate screen before the run (DECRQM says so): stay there when done.
  if (prior.alternateBefore === undefined && prior.sources['?1049'] === 'decrqm') prior.alternateBefore = prior.modes['?1049'] === 'set';
  const nkm = prior.modes['?66'];
  if (!prior.keypad && (nkm === 'set' || nkm === 'reset')) prior.keypad = nkm === 'set' ? 'application' : 'numeric';
  if (tmux?.scrollRegion) prior.scrollRegion = tmux.scrollRegion;
  return prior;
}

/** The identification replies of step 2 (XTVERSION text, DA2 and DA1 as escaped raw). */
export function readSeenReplies(alt: ProbeResult | undefined): SeenReplies {
  const seen: SeenReplies = {};
  for (const r of alt?.replies ?? []) {
    if (r.value === undefined) continue;
    if (r.query === 'xtversion') seen.xtversion = r.value;
    if (r.query === 'da2') {
      seen.da2 = r.raw;
      seen.da2Params = r.value.split(';').map(Number);
    }
    if (r.query === 'da1') seen.da1 = r.raw;
  }
  return seen;
}

/** The terminal said it has no alternate screen: probing would write on the main screen. */
export function lacksAlternateScreen(prior: PriorState): boolean {
  const s = prior.modes['?1049'];
  return s === 'not-recognized' || s === 'permanently-reset';
}
