/**
 * Where the cells are, from the terminal's own drawing: a solid cell (reverse
 * video) in the top-left and the bottom-right corner of the grid, against the
 * same screen cleared. The first solid cell is the first cell's box; from it to
 * the far edge of the last one the grid spans `cols` × `rows` cells. No
 * pointer, no mouse reports: it works where those do not (terminology) and where
 * termprobe must not click (the user's own window).
 */
import type { Rect } from '../x-image-requests.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pictureOf, sameBytes, type Frame } from '../x-picture.js';
import { BLANK_PAGE, gridFinderBytes, gridFinderFar } from './calibration-sheet.js';
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
/** How long the marked and the cleared screen are drawn again while no pair of frames shows the two cells. */
const MARKS_MS = 10_000;
/**
 * How long, and over how many tries, a window none of whose pixels changes from frame to frame is given before it
 * counts as drawing nothing: cool-retro-term 1.2.0 under the software renderer changed once in its first tries and
 * never again, whatever was written (its whole ten seconds were spent at every start, twice a run with its fresh
 * instance for the input probes); a lagging view (pterm) shows its first change within a try or two, and one that
 * draws what is written changes every frame.
 */
const STILL_MS = 3000;
const STILL_TRIES = 3;

/**
 * The two solid cells: a box of pixels that changed to one colour between the frames, and another of the same size
 * and colour a grid's width and height further (other changes — a scroll bar the clear redrew, GTK's, pterm's or
 * tilix's — are other colours or shapes); the first box, and the box around both.
 */
function differences(a: Frame, b: Frame, cols: number, rows: number): { first: Rect; all: Rect } | undefined {
  const { width, height } = a.rect;
  const at = (f: Frame, x: number, y: number) => (f.rgb[(y * width + x) * 3]! << 16) | (f.rgb[(y * width + x) * 3 + 1]! << 8) | f.rgb[(y * width + x) * 3 + 2]!;
  const changedTo = (x: number, y: number, c: number) => x >= 0 && y >= 0 && x < width && y < height && at(a, x, y) === c && at(b, x, y) !== c;
  const solid = (x: number, y: number, w: number, h: number, c: number) => {
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) if (!changedTo(x + i, y + j, c)) return false;
    return true;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = at(a, x, y);
      // A box's top-left corner: changed, and neither its left nor its upper neighbour changed to the same colour.
      if (!changedTo(x, y, c) || changedTo(x - 1, y, c) || changedTo(x, y - 1, c)) continue;
      let w = 1;
      while (changedTo(x + w, y, c)) w++;
      let h = 1;
      while (changedTo(x, y + h, c)) h++;
      if (w < 3 || h < 5 || !solid(x, y, w, h, c)) continue;
      const cell = gridFinderFar(cols, rows);
      const far = { x: x + (cell.col - 1) * w, y: y + (cell.row - 1) * h };
      if (!solid(far.x, far.y, w, h, c) || changedTo(far.x + w, far.y, c) || changedTo(far.x, far.y + h, c)) continue;
      return { first: { x, y, width: w, height: h }, all: { x, y, width: cols * w, height: rows * h } };
    }
  }
  return undefined;
}

/** The grid of `cols` × `rows` cells within `area` (window coordinates: the window, or foot's part of weston's). */
export async function findGrid(deps: GridFinderDeps, area: Rect, cols: number, rows: number, marksMs = MARKS_MS, stillMs = STILL_MS): Promise<PixelGrid> {
  // The marked screen, then the cleared one, again until a pair shows the two cells (or marksMs pass): under load
  // (28 targets at once) xfce4-terminal once gave a first frame from before it drew the cells, and sakura (VTE
  // 0.70.6), six targets at a time, found none in two tries in one full run of three, where alone it finds them in
  // its first; a terminal that draws nothing fails once the time is up. (The cleared screen comes second: each frame
  // then follows a change, so a lagging view, which draws only what changed, is not waited for in vain.)
  const t0 = performance.now();
  let found: ReturnType<typeof differences>;
  let tries = 0;
  const dump = process.env['TERMPROBE_DEBUG_PIXELS'];
  // The last frame, and when and at which try a frame last differed from the one before it.
  let last: Frame | undefined;
  let changedAt = { ms: t0, tries: 0 };
  const still = () => tries - changedAt.tries >= STILL_TRIES && performance.now() - changedAt.ms >= Math.min(stillMs, marksMs);
  while (!found && (tries === 0 || performance.now() - t0 < marksMs) && !still()) {
    tries++;
    await deps.exchange(gridFinderBytes(cols, rows));
    const marked = await deps.frame(area, FIRST_FRAME_MS);
    await deps.exchange(BLANK_PAGE);
    const blank = await deps.frame(area);
    if (dump) for (const [name, f] of [[`grid-marked-${tries}`, marked], [`grid-blank-${tries}`, blank]] as const) writeFileSync(join(dump, `${name}.png`), pictureOf(f).png);
    if ((last && !sameBytes(marked.rgb, last.rgb)) || !sameBytes(blank.rgb, marked.rgb)) changedAt = { ms: performance.now(), tries };
    last = blank;
    found = differences(marked, blank, cols, rows);
  }
  const over = `in ${tries} tr${tries === 1 ? 'y' : 'ies'} over ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  if (!found && still()) throw new CalibrationError(`the terminal drew nothing where two reverse-video cells were written and cleared (not a pixel of its window changed in its last ${tries - changedAt.tries} tries over ${((performance.now() - changedAt.ms) / 1000).toFixed(1)} s; ${tries} tries in all)`);
  if (!found) throw new CalibrationError(`the terminal drew nothing where two reverse-video cells were written (no grid found on its window ${over})`);
  const cellW = found.all.width / cols;
  const cellH = found.all.height / rows;
  const whole = (v: number) => Math.abs(v - Math.round(v)) < 0.02;
  if (!whole(cellW) || !whole(cellH) || Math.abs(found.first.width - cellW) > 1 || Math.abs(found.first.height - cellH) > 1) {
    throw new CalibrationError(`the cells found on the window are not whole pixels of one size (first cell ${found.first.width}×${found.first.height} px, ${cols}×${rows} cells over ${found.all.width}×${found.all.height} px)`);
  }
  return { x0: area.x + found.all.x, y0: area.y + found.all.y, cellW: Math.round(cellW), cellH: Math.round(cellH) };
}
