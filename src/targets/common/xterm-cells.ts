/**
 * Cells of an @xterm/headless buffer in canonical form. xterm.js keeps the
 * colour mode per cell (default, palette, RGB), so the mapping is exact.
 */
import type { IBuffer, IBufferCell } from '@xterm/headless';
import type { Cell, Color } from '../../results/results-schema.js';
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

/**
 * What xterm.js's cell object holds beyond the public IBufferCell (its AttributeData
 * methods, @xterm/headless 6.0.0): the underline style and an explicit underline
 * colour. Read only when present, so a release without them records neither.
 */
interface ExtendedCell {
  getUnderlineStyle?(): number;
  extended?: { underlineColor: number };
  bg?: number;
}

const HAS_EXTENDED = 0x10000000;
const CM_MASK = 0x3000000;
const CM_RGB = 0x3000000;

function underlineColourOf(cell: ExtendedCell): Color | undefined {
  const uc = cell.extended?.underlineColor;
  // -1 (all bits set, however stored) means "no colour of its own": xterm.js tests ~underlineColor the same way.
  if (uc === undefined || ~uc === 0 || ((cell.bg ?? 0) & HAS_EXTENDED) === 0) return undefined;
  const mode = uc & CM_MASK;
  if (mode === 0) return undefined;
  return mode === CM_RGB ? rgbColor(uc & 0xffffff) : paletteColor(uc & 0xff);
}

/** Cell flags the public IBufferCell has gained over the releases: an earlier release (release-targets.ts) may lack the accessor. */
export const LATER_CELL_FLAGS = ['isBlink', 'isInvisible', 'isStrikethrough', 'isOverline'] as const;
type LaterFlag = (typeof LATER_CELL_FLAGS)[number];

/** The flag, or false when this release exposes no accessor for it (its settings say which: missingCellFlags). */
function laterFlag(cell: IBufferCell, name: LaterFlag): boolean {
  const read = (cell as unknown as Partial<Record<LaterFlag, () => number>>)[name];
  return typeof read === 'function' ? read.call(cell) !== 0 : false;
}

/** The later flags a release's cells cannot report. */
export function missingCellFlags(cell: IBufferCell): string[] {
  return LATER_CELL_FLAGS.filter((n) => typeof (cell as unknown as Record<string, unknown>)[n] !== 'function').map((n) => n.slice(2).toLowerCase());
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
    underlineStyle: (cell as unknown as ExtendedCell).getUnderlineStyle?.(),
    underlineColor: underlineColourOf(cell as unknown as ExtendedCell),
    blink: laterFlag(cell, 'isBlink'),
    reverse: cell.isInverse() !== 0,
    invisible: laterFlag(cell, 'isInvisible'),
    strikethrough: laterFlag(cell, 'isStrikethrough'),
    overline: laterFlag(cell, 'isOverline'),
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
