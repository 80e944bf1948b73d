/**
 * `--instances <n>` (init, gate): instances of the terminal run at once, each on
 * its share of the probes (engine/run-sharded.ts), 1 to 16. By default 16 for an
 * `x11:` command — read through the X selection with its drags 650 ms apart, it
 * waits far more than it works (with 1,113 probes: 12.1 s at 16, 14.6 s at 12,
 * 11.5 s at 24 for a third more CPU than 16) — and 1 for every other target.
 */
import { Option } from 'commander';
import { UsageError } from '../errors.js';

export const MAX_INSTANCES = 16;
export const X11_INSTANCES = 16;

export function parseInstances(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_INSTANCES) throw new UsageError(`--instances "${text}" is not a whole number from 1 to ${MAX_INSTANCES} (instances of the terminal run at once)`);
  return n;
}

export function instancesOption(): Option {
  return new Option('--instances <n>', `instances of the terminal run at once, each on its share of the probes, 1 to ${MAX_INSTANCES} (default: ${X11_INSTANCES} for an x11: command, else 1)`).argParser(parseInstances);
}

export function defaultInstances(target: string): number {
  return target.startsWith('x11:') ? X11_INSTANCES : 1;
}
