/** `--jobs <n>`: targets run at once when a run names several, 1 to 64. */
import { availableParallelism } from 'node:os';
import { Option } from 'commander';
import { UsageError } from '../errors.js';
import type { SpareCpu } from '../run-pool.js';

/** For work that keeps a core busy (the Unicode width suite): two suit a 2-core machine. */
export const DEFAULT_JOBS = 2;

/**
 * For probe runs: three per core, at most 8. A probe run waits far more than it works: `run --target all` on a quiet
 * 2-core machine kept the cores 23 % busy two at a time (139 core-seconds in 299 s) and 56 % six at a time (140 in
 * 124 s), each target taking about as long as alone, with the same answers.
 */
export const DEFAULT_RUN_JOBS = Math.max(DEFAULT_JOBS, Math.min(8, 3 * availableParallelism()));
export const MAX_JOBS = 64;

/**
 * Without --jobs, a probe run may start up to twice as many targets again while the machine has been less than 60 %
 * busy over the last 1.5 s, and, once only the last eight are left to start, less than 90 % busy (run-pool.ts): six
 * at a time, the CPUs stood 15–30 % busy for half a minute at a stretch while every target sat in a blink watch, and
 * the short targets left for the end waited for the CPUs to fall idle. `run --target all` on 2 cores: 128 s six to
 * nine at a time; 82–86 s in three runs of four with these settings (91 s in the fourth), misreading 0–2 screen cells of
 * the kinds six at a time misreads now and then. Every setting measured, and those not kept, in docs/pixels.md
 * ("More targets while the CPUs idle", "Emacs's background compiler…").
 */
export function spareCpu(jobs: number): SpareCpu {
  const overMs = 1500;
  const debug = process.env['TERMPROBE_DEBUG_POOL'] ? (running: number, busy: number) => process.stderr.write(`[pool] one more target: ${running} at once, the CPUs ${(busy * 100).toFixed(0)} % busy over ${overMs / 1000} s\n`) : undefined;
  return { max: 3 * jobs, idleBelow: 0.6, lastFew: { left: 8, busyBelow: 0.9 }, overMs, ...(debug ? { onExtra: debug } : {}) };
}

export function parseJobs(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_JOBS) throw new UsageError(`--jobs "${text}" is not a whole number from 1 to ${MAX_JOBS} (targets run at once; default ${DEFAULT_RUN_JOBS} here)`);
  return n;
}

export function jobsOption(): Option {
  return new Option('-j, --jobs <n>', `targets run at once when several are named, 1 to ${MAX_JOBS} (default: ${DEFAULT_RUN_JOBS} here, three per core and at most 8, and up to twice as many more while the CPUs stand less than 60 % busy, the last eight less than 90 %; ${DEFAULT_JOBS} with --suite unicode)`).argParser(parseJobs);
}
