/** `--jobs <n>`: targets run at once when a run names several, 1 to 64. */
import { availableParallelism } from 'node:os';
import { Option } from 'commander';
import { UsageError } from '../errors.js';

/** For work that keeps a core busy (the Unicode width suite): two suit a 2-core machine. */
export const DEFAULT_JOBS = 2;

/**
 * For probe runs: three per core, at most 8. A probe run waits far more than it works: `run --target all` on a quiet
 * 2-core machine kept the cores 23 % busy two at a time (139 core-seconds in 299 s) and 56 % six at a time (140 in
 * 124 s), each target taking about as long as alone, with the same answers.
 */
export const DEFAULT_RUN_JOBS = Math.max(DEFAULT_JOBS, Math.min(8, 3 * availableParallelism()));
export const MAX_JOBS = 64;

export function parseJobs(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_JOBS) throw new UsageError(`--jobs "${text}" is not a whole number from 1 to ${MAX_JOBS} (targets run at once; default ${DEFAULT_RUN_JOBS} here)`);
  return n;
}

export function jobsOption(): Option {
  return new Option('-j, --jobs <n>', `targets run at once when several are named, 1 to ${MAX_JOBS} (default: ${DEFAULT_RUN_JOBS} here, three per core and at most 8; ${DEFAULT_JOBS} with --suite unicode)`).argParser(parseJobs);
}
