/** `--window <n>`: probes written ahead of their answers, 1 to 1000 (bare command and `run`). */
import { Option } from 'commander';
import { DEFAULT_WINDOW, MAX_WINDOW } from '../../engine/window.js';
import { UsageError } from '../errors.js';

export function parseWindow(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_WINDOW) throw new UsageError(`--window "${text}" is not a whole number from 1 to ${MAX_WINDOW} (probes in flight at once; default ${DEFAULT_WINDOW})`);
  return n;
}

export function windowOption(): Option {
  return new Option('--window <n>', `probes in flight at once, 1 to ${MAX_WINDOW} (default ${DEFAULT_WINDOW}; 1: one at a time)`).argParser(parseWindow);
}
