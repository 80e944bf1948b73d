/**
 * The per-target summary under a comparison, and its score:
 *
 *   score = 100 × (same + reference + deliberate / 2) / compared
 *
 * where `compared` counts the probes both the target and the reference answered.
 * A wrong reference costs the target nothing, a documented choice costs half,
 * a bug or an unexplained difference costs the whole probe. No-reply is an
 * answer like any other: it scores by its class. One decimal.
 */
import type { CellClass, Verdict } from './classify-cell.js';
import type { RunView } from './run-view.js';

export interface TargetSummary {
  label: string;
  targetId: string;
  isReference: boolean;
  /** Probes with a result (not skipped). */
  run: number;
  /** Probes both this target and the reference answered. */
  compared: number;
  same: number;
  bug: number;
  deliberate: number;
  reference: number;
  unexplained: number;
  noReply: number;
  score: number | null;
}

export function scoreOf(s: Pick<TargetSummary, 'compared' | 'same' | 'reference' | 'deliberate'>): number | null {
  if (s.compared === 0) return null;
  return Math.round((1000 * (s.same + s.reference + s.deliberate / 2)) / s.compared) / 10;
}

const COMPARED: ReadonlySet<CellClass> = new Set(['same', 'bug', 'deliberate', 'reference', 'unexplained']);

export function summarizeTarget(view: RunView, isReference: boolean, ids: string[], verdicts: Verdict[]): TargetSummary {
  const s: TargetSummary = { label: view.label, targetId: view.targetId, isReference, run: 0, compared: 0, same: 0, bug: 0, deliberate: 0, reference: 0, unexplained: 0, noReply: 0, score: null };
  ids.forEach((id, i) => {
    const cls = verdicts[i]!.class;
    if (cls !== 'not-run') s.run++;
    if (view.result(id)?.status === 'no-reply') s.noReply++;
    if (!COMPARED.has(cls)) return;
    s.compared++;
    if (cls === 'same' || cls === 'bug' || cls === 'deliberate' || cls === 'reference' || cls === 'unexplained') s[cls]++;
  });
  s.score = scoreOf(s);
  return s;
}
