/**
 * `--width <columns>`: how wide a report may be (the bare command, `run`,
 * `compare`). Without it: the terminal's width when stdout is one, else
 * $COLUMNS when set, else no limit (a file or a pipe gets every column whole).
 */
import { Option } from 'commander';
import { UsageError } from '../errors.js';

export const MIN_WIDTH = 20;
export const MAX_WIDTH = 10_000;

export function parseWidth(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < MIN_WIDTH || n > MAX_WIDTH) throw new UsageError(`--width "${text}" is not a whole number of columns from ${MIN_WIDTH} to ${MAX_WIDTH}`);
  return n;
}

export function widthOption(): Option {
  return new Option('--width <columns>', `fit tables and reports to this many columns, ${MIN_WIDTH} to ${MAX_WIDTH} (default: the terminal's width; no limit when stdout is a file or a pipe, unless $COLUMNS is set)`).argParser(parseWidth);
}

/** The width to fit to: --width, the terminal's, $COLUMNS, or undefined for no limit. */
export function outputWidth(given: number | undefined): number | undefined {
  if (given !== undefined) return given;
  if (process.stdout.isTTY && process.stdout.columns) return Math.max(MIN_WIDTH, process.stdout.columns);
  const env = Number(process.env['COLUMNS']);
  return Number.isInteger(env) && env >= MIN_WIDTH ? env : undefined;
}
