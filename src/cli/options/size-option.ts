/**
 * `--size <COLSxROWS>`: the terminal size for targets that can be sized (`run`,
 * `probe`, `show`, `fuzz`: 20x5 to 1000x1000, the sizes the corpus runs at, see
 * corpus/probe-needs.ts; `record`: 2x2 up, any program's size).
 */
import { Option } from 'commander';
import { MIN_SIZE } from '../../corpus/probe-needs.js';
import { UsageError } from '../errors.js';

export interface Size {
  cols: number;
  rows: number;
}

export const MAX_SIDE = 1000;
export const DEFAULT_SIZE: Size = { cols: 80, rows: 24 };
/** The least size of a pseudo-terminal a recorded program may be given. */
export const RECORD_MIN_SIZE: Size = { cols: 2, rows: 2 };

/** COLSxROWS, or undefined when the text is not one (sizes in the corpus are checked by its schema). */
export function readSize(text: string): Size | undefined {
  const m = /^(\d+)x(\d+)$/.exec(text);
  return m ? { cols: Number(m[1]), rows: Number(m[2]) } : undefined;
}

const range = (min: Size) => `columns ${min.cols} to ${MAX_SIDE} and rows ${min.rows} to ${MAX_SIDE}`;

export function parseSize(text: string, min: Size = MIN_SIZE): Size {
  const size = readSize(text.trim());
  if (!size || size.cols < min.cols || size.rows < min.rows || size.cols > MAX_SIDE || size.rows > MAX_SIDE) {
    throw new UsageError(`--size "${text}" is not COLSxROWS with ${range(min)} (e.g. 80x24)`);
  }
  return size;
}

export function sizeOption(description: string, min: Size = MIN_SIZE): Option {
  return new Option('--size <COLSxROWS>', `${description}; ${range(min)}`).argParser((text) => parseSize(text, min)).default(DEFAULT_SIZE, '80x24');
}
