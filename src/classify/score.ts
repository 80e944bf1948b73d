/**
 * The per-target summary under a comparison, and its score: the share of probes
 * the terminal implements among those its answers decide,
 *
 *   score = 100 × implements / (implements + lacks + other)
 *
 * Inconclusive cells (no reply, not run, screen not read, a reply from
 * termprobe's own pipe, an answer that observes nothing) are never in the
 * denominator. The score does not depend on the emulator chosen for agreement:
 * the agreement counts beside it do. One decimal.
 */
import { AGREEMENTS, type Agreement } from './agreement.js';
import type { ComparisonCell } from './build-comparison.js';
import type { RunView } from './run-view.js';

export interface TargetSummary {
  label: string;
  targetId: string;
  engine: string;
  isReference: boolean;
  /** Probes with a result (skipped ones included: they are inconclusive). */
  run: number;
  implements: number;
  lacks: number;
  other: number;
  inconclusive: number;
  /** ~ answers no registry entry explains. */
  unexplained: number;
  score: number | null;
  /** Against the chosen emulator (empty for the emulator itself). */
  agreement: Record<Agreement, number>;
}

export function scoreOf(s: Pick<TargetSummary, 'implements' | 'lacks' | 'other'>): number | null {
  const decided = s.implements + s.lacks + s.other;
  return decided === 0 ? null : Math.round((1000 * s.implements) / decided) / 10;
}

export function summarizeTarget(view: RunView, isReference: boolean, cells: readonly ComparisonCell[], ids?: readonly string[]): TargetSummary {
  const agreement = Object.fromEntries(AGREEMENTS.map((a) => [a, 0])) as Record<Agreement, number>;
  const s: TargetSummary = { label: view.label, targetId: view.targetId, engine: view.engine.name, isReference, run: 0, implements: 0, lacks: 0, other: 0, inconclusive: 0, unexplained: 0, score: null, agreement };
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    if (ids && !view.result(ids[i]!)) continue;
    if (c.support.why !== 'not-run') s.run++;
    s[c.support.support]++;
    if (c.support.support === 'other' && !c.entry) s.unexplained++;
    if (c.agreement) agreement[c.agreement.class]++;
  }
  s.score = scoreOf(s);
  return s;
}

export const SCORE_LINE = 'score = 100 × implements / (implements + lacks + other): probes whose answer decides; inconclusive ones never count';
