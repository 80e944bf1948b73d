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
 * Without --jobs, a probe run may start up to twice as many targets again while the machine has been
 * less than 60 % busy over the last 1.5 s, and, once only the last eight are left to start, less than 90 % busy
 * (run-pool.ts): in a run of every target six at a time the CPUs stood 15–30 % busy for half a minute at a stretch,
 * and full for the last forty seconds, where the cheap waits had all been done.
 * `run --target all` on 2 cores, the same machine within the hour: up to 9 judged over 3 s, 128 and 127 s (its screen cells
 * read otherwise than the published files: 0, 2 and 1 in three runs); up to 12 over 3 s, 113 and 114 s; over 1.5 s,
 * 111 and 114 s (2 and 1 cells); up to 15 over 3 s, 108 s; over 1.5 s, 103 s twice (3 and 2 cells: the kinds six at
 * a time misreads now and then, a cursor's blink, a frame of qterminal's or pterm's lagging view, terminology's tab
 * line). Up to 18 with the CPUs under 70 % busy took 98 s and misread 7 cells.
 * Later (Emacs compiling nothing, 5dd050a; ghostty-web's page painting nothing, 53711e6), up to 15: under 50 % busy,
 * 95 s (2 cells), the CPUs 50–77 % busy for the first 45 s while the last eight, the shortest, started from 68 s on;
 * under 60 %, 91 s (2 cells); under 65 % and the last ten under 95 %, 92 s (2 cells); under 60 % and the last eight
 * under 90 %, 87 and 85 s (2 and 3 cells), and 60 s without the input probes; the same up to 18, 86 and 82 s (2 and 0
 * cells); up to 20, 84 s (3 cells, and two input answers of the kinds known to move under load).
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
