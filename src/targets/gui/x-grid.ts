/**
 * Where the terminal's window is on the private display, and where its grid's
 * cells are on that window, learned from the terminal's own mouse reports: with
 * mouse reporting on (normal tracking, SGR form), the pointer presses at points
 * near the window's centre and the terminal names the cell under each (the press
 * goes to the program, not to a selection); two column boundaries up to ten cells
 * apart, and two row boundaries, give the cell size to a tenth of a pixel.
 * Toolkit chrome (menu bars, tab bars, scroll bars) is thereby never clicked.
 */
import { ScreenReadError } from './gui-screen-read.js';
import { MOUSE_MODES_OFF } from './mouse-mode-tracker.js';
import type { XLink } from './x-link.js';
import { EV, fakeInput, getGeometry, isViewable, queryChildren, rootPosition } from './x11-requests.js';

export interface TerminalWindow {
  id: number;
  width: number;
  height: number;
  /** The window's origin on the root window (XTEST moves the pointer in root coordinates). */
  rootX: number;
  rootY: number;
}

export interface Grid {
  x0: number;
  y0: number;
  cellW: number;
  cellH: number;
}

/** Smaller than this, a window cannot be a terminal's 80×24 (or any) grid: it is one still being mapped or sized. */
const MIN_WINDOW = { width: 64, height: 32 };
/** How long the terminal has to show a window of that size (it answers DA1 before its window is mapped now and then). */
const WINDOW_LIMIT_MS = 10_000;

/**
 * The terminal's window: the largest viewable top-level window on the private display, once it is at least
 * MIN_WINDOW: qterminal answered before its window was sized, and a 1×1 window was taken for it (every selection
 * read blank, every picture 1×1 or refused), in one fresh test run and one full run.
 */
export async function findTerminalWindow(link: XLink): Promise<TerminalWindow> {
  let last: TerminalWindow | undefined;
  const found = await link.waitFor({
    limitMs: WINDOW_LIMIT_MS,
    check: async () => {
      last = await largestWindow(link);
      return last && last.width >= MIN_WINDOW.width && last.height >= MIN_WINDOW.height ? last : undefined;
    },
  });
  if (found) return found;
  throw new ScreenReadError(last ? `the terminal's window is ${last.width}×${last.height} px after ${WINDOW_LIMIT_MS / 1000} s (at least ${MIN_WINDOW.width}×${MIN_WINDOW.height} expected)` : 'no visible terminal window on the display');
}

async function largestWindow(link: XLink): Promise<TerminalWindow | undefined> {
  const { x } = link;
  let best: TerminalWindow | undefined;
  for (const id of await queryChildren(x, x.setup.root)) {
    if (id === link.helper || !(await isViewable(x, id).catch(() => false))) continue;
    const geometry = await getGeometry(x, id).catch(() => undefined);
    if (!geometry || (best && geometry.width * geometry.height <= best.width * best.height)) continue;
    const origin = await rootPosition(x, id).catch(() => undefined);
    if (origin) best = { id, ...geometry, rootX: origin.x, rootY: origin.y };
  }
  return best;
}

/**
 * Whether `cols`×`rows` cells of `grid` lie inside the window, give or take one cell on each side (a measured
 * origin may sit a few pixels outside: qterminal's is at x = -3).
 */
export function gridFits(grid: Grid, window: Pick<TerminalWindow, 'width' | 'height'>, cols: number, rows: number): boolean {
  const { x0, y0, cellW, cellH } = grid;
  if (!(cellW >= 1 && cellH >= 1) || !Number.isFinite(x0) || !Number.isFinite(y0)) return false;
  return x0 >= -cellW && y0 >= -cellH && x0 + cols * cellW <= window.width + cellW && y0 + rows * cellH <= window.height + cellH;
}

/** A measured grid that does not fit the terminal's window (still a ScreenReadError: it costs a read, not the run). */
export class GridMismatchError extends ScreenReadError {}

/**
 * The grid, if it fits the window; otherwise GridMismatchError. A grid that cannot be the window's (a click's
 * report lost or misread, or a window found while it was still being sized) would drag over nothing and crop
 * pictures out of the window: callers measure again, the window looked up again, before they give up.
 */
function fitting(grid: Grid, window: TerminalWindow, cols: number, rows: number): Grid {
  if (gridFits(grid, window, cols, rows)) return grid;
  throw new GridMismatchError(`the grid measured (${cols}×${rows} cells of ${grid.cellW}×${grid.cellH} px from ${grid.x0},${grid.y0}) does not fit the terminal's ${window.width}×${window.height} window`);
}

export type Point = [number, number];

/** Where a drag presses (two choices, a third of a cell apart), where it ends, and a point inside the grid. */
export interface DragPoints {
  start: Point;
  startAlt: Point;
  end: Point;
  centre: Point;
}

/** A mouse report, 1-based; `pressed` false for a release the terminal reported with no press before it. */
interface MouseCell {
  col: number;
  row: number;
  pressed: boolean;
}

const REPORT_LIMIT_MS = 3000;

/** Mouse reports among the terminal's replies: SGR form, or the X10 form where SGR is not spoken. */
class ReportReader {
  private text = '';
  private pressed: MouseCell | undefined;
  /** Per click: its press, or its release alone (a press the terminal did not report). */
  readonly clicks: MouseCell[] = [];

  feed(chunk: Uint8Array): void {
    this.text += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    const re = /\x1b\[<(\d+);(\d+);(\d+)([Mm])|\x1b\[M([\x20-\xff])([\x20-\xff])([\x20-\xff])/g;
    let last = 0;
    for (let m: RegExpExecArray | null; (m = re.exec(this.text)); ) {
      last = re.lastIndex;
      const sgr = m[1] !== undefined;
      const code = sgr ? Number(m[1]) : m[5]!.charCodeAt(0) - 32;
      const cell = sgr ? { col: Number(m[2]), row: Number(m[3]) } : { col: m[6]!.charCodeAt(0) - 32, row: m[7]!.charCodeAt(0) - 32 };
      if (code & 32 || code & 64) continue; // motion, wheel
      const release = sgr ? m[4] === 'm' : (code & 3) === 3;
      if (!release && (code & 3) === 0) {
        this.pressed = { ...cell, pressed: true };
      } else if (release) {
        this.clicks.push(this.pressed ?? { ...cell, pressed: false });
        this.pressed = undefined;
      }
    }
    this.text = this.text.slice(last).slice(-64);
  }
}

type Click = (wx: number, wy: number) => Promise<MouseCell>;

/**
 * Run `use` with mouse reporting on (mode 1000, SGR form) and a click that returns the cell the terminal reports;
 * then off, and the pointer moved to `park` (a point of the window), or out of the window.
 *
 * A click is done when its release has been reported, not its press: konsole 22.12.3, given the next click while
 * the last one's release was still unreported, reported that release at the new click's cell and never reported the
 * new click at all (its press nor its release), in 1 measurement of about 10 under load: the grid went unmeasured
 * and every middle-click paste of the run was refused. Waiting for the release, 0 of 40 under the same load. It also
 * keeps a late release from being taken for the next click's (a curved screen's search needs that).
 */
async function withClicks<T>(
  link: XLink,
  window: TerminalWindow,
  exchange: (bytes: string) => Promise<unknown>,
  listen: (sink: (chunk: Uint8Array) => void) => () => void,
  use: (click: Click) => Promise<T>,
  park: Point = [window.width + 10, window.height + 10],
): Promise<T> {
  await exchange('\x1b[?1000h\x1b[?1006h');
  const reports = new ReportReader();
  const unlisten = listen((chunk) => {
    reports.feed(chunk);
    link.nudge();
  });
  const click: Click = async (wx, wy) => {
    reports.clicks.length = 0;
    fakeInput(link.x, link.xtest, EV.MotionNotify, 0, Math.round(window.rootX + wx), Math.round(window.rootY + wy));
    fakeInput(link.x, link.xtest, EV.ButtonPress, 1);
    fakeInput(link.x, link.xtest, EV.ButtonRelease, 1);
    const cell = await link.waitFor({ limitMs: REPORT_LIMIT_MS, pokeWindow: window.id, check: async () => reports.clicks.shift() });
    if (!cell) throw new ScreenReadError(`the terminal sent no mouse report within ${REPORT_LIMIT_MS / 1000} s of a button press (mode 1000)`);
    return cell;
  };
  try {
    return await use(click);
  } finally {
    unlisten();
    fakeInput(link.x, link.xtest, EV.MotionNotify, 0, Math.round(window.rootX + park[0]), Math.round(window.rootY + park[1]));
    await exchange(MOUSE_MODES_OFF);
  }
}

/**
 * Where the grid's cells are on the window (a flat screen), from the terminal's mouse reports (mode 1000, SGR
 * form, on only while they are read), measured around `from` (default: the window's centre; it must be a point
 * of the grid); the pointer then goes to `park` (default: out of the window).
 */
export function measureGrid(
  link: XLink,
  window: TerminalWindow,
  cols: number,
  rows: number,
  exchange: (bytes: string) => Promise<unknown>,
  listen: (sink: (chunk: Uint8Array) => void) => () => void,
  from?: Point,
  park?: Point,
): Promise<Grid> {
  return withClicks(link, window, exchange, listen, async (click) => fitting(await linearGrid(window, cols, rows, click, from), window, cols, rows), park);
}

/**
 * The drag's points, from the terminal's mouse reports (mode 1000, SGR form, on only while they are read). On a
 * flat screen the grid is linear: its origin and cell size come from cell boundaries near the centre. On a curved
 * one (cool-retro-term) the first cell is searched for from the centre, click by click.
 */
export function dragPoints(
  link: XLink,
  window: TerminalWindow,
  cols: number,
  rows: number,
  exchange: (bytes: string) => Promise<unknown>,
  listen: (sink: (chunk: Uint8Array) => void) => () => void,
  curved: boolean,
): Promise<DragPoints> {
  return withClicks(link, window, exchange, listen, async (click) => {
    const measured = await linearGrid(window, cols, rows, click);
    // A curved screen's grid is only where the search starts from; a flat one is the grid.
    const grid = curved ? measured : fitting(measured, window, cols, rows);
    const centre: Point = [Math.round(window.width / 2), Math.round(window.height / 2)];
    if (curved) {
      const start = await searchCell(window, grid, click, centre);
      return { start, startAlt: start, end: [window.width - 2, window.height - 2], centre };
    }
    // qtermwidget's cells start half a cell left of their glyphs (its column is (x + width/2) / width), so the
    // first cell may begin left of the window: press at least 2 px inside it.
    const x1 = Math.max(grid.x0 + grid.cellW * 0.25, Math.min(grid.x0 + grid.cellW * 0.75, 2));
    return {
      start: [x1, grid.y0 + grid.cellH * 0.2],
      startAlt: [x1, grid.y0 + grid.cellH * 0.8],
      // Past the right edge of the last cell: zutty leaves out the cell under the pointer where a selection ends.
      end: [Math.min(window.width - 1, grid.x0 + (cols + 0.3) * grid.cellW), grid.y0 + (rows - 0.5) * grid.cellH],
      centre,
    };
  });
}

/**
 * A point of the first cell on a curved screen: from the centre, each step moves by the cells still to go at the
 * centre's cell size (a little less), and halfway back after a press the terminal did not take (off its grid).
 */
async function searchCell(window: TerminalWindow, grid: Grid, click: (wx: number, wy: number) => Promise<MouseCell>, from: Point): Promise<Point> {
  let [px, py] = from;
  let inside: Point = from;
  for (let step = 0; step < 40; step++) {
    const cell = await click(px, py);
    if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] selection: first-cell search at ${px.toFixed(1)},${py.toFixed(1)}: ${cell.pressed ? 'pressed' : 'released only'} ${cell.col};${cell.row}\n`);
    if (cell.pressed && cell.col === 1 && cell.row === 1) return [px, py];
    if (!cell.pressed) {
      [px, py] = [(px + inside[0]) / 2, (py + inside[1]) / 2];
      continue;
    }
    inside = [px, py];
    const dx = (1 - cell.col) * grid.cellW * 0.8;
    const dy = (1 - cell.row) * grid.cellH * 0.8;
    px = Math.max(1, Math.min(window.width - 2, px + (Math.abs(dx) < 1 ? Math.sign(dx) : dx)));
    py = Math.max(1, Math.min(window.height - 2, py + (Math.abs(dy) < 1 ? Math.sign(dy) : dy)));
  }
  throw new ScreenReadError('no point of the first cell found on the curved screen in 40 presses');
}

/** The grid's origin and cell size near `from` (the window's centre), from two column and two row boundaries up to ten cells apart. */
async function linearGrid(window: TerminalWindow, cols: number, rows: number, cellAt: (wx: number, wy: number) => Promise<MouseCell>, from?: Point): Promise<Grid> {
  {
    const cx = Math.round(from?.[0] ?? window.width / 2);
    const cy = Math.round(from?.[1] ?? window.height / 2);
    /** The smallest coordinate in (lo, hi] whose cell index is above `index` (cells grow with the coordinate). */
    const boundary = async (axis: 'x' | 'y', lo: number, hi: number, index: number): Promise<number> => {
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        // With fractional bounds the floor can fall at or below lo (10.2 and 11.3 give 10): lo would move back to it
        // and the same press repeat for ever (seen: kitty after its output probes, its reports stuck on one cell).
        if (mid <= lo) break;
        const cell = axis === 'x' ? await cellAt(mid, cy) : await cellAt(cx, mid);
        if ((axis === 'x' ? cell.col : cell.row) > index) hi = mid;
        else lo = mid;
      }
      return hi;
    };
    const centre = await cellAt(cx, cy);
    const ubW = window.width / cols + 1;
    const ubH = window.height / rows + 1;
    const kx = Math.max(1, Math.min(10, cols - centre.col - 1));
    const ky = Math.max(1, Math.min(8, rows - centre.row - 1));
    const bx1 = await boundary('x', cx, cx + ubW, centre.col);
    const bx2 = await boundary('x', bx1, bx1 + (kx + 1) * ubW, centre.col + kx);
    const by1 = await boundary('y', cy, cy + ubH, centre.row);
    const by2 = await boundary('y', by1, by1 + (ky + 1) * ubH, centre.row + ky);
    const cellW = (bx2 - bx1) / kx;
    const cellH = (by2 - by1) / ky;
    return { x0: bx1 - centre.col * cellW, y0: by1 - centre.row * cellH, cellW, cellH };
  }
}
