/**
 * Reading a screen region out of an emulator that hosts its own buffer: the
 * target supplies one cell at a time, this module checks the region and builds
 * the ScreenAnswer (cells, and each row's text with trailing spaces trimmed).
 */
import type { Region } from '../../corpus/probe-schema.js';
import type { Cell, ScreenAnswer } from '../../results/results-schema.js';

/** Reads the cell at a 0-based (row, col) of the visible screen. */
export type CellReader = (row: number, col: number) => Cell;

export class RegionError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'RegionError';
  }
}

/** Throw unless the 1-based, inclusive region lies on a cols×rows screen. */
export function validateRegion(region: Region, cols: number, rows: number): void {
  const { top, left, bottom, right } = region;
  const where = `region ${top},${left}–${bottom},${right}`;
  if (top < 1 || left < 1 || bottom < top || right < left) {
    throw new RegionError(`${where} is empty or not 1-based; give top ≤ bottom and left ≤ right, all from 1`);
  }
  if (bottom > rows || right > cols) {
    throw new RegionError(`${where} does not fit the ${cols}x${rows} screen; shrink the region or give the probe a larger size`);
  }
}

/** The text a row of cells shows: each cell's text (continuation halves add nothing), trailing spaces trimmed. */
export function rowText(cells: readonly Cell[]): string {
  return cells.map((c) => c.t).join('').replace(/ +$/, '');
}

/** Read every cell of the region and build the hosted screen answer. */
export function readRegion(region: Region, cols: number, rows: number, readCell: CellReader): ScreenAnswer {
  validateRegion(region, cols, rows);
  const cells: Cell[][] = [];
  for (let row = region.top - 1; row < region.bottom; row++) {
    const line: Cell[] = [];
    for (let col = region.left - 1; col < region.right; col++) line.push(readCell(row, col));
    cells.push(line);
  }
  return { via: 'hosted', region: { ...region }, text: cells.map(rowText), cells };
}
