/**
 * Cells of Ghostty's wasm render state in canonical form. The engine hands out
 * resolved RGB colours only, not how a colour was chosen, so the terminal is
 * created with a tagged palette: default fg/bg and palette 0–15 get RGB values
 * no probe is expected to use (#5aa5xx, not on the 256-colour cube), and each
 * colour read back is mapped home: tag → default or base-16 name, a standard
 * 256-colour value → its index (16–255), anything else → #rrggbb.
 * Limit: a truecolour equal to a 16–255 palette value reads as that index.
 */
import type { GhosttyCell, GhosttyTerminal } from 'ghostty-web';
import type { Color } from '../../results/results-schema.js';
import { buildStyle, packRgb, paletteColor, rgbColor, standardPaletteRgb } from '../common/canonical-style.js';
import type { CellReader } from '../common/region-read.js';

const TAG_BASE = 0x5aa510;
const TAG_FG = TAG_BASE + 0x10;
const TAG_BG = TAG_BASE + 0x11;

/** ghostty-web's terminal config with the tagged colours. */
export const TAGGED_COLOURS = {
  fgColor: TAG_FG,
  bgColor: TAG_BG,
  palette: Array.from({ length: 16 }, (_, i) => TAG_BASE + i),
};

const STANDARD_INDEX = new Map<number, number>();
for (let i = 16; i < 256; i++) STANDARD_INDEX.set(standardPaletteRgb(i), i);

// Ghostty's CellFlags bits (ghostty-web dist/index.d.ts).
const BOLD = 1;
const ITALIC = 2;
const UNDERLINE = 4;
const STRIKETHROUGH = 8;
const INVERSE = 16;
const INVISIBLE = 32;
const BLINK = 64;
const FAINT = 128;

function colourOf(rgb: number, defaultTag: number): Color | undefined {
  if (rgb === defaultTag) return undefined;
  if (rgb >= TAG_BASE && rgb < TAG_BASE + 16) return paletteColor(rgb - TAG_BASE);
  const index = STANDARD_INDEX.get(rgb);
  return index === undefined ? rgbColor(rgb) : index;
}

function styleOf(cell: GhosttyCell) {
  return buildStyle({
    bold: (cell.flags & BOLD) !== 0,
    dim: (cell.flags & FAINT) !== 0,
    italic: (cell.flags & ITALIC) !== 0,
    underline: (cell.flags & UNDERLINE) !== 0,
    reverse: (cell.flags & INVERSE) !== 0,
    strikethrough: (cell.flags & STRIKETHROUGH) !== 0,
    invisible: (cell.flags & INVISIBLE) !== 0,
    blink: (cell.flags & BLINK) !== 0,
    fg: colourOf(packRgb(cell.fg_r, cell.fg_g, cell.fg_b), TAG_FG),
    bg: colourOf(packRgb(cell.bg_r, cell.bg_g, cell.bg_b), TAG_BG),
  });
}

/**
 * A reader over a snapshot of the visible screen. Width-0 cells are the right
 * half of a wide character, except a "spacer head" (the column left blank when
 * a wide character wrapped early), which is shown as the blank cell it is.
 */
export function ghosttyCellReader(term: GhosttyTerminal): CellReader {
  term.update();
  const cells = term.getViewport();
  const cols = term.cols;
  return (row, col) => {
    const cell = cells[row * cols + col];
    if (!cell) throw new RangeError(`ghostty has no cell at row ${row + 1}, column ${col + 1}`);
    const s = styleOf(cell);
    let t: string;
    let w = cell.width;
    if (w === 0 && col > 0 && cells[row * cols + col - 1]?.width === 2) t = '';
    else if (w === 0) [t, w] = [' ', 1];
    else if (cell.grapheme_len > 0) t = term.getGraphemeString(row, col);
    else t = cell.codepoint === 0 ? ' ' : String.fromCodePoint(cell.codepoint);
    return s ? { t, w, s } : { t, w };
  };
}
