/** `--jobs <n>`: targets run at once when a run names several, 1 to 64. */
import { Option } from 'commander';
import { UsageError } from '../errors.js';

/** Two suits a 2-core machine. */
export const DEFAULT_JOBS = 2;
export const MAX_JOBS = 64;

export function parseJobs(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_JOBS) throw new UsageError(`--jobs "${text}" is not a whole number from 1 to ${MAX_JOBS} (targets run at once; default ${DEFAULT_JOBS})`);
  return n;
}

export function jobsOption(): Option {
  return new Option('-j, --jobs <n>', `targets run at once when several are named, 1 to ${MAX_JOBS}`).argParser(parseJobs).default(DEFAULT_JOBS);
}
