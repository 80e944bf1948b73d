/**
 * The numbers a speed figure's trials give: min, median, p90 and max (p90 by
 * linear interpolation between the nearest trials, R's type 7: with 5 trials it
 * lies 60 % of the way from the 4th to the 5th), and the test two runs of a
 * figure are compared by: they differ only when their trials do not overlap at
 * all (every trial of one beyond every trial of the other). For two runs of 5
 * trials drawn from one distribution that happens by chance in 2 of the
 * C(10,5) = 252 equally likely orderings, 0.8 %.
 */
import type { FigureStats } from './speed-results-schema.js';

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The stats of some trials (none: undefined). */
export function figureStats(trials: readonly number[]): FigureStats | undefined {
  if (trials.length === 0) return undefined;
  const sorted = [...trials].sort((a, b) => a - b);
  return { min: round(sorted[0]!), median: round(quantile(sorted, 0.5)), p90: round(quantile(sorted, 0.9)), max: round(sorted[sorted.length - 1]!) };
}

/** How two runs' trials of one figure stand: the same (their ranges overlap), or one lies wholly above the other. */
export function compareTrials(a: readonly number[], b: readonly number[]): 'same' | 'higher' | 'lower' {
  const sa = figureStats(a);
  const sb = figureStats(b);
  if (!sa || !sb) return 'same';
  if (sb.min > sa.max) return 'higher';
  if (sb.max < sa.min) return 'lower';
  return 'same';
}
