/**
 * How answers are compared. Two runs, pairwise: by screen cells when both read
 * cells, by the screen's text when one could only read text (DECRQCRA, hardcopy),
 * without the screen only when one could not read it at all — so one run without
 * read-back never hides a screen difference between two others. A set of runs
 * (answer groups on a probe page, the run command's table): at the level all of
 * them share.
 */
import type { RunView, SignatureLevel } from './run-view.js';

export interface Signer {
  level(id: string): SignatureLevel;
  of(view: RunView, id: string): string | undefined;
  /** The short answer, without the screen where the probe is compared without it. */
  summary(view: RunView, id: string): string;
}

function levelFor(id: string, views: RunView[]): SignatureLevel {
  let level: SignatureLevel = 'cells';
  let anyScreen = false;
  let noScreen = false;
  for (const v of views) {
    const r = v.result(id);
    if (!r || (r.status !== 'ok' && r.status !== 'partial')) continue;
    if (!r.screen) noScreen = true;
    else {
      anyScreen = true;
      if (r.screen.cells === undefined) level = 'text';
    }
  }
  return anyScreen && noScreen ? 'none' : level;
}

export function makeSigner(views: RunView[]): Signer {
  const levels = new Map<string, SignatureLevel>();
  const level = (id: string): SignatureLevel => {
    let l = levels.get(id);
    if (l === undefined) levels.set(id, (l = levelFor(id, views)));
    return l;
  };
  return {
    level,
    of: (view, id) => view.signature(id, level(id)),
    summary: (view, id) => view.summary(id, level(id) !== 'none'),
  };
}

function screenLevel(view: RunView, id: string): SignatureLevel | undefined {
  const r = view.result(id);
  if (!r || (r.status !== 'ok' && r.status !== 'partial')) return undefined;
  return !r.screen ? 'none' : r.screen.cells === undefined ? 'text' : 'cells';
}

const DEPTH: Record<SignatureLevel, number> = { none: 0, text: 1, cells: 2 };

/** The deepest level both runs can be compared at on this probe (for the screen, the shallower of the two). */
export function pairLevel(a: RunView, b: RunView, id: string): SignatureLevel {
  const la = screenLevel(a, id) ?? 'cells';
  const lb = screenLevel(b, id) ?? 'cells';
  return DEPTH[la] <= DEPTH[lb] ? la : lb;
}

/** Whether two runs gave the same answer, compared at the deepest level both have. */
export function sameAnswer(a: RunView, b: RunView, id: string): { same: boolean; level: SignatureLevel } {
  const level = pairLevel(a, b, id);
  return { same: a.signature(id, level) === b.signature(id, level), level };
}
