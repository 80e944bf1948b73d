/** `--size <COLSxROWS>`: the terminal size for targets that can be sized, each side 2 to 1000 (`run`, `probe`, `show`). */
import { Option } from 'commander';
import { UsageError } from '../errors.js';

export interface Size {
  cols: number;
  rows: number;
}

export const MIN_SIDE = 2;
export const MAX_SIDE = 1000;
export const DEFAULT_SIZE: Size = { cols: 80, rows: 24 };

/** COLSxROWS, or undefined when the text is not one (sizes in the corpus are checked by its schema). */
export function readSize(text: string): Size | undefined {
  const m = /^(\d+)x(\d+)$/.exec(text);
  return m ? { cols: Number(m[1]), rows: Number(m[2]) } : undefined;
}

export function parseSize(text: string): Size {
  const size = readSize(text.trim());
  const fits = (n: number) => n >= MIN_SIDE && n <= MAX_SIDE;
  if (!size || !fits(size.cols) || !fits(size.rows)) {
    throw new UsageError(`--size "${text}" is not COLSxROWS with columns and rows each from ${MIN_SIDE} to ${MAX_SIDE} (e.g. 80x24)`);
  }
  return size;
}

export function sizeOption(description: string): Option {
  return new Option('--size <COLSxROWS>', `${description}; columns and rows each ${MIN_SIDE} to ${MAX_SIDE}`).argParser(parseSize).default(DEFAULT_SIZE, '80x24');
}
