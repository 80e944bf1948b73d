/**
 * How answers are compared. Two runs, pairwise: by screen cells when both read
 * cells, by the screen's text when one could only read text (DECRQCRA, hardcopy),
 * without the screen only when one could not read it at all — so one run without
 * read-back never hides a screen difference between two others. A set of runs
 * (answer groups on a probe page, the run command's table): at the level all of
 * them share.
 */
import type { ProbeResult } from '../results/results-schema.js';
import type { ProbeSlot, RunView, SignatureLevel } from './run-view.js';

export interface Signer {
  level(id: string): SignatureLevel;
  /** The same from the probe's slot in each view, in the views' order (no lookup by id). */
  levelIn(id: string, slots: readonly (ProbeSlot | undefined)[]): SignatureLevel;
  of(view: RunView, id: string): string | undefined;
  /** The short answer, without the screen where the probe is compared without it. */
  summary(view: RunView, id: string): string;
}

function levelFor(results: Iterable<ProbeResult | undefined>): SignatureLevel {
  let level: SignatureLevel = 'cells';
  let anyScreen = false;
  let noScreen = false;
  for (const r of results) {
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
    if (l === undefined) levels.set(id, (l = levelFor(views.map((v) => v.result(id)))));
    return l;
  };
  return {
    level,
    levelIn(id, slots) {
      let l = levels.get(id);
      if (l === undefined) levels.set(id, (l = levelFor(slots.map((s) => s?.r))));
      return l;
    },
    of: (view, id) => view.signature(id, level(id)),
    summary: (view, id) => view.summary(id, level(id) !== 'none'),
  };
}

function screenLevel(view: RunView, id: string): SignatureLevel | undefined {
  return resultLevel(view.result(id));
}

function resultLevel(r: ProbeResult | undefined): SignatureLevel | undefined {
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

/** The same for two slots of one probe (run-view.ts). */
export function pairLevelIn(a: ProbeSlot, b: ProbeSlot): SignatureLevel {
  const la = resultLevel(a.r) ?? 'cells';
  const lb = resultLevel(b.r) ?? 'cells';
  return DEPTH[la] <= DEPTH[lb] ? la : lb;
}

/** Whether two runs gave the same answer, compared at the deepest level both have. */
export function sameAnswer(a: RunView, b: RunView, id: string): { same: boolean; level: SignatureLevel } {
  const level = pairLevel(a, b, id);
  return { same: a.signature(id, level) === b.signature(id, level), level };
}
