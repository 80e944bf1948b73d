/**
 * Cells of an @xterm/headless buffer in canonical form. xterm.js keeps the
 * colour mode per cell (default, palette, RGB), so the mapping is exact.
 */
import type { IBuffer, IBufferCell } from '@xterm/headless';
import type { Cell, Color } from '../results/results-schema.js';
import { buildStyle, paletteColor, rgbColor } from './canonical-style.js';
import type { CellReader } from './region-read.js';

function fgOf(cell: IBufferCell): Color | undefined {
  if (cell.isFgPalette()) return paletteColor(cell.getFgColor());
  if (cell.isFgRGB()) return rgbColor(cell.getFgColor());
  return undefined;
}

function bgOf(cell: IBufferCell): Color | undefined {
  if (cell.isBgPalette()) return paletteColor(cell.getBgColor());
  if (cell.isBgRGB()) return rgbColor(cell.getBgColor());
  return undefined;
}

/** One cell: '' for the right half of a wide character, ' ' for a cell never written. */
export function toCanonicalCell(cell: IBufferCell): Cell {
  const w = cell.getWidth();
  const chars = cell.getChars();
  const t = w === 0 ? '' : chars === '' ? ' ' : chars;
  const s = buildStyle({
    bold: cell.isBold() !== 0,
    dim: cell.isDim() !== 0,
    italic: cell.isItalic() !== 0,
    underline: cell.isUnderline() !== 0,
    reverse: cell.isInverse() !== 0,
    fg: fgOf(cell),
    bg: bgOf(cell),
  });
  return s ? { t, w, s } : { t, w };
}

/** A reader over the active screen (the bottom `rows` lines of the active buffer). */
export function xtermCellReader(buffer: IBuffer): CellReader {
  const scratch = buffer.getNullCell();
  return (row, col) => {
    const line = buffer.getLine(buffer.baseY + row);
    const cell = line?.getCell(col, scratch);
    if (!cell) throw new RangeError(`xterm.js has no cell at row ${row + 1}, column ${col + 1}`);
    return toCanonicalCell(cell);
  };
}
