/**
 * One cell's verdict: the target's answer to a probe against the reference's.
 * Same answer: "same". Different: the registry decides — an entry for the
 * target makes it that entry's class; an entry for the reference makes it
 * "reference" (the reference is known to be off), unless the probe's spec says
 * the target's answer is not right either; no entry leaves it "unexplained".
 */
import type { Signer } from './answer-signer.js';
import type { DivergenceEntry, DivergenceRegistry } from './load-divergences.js';
import type { RunView } from './run-view.js';
import type { SpecCheck } from './spec-check.js';

export const CELL_CLASSES = ['same', 'bug', 'deliberate', 'reference', 'unexplained', 'not-run', 'no-reference'] as const;
export type CellClass = (typeof CELL_CLASSES)[number];

export interface Verdict {
  class: CellClass;
  /** The registry entry behind a bug / deliberate / reference verdict. */
  entry?: DivergenceEntry;
}

function notAnswered(view: RunView, id: string): boolean {
  const r = view.result(id);
  return r === undefined || r.status === 'skipped';
}

export function classifyCell(id: string, view: RunView, ref: RunView, registry: DivergenceRegistry, signer: Signer, meetsSpec?: SpecCheck): Verdict {
  if (notAnswered(view, id)) return { class: 'not-run' };
  if (view === ref) return { class: 'same' };
  if (notAnswered(ref, id)) return { class: 'no-reference' };
  if (signer.of(view, id) === signer.of(ref, id)) return { class: 'same' };
  const own = registry.find(id, view.targetId, view.version);
  if (own) return { class: own.class === 'reference' ? 'bug' : own.class, entry: own };
  const refs = registry.find(id, ref.targetId, ref.version);
  if (refs && meetsSpec?.(id, view) !== false) return { class: 'reference', entry: refs };
  return { class: 'unexplained' };
}

/** Whether two runs disagree on a probe both answered (skipped counts as not answered). */
export function answersDiffer(id: string, a: RunView, b: RunView, signer: Signer): boolean {
  return !notAnswered(a, id) && !notAnswered(b, id) && signer.of(a, id) !== signer.of(b, id);
}
