/**
 * foot's window on weston's desktop: weston's output is one window on the
 * private Xvfb, and foot's window sits somewhere on it (weston's desktop shell
 * places new windows). The desktop is a plain colour (wayland-compositor.ts,
 * WESTON_BACKGROUND), so foot's window is what is not that colour.
 */
import { PictureError } from './picture-error.js';
import { WESTON_BACKGROUND } from './wayland-compositor.js';
import type { Point, TerminalWindow } from './x-grid.js';
import { eventAfter, getImageRgb, mark, type Rect } from './x-image-requests.js';
import type { XLink } from './x-link.js';
import type { Extension } from './x11-requests.js';

/**
 * Foot's window in weston's output: the rows and columns that hold more than MIN_SIDE pixels of another colour
 * than the desktop's (so the pointer's sprite, 24 px, never counts). Looked for again after each drawing until
 * the desktop is painted and a window is on it.
 */
export async function windowOnDesktop(link: XLink, damage: Extension, window: TerminalWindow): Promise<Rect> {
  const { width, height } = window;
  const area: Rect = { x: window.rootX, y: window.rootY, width, height };
  const t0 = performance.now();
  for (;;) {
    const after = mark(link.x);
    const rgb = await getImageRgb(link.x, link.x.setup.root, area);
    const rows = new Array<number>(height).fill(0);
    const cols = new Array<number>(width).fill(0);
    let desktop = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        if (((rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!) === WESTON_BACKGROUND) desktop++;
        else {
          rows[y]!++;
          cols[x]!++;
        }
      }
    }
    const ys = rows.flatMap((n, y) => (n > MIN_SIDE ? [y] : []));
    const xs = cols.flatMap((n, x) => (n > MIN_SIDE ? [x] : []));
    // The desktop painted (a good part of the output is its colour) and a window on it.
    if (desktop > (width * height) / 10 && xs.length > 0 && ys.length > 0) return { x: xs[0]!, y: ys[0]!, width: xs.at(-1)! - xs[0]! + 1, height: ys.at(-1)! - ys[0]! + 1 };
    const left = STILL_LIMIT_MS - (performance.now() - t0);
    if (left <= 0) throw new PictureError(`no terminal window on weston's desktop within ${STILL_LIMIT_MS / 1000} s`);
    await link.waitFor({ limitMs: left, test: (ev) => (ev.code === damage.firstEvent && eventAfter(ev, after) ? true : undefined) });
  }
}

/** More than this many pixels in a row or column of the output: a window, not the pointer's sprite. */
const MIN_SIDE = 64;

/** How long weston's desktop and foot's window may take to appear. */
const STILL_LIMIT_MS = 10_000;

/** A point of the window outside `area`, away from its edges: the corner farthest from the area. */
export function parkingPoint(window: TerminalWindow, area: Rect): Point {
  const x = area.x > window.width - (area.x + area.width) ? 2 : window.width - 3;
  const y = area.y > window.height - (area.y + area.height) ? 2 : window.height - 3;
  return [x, y];
}
