/**
 * Is the title the terminal reports its real title? Some terminals answer
 * CSI 21 t with a fixed text whatever the title is (self-outside-state.ts), and
 * putting that "title" back would overwrite the real one. So before a title
 * report is taken, it must follow a change: push the title (CSI 22 t), set a
 * marker (OSC 2), ask (CSI 21 t), pop (CSI 23 t) — all in one write, so the pop
 * follows the marker whatever happens next — then ask again.
 *
 *   - The first answer is the marker: the report is real. If the second is not
 *     the title reported before, the terminal ignores the title stack, and the
 *     title is set back at once with OSC 2 (safe now: the report is real).
 *   - Any other first answer: the report is not the title; title probes are
 *     skipped. A terminal with the stack is back as it was; one without keeps
 *     the marker, and a note says so (nothing reported can restore it).
 *
 * The icon title goes the same way (CSI 20 t, OSC 1, stack 1).
 *
 * The run itself is not wrapped in a push and a pop: a pop at the end cannot be
 * checked from a signal handler or the exit hook, and on a terminal that
 * ignored the push it would drop a title another program saved on the stack.
 * OSC 2 with the checked report puts the title back wherever it was reported.
 */
import type { Probe } from '../../corpus/probe-schema.js';
import { answeringEvent } from '../../corpus/raw-reply-events.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { TITLE_QUERY, type OutsideState, type TitleKind } from './self-outside-state.js';
import { pseudoProbe } from './self-state.js';

export const TITLE_MARKER = 'termprobe title check';
const OSC: Readonly<Record<TitleKind, number>> = { title: 2, icon: 1 };

export interface TitleCheck {
  kinds: TitleKind[];
  marker: string;
  /** Push, set the marker, ask, pop. */
  change: Probe;
  /** Ask again, after the pop. */
  reread: Probe;
}

/** The check for the titles the state holds (reported, not yet trusted), or undefined when there is none. */
export function titleCheckFor(state: OutsideState): TitleCheck | undefined {
  // tmux's record of the pane's title needs no check.
  const kinds = (['title', 'icon'] as const).filter((k) => state[k] !== undefined && !(k === 'title' && state.titleFrom === 'tmux'));
  if (kinds.length === 0) return undefined;
  const marker = kinds.some((k) => state[k] === TITLE_MARKER) ? `${TITLE_MARKER} again` : TITLE_MARKER;
  // CSI 22/23 ; Ps t: Ps 0 both, 1 the icon title, 2 the title.
  const ps = kinds.length === 2 ? 0 : kinds[0] === 'icon' ? 1 : 2;
  const queries = kinds.map((k) => TITLE_QUERY[k]);
  return {
    kinds,
    marker,
    change: { ...pseudoProbe('self.title-check', queries), send: `\\e[22;${ps}t${kinds.map((k) => `\\e]${OSC[k]};${marker}\\e\\\\`).join('')}`, cleanup: `\\e[23;${ps}t` },
    reread: pseudoProbe('self.title-reread', queries),
  };
}

function titleIn(answer: ProbeResult, kind: TitleKind): string | undefined {
  const ev = answeringEvent(TITLE_QUERY[kind], answer.replies.find((r) => r.query === TITLE_QUERY[kind])?.raw);
  return ev?.kind === 'osc' ? ev.data.slice(1) : undefined;
}

/** The bytes that set a title or icon title. */
export function setTitleBytes(kind: TitleKind, text: string): string {
  return `\x1b]${OSC[kind]};${text}\x1b\\`;
}

/**
 * What the check showed: the state with only the titles whose report followed
 * the marker, the bytes to write now (titles the stack did not put back), and a
 * note when a report did not follow.
 */
export function judgeTitleCheck(state: OutsideState, check: TitleCheck, changed: ProbeResult, reread: ProbeResult): { state: OutsideState; rewrite: string; note?: string } {
  const out: OutsideState = { ...state, why: { ...state.why } };
  let rewrite = '';
  const failed: TitleKind[] = [];
  for (const kind of check.kinds) {
    const before = state[kind]!;
    if (titleIn(changed, kind) === check.marker) {
      if (titleIn(reread, kind) !== before) rewrite += setTitleBytes(kind, before);
      continue;
    }
    delete out[kind];
    out.why[kind] = 'did-not-follow';
    failed.push(kind);
  }
  if (failed.length === 0) return { state: out, rewrite };
  const what = failed.map((k) => (k === 'title' ? 'title' : 'icon title')).join(' and ');
  return {
    state: out,
    rewrite,
    note: `your terminal's report of its ${what} did not follow a change, so probes that change it were skipped; the check set it to "${check.marker}" and popped the title stack (CSI 23 t): should it still read so, set it again`,
  };
}
