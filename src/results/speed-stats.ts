/**
 * The numbers a speed figure's trials give: min, median, p90 and max (p90 by
 * linear interpolation between the nearest trials, R's type 7: with 5 trials it
 * lies 60 % of the way from the 4th to the 5th), and the test two runs of a
 * figure are compared by: they differ only when their trials do not overlap at
 * all (every trial of one beyond every trial of the other). For two runs of 5
 * trials drawn from one distribution that happens by chance in 2 of the
 * C(10,5) = 252 equally likely orderings, 0.8 %. Memory figures, whose trials
 * are samples of one instance, are compared with the spread measured between
 * instances instead (MEMORY_TOLERANCE).
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

/**
 * How two runs' trials of one figure stand: the same (their ranges overlap), or one lies wholly above the other;
 * with a `tolerance`, a's range is first widened by that share of its ends (memory: see MEMORY_TOLERANCE).
 */
export function compareTrials(a: readonly number[], b: readonly number[], tolerance = 0): 'same' | 'higher' | 'lower' {
  const sa = figureStats(a);
  const sb = figureStats(b);
  if (!sa || !sb) return 'same';
  if (sb.min > sa.max * (1 + tolerance)) return 'higher';
  if (sb.max < sa.min * (1 - tolerance)) return 'lower';
  return 'same';
}

/**
 * A memory figure's trials are samples of one instance, steady to the KiB, so they say nothing of how the size
 * differs from one instance to the next; that was measured instead, over two full runs of every terminal here
 * (42 figures): 0.01-4.8 % apart, median 0.6 %. Two runs' memory figures differ only beyond that: 5 %.
 */
export const MEMORY_TOLERANCE = 0.05;
