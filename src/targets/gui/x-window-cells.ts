/**
 * Sizing a window that takes no size in cells (terminator, qterminal,
 * cool-retro-term take pixels only) from its measured cell: the terminal starts
 * at some pixel size, and while the relay inside waits for the size asked for,
 * this reads the tty's size (the relay's size-now file) and the window's
 * geometry, and resizes the window (ConfigureWindow: there is no window manager
 * on the private display to redirect it) until the tty has the size asked for.
 * One sample gives the cell with the window's frame counted in, two give the
 * cell exactly; so whatever font the machine gives the terminal, it ends at the
 * asked size in a few steps, and the cell it measured is recorded.
 */
import { X11Client } from './x11-client.js';
import { getGeometry, isViewable, queryChildren, resizeWindow, type WindowGeometry } from './x11-requests.js';

export interface CellSize {
  cols: number;
  rows: number;
}

export interface SizedWindow {
  /** The window's final size in pixels. */
  width: number;
  height: number;
  /** The cell measured, in pixels (from two window sizes and the tty sizes they gave). */
  cellW: number;
  cellH: number;
  /** Resizes it took (0: it started at the size asked for). */
  steps: number;
}

export interface SizeWindowOptions {
  display: string;
  want: CellSize;
  /** The tty's size now, undefined while unknown. */
  ttySize: () => CellSize | undefined;
  /** Give up after this long (the start-up limit): the relay then reports the size it saw. */
  limitMs: number;
  signal?: AbortSignal;
  /** The size the relay reported it is ready at, once it has (then the tty has stopped being watched). */
  ready?: () => CellSize | undefined;
}

const POLL_MS = 20;
/** A size the tty keeps this long after a resize is the one that resize gave. */
const STEADY_MS = 150;
const MAX_STEPS = 8;
/** How long a resize may take to reach the tty. */
const RESIZE_WAIT_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The largest viewable top-level window of the display: the terminal's (nothing else runs there). */
async function terminalWindow(x: X11Client): Promise<({ id: number } & WindowGeometry) | undefined> {
  let best: ({ id: number } & WindowGeometry) | undefined;
  for (const id of await queryChildren(x, x.setup.root)) {
    if (!(await isViewable(x, id).catch(() => false))) continue;
    const g = await getGeometry(x, id).catch(() => undefined);
    if (g && (!best || g.width * g.height > best.width * best.height)) best = { id, ...g };
  }
  return best;
}

const same = (a: CellSize | undefined, b: CellSize | undefined) => !!a && !!b && a.cols === b.cols && a.rows === b.rows;

/**
 * Resize the terminal's window until its tty has `want` cells. Resolves with the window and cell measured, or
 * undefined when the limit passed first or it was stopped (the caller's size check then reports what it got).
 */
export async function sizeWindowToCells(opts: SizeWindowOptions): Promise<SizedWindow | undefined> {
  const t0 = performance.now();
  const left = () => opts.limitMs - (performance.now() - t0);
  const over = () => opts.signal?.aborted || opts.ready?.() !== undefined || left() <= 0;
  const ttySize = () => opts.ready?.() ?? opts.ttySize();
  const x = await X11Client.open(opts.display, opts.signal);
  try {
    /** A tty size that has held for STEADY_MS (qterminal and cool-retro-term start their command before their final size). */
    const steadySize = async (): Promise<CellSize | undefined> => {
      let seen = ttySize();
      let since = performance.now();
      while (!over()) {
        await sleep(POLL_MS);
        const now = ttySize();
        if (!same(now, seen)) {
          seen = now;
          since = performance.now();
        } else if (seen && performance.now() - since >= STEADY_MS) return seen;
      }
      // Ready meanwhile: the relay saw the size asked for (or gave up), and that size is final.
      return opts.ready?.();
    };
    const samples: { px: WindowGeometry; cells: CellSize }[] = [];
    for (let steps = 0; steps <= MAX_STEPS; steps++) {
      const cells = await steadySize();
      const win = cells ? await terminalWindow(x) : undefined;
      if (!cells || !win) return undefined;
      samples.push({ px: win, cells });
      const cell = measuredCell(samples);
      if (same(cells, opts.want)) return { width: win.width, height: win.height, cellW: cell.w, cellH: cell.h, steps };
      if (opts.ready?.()) return undefined; // ready at another size: the caller says which
      const width = Math.max(1, Math.round(win.width + (opts.want.cols - cells.cols) * cell.w));
      const height = Math.max(1, Math.round(win.height + (opts.want.rows - cells.rows) * cell.h));
      resizeWindow(x, win.id, width, height);
      // Wait for the tty to follow: a new size, or (a resize that moved no cell, a window that would not shrink) a second.
      const until = performance.now() + RESIZE_WAIT_MS;
      while (!over() && performance.now() < until && same(ttySize(), cells)) await sleep(POLL_MS);
      if (opts.signal?.aborted || (left() <= 0 && !opts.ready?.())) return undefined;
    }
    return undefined;
  } finally {
    x.close();
  }
}

/**
 * The cell in pixels: from the two samples furthest apart in cells on each axis (exact: the frame cancels), or
 * with one sample the window over its cells (a little large: the frame counts in; the next step corrects it).
 */
export function measuredCell(samples: readonly { px: WindowGeometry; cells: CellSize }[]): { w: number; h: number } {
  const axis = (px: (s: (typeof samples)[number]) => number, n: (s: (typeof samples)[number]) => number): number => {
    const last = samples[samples.length - 1]!;
    const other = samples.find((s) => n(s) !== n(last));
    return other ? (px(last) - px(other)) / (n(last) - n(other)) : px(last) / Math.max(1, n(last));
  };
  return { w: axis((s) => s.px.width, (s) => s.cells.cols), h: axis((s) => s.px.height, (s) => s.cells.rows) };
}
