/**
 * Where the cells are, from the terminal's own drawing: a solid cell (reverse
 * video) in the top-left and the bottom-right corner of the grid, against the
 * same screen cleared. The first solid cell is the first cell's box; from it to
 * the far edge of the last one the grid spans `cols` × `rows` cells. No
 * pointer, no mouse reports: it works where those do not (terminology) and where
 * termprobe must not click (the user's own window).
 */
import type { Rect } from '../x-image-requests.js';
import type { Frame } from '../x-picture.js';
import { BLANK_PAGE, gridFinderBytes } from './calibration-sheet.js';
import type { PixelGrid } from './cell-image.js';
import { CalibrationError } from './learn-model.js';

export interface GridFinderDeps {
  /** Writes bytes to the terminal and resolves once it has processed them. */
  exchange: (bytes: string) => Promise<unknown>;
  /** The pixels of `rect` (window coordinates) once the terminal has drawn its state, waiting up to `waitMs` for a drawing. */
  frame: (rect: Rect, waitMs?: number) => Promise<Frame>;
}

/** How long the first frames may take: zutty 0.14 answered its first exposure about 1 s after it started (measured), GL set up. */
const FIRST_FRAME_MS = 5000;

/**
 * The two solid cells: of the pixels that differ between the frames, grouped by their colour in the first, the
 * group that is exactly two solid boxes of one size (other changes — a scroll bar the clear redrew, GTK's or
 * pterm's — are other colours or shapes); the first box, and the box around both.
 */
function differences(a: Frame, b: Frame): { first: Rect; all: Rect } | undefined {
  const { width, height } = a.rect;
  const at = (f: Frame, x: number, y: number) => (f.rgb[(y * width + x) * 3]! << 16) | (f.rgb[(y * width + x) * 3 + 1]! << 8) | f.rgb[(y * width + x) * 3 + 2]!;
  const groups = new Map<number, { count: number; minX: number; minY: number; maxX: number; maxY: number }>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = at(a, x, y);
      if (c === at(b, x, y)) continue;
      const g = groups.get(c);
      if (!g) groups.set(c, { count: 1, minX: x, minY: y, maxX: x, maxY: y });
      else {
        g.count++;
        g.minX = Math.min(g.minX, x);
        g.maxX = Math.max(g.maxX, x);
        g.maxY = Math.max(g.maxY, y);
      }
    }
  }
  for (const [c, g] of groups) {
    const solid = (x: number, y: number) => at(a, x, y) === c && at(b, x, y) !== c;
    let right = g.minX;
    while (right + 1 <= g.maxX && solid(right + 1, g.minY)) right++;
    let bottom = g.minY;
    while (bottom + 1 <= g.maxY && solid(g.minX, bottom + 1)) bottom++;
    const first = { x: g.minX, y: g.minY, width: right - g.minX + 1, height: bottom - g.minY + 1 };
    if (g.count === 2 * first.width * first.height) return { first, all: { x: g.minX, y: g.minY, width: g.maxX - g.minX + 1, height: g.maxY - g.minY + 1 } };
  }
  return undefined;
}

/** The grid of `cols` × `rows` cells within `area` (window coordinates: the window, or foot's part of weston's). */
export async function findGrid(deps: GridFinderDeps, area: Rect, cols: number, rows: number): Promise<PixelGrid> {
  await deps.exchange(gridFinderBytes(cols, rows));
  const marked = await deps.frame(area, FIRST_FRAME_MS);
  await deps.exchange(BLANK_PAGE);
  const blank = await deps.frame(area);
  const found = differences(marked, blank);
  if (!found) throw new CalibrationError('the terminal drew nothing where two reverse-video cells were written (no grid found on its window)');
  const cellW = found.all.width / cols;
  const cellH = found.all.height / rows;
  const whole = (v: number) => Math.abs(v - Math.round(v)) < 0.02;
  if (!whole(cellW) || !whole(cellH) || Math.abs(found.first.width - cellW) > 1 || Math.abs(found.first.height - cellH) > 1) {
    throw new CalibrationError(`the cells found on the window are not whole pixels of one size (first cell ${found.first.width}×${found.first.height} px, ${cols}×${rows} cells over ${found.all.width}×${found.all.height} px)`);
  }
  return { x0: area.x + found.all.x, y0: area.y + found.all.y, cellW: Math.round(cellW), cellH: Math.round(cellH) };
}
