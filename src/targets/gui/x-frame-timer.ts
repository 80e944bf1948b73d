/**
 * Time to the first frame after output, on a GUI terminal's private display: from
 * the moment bytes that change some cells are written to the relay, to the first
 * X DAMAGE event over those cells' pixels that the server generated after a
 * marker request made just before the write (x-image-requests.ts, eventAfter).
 * DAMAGE reports every drawing on the display, whoever draws (the terminal's own
 * XPutImage, Mesa's software GL, or weston compositing foot's next frame onto its
 * output window): the figure is the time until something new is on the display
 * over those cells, the nearest this harness comes to input-to-photon without a
 * camera. The write goes through the relay, so its two pipe hops are in it.
 *
 * Where the cells are comes from the terminal's mouse reports (x-grid.ts), as for
 * the pictures: the terminal must be idle, its screen clear, when the timer opens.
 * Before each timing the region must have been still (no drawing over it) for
 * QUIET_MS, so a drawing still due from earlier output is not taken for the new one.
 */
import type { Region } from '../../corpus/probe-schema.js';
import type { FrameTimer } from '../target.js';
import { findTerminalWindow, GridMismatchError, measureGrid, type Grid, type Point, type TerminalWindow } from './x-grid.js';
import { damageArea, eventAfter, intersects, mark, watchDamage, type Rect } from './x-image-requests.js';
import { parkingPoint, windowOnDesktop } from './weston-desktop.js';
import { XLink } from './x-link.js';
import { sync, type Extension } from './x11-requests.js';

/** The region counts as still after this long without a drawing over it. */
const QUIET_MS = 60;
/** How long a timing waits for the region to be still before it gives up (the terminal keeps drawing there). */
const QUIET_LIMIT_MS = 2000;

export interface FrameTimerOptions {
  display: string;
  cols: number;
  rows: number;
  exchange: (bytes: string) => Promise<unknown>;
  listen: (sink: (chunk: Uint8Array) => void) => () => void;
  /** Bytes to the terminal (the relay). */
  write: (bytes: Uint8Array) => void;
  /** The terminal is a surface inside weston's output window. */
  inCompositor?: boolean;
  signal: AbortSignal;
}

export class XFrameTimer implements FrameTimer {
  private constructor(
    private readonly link: XLink,
    private readonly damage: Extension,
    private readonly window: TerminalWindow,
    private readonly grid: Grid,
    private readonly opts: FrameTimerOptions,
  ) {}

  static async open(opts: FrameTimerOptions): Promise<XFrameTimer> {
    const link = await XLink.open(opts.display, opts.signal);
    try {
      const damage = await watchDamage(link.x, link.x.setup.root);
      if (!damage) throw new Error('the X display has no DAMAGE extension');
      let window = await findTerminalWindow(link);
      const surface = opts.inCompositor ? await windowOnDesktop(link, damage, window) : undefined;
      const from: Point | undefined = surface ? [surface.x + surface.width / 2, surface.y + surface.height / 2] : undefined;
      const park: Point | undefined = surface ? parkingPoint(window, surface) : undefined;
      const measure = () => measureGrid(link, window, opts.cols, opts.rows, opts.exchange, opts.listen, from, park);
      const grid = await measure().catch(async (error: unknown) => {
        if (!(error instanceof GridMismatchError) || opts.signal.aborted) throw error;
        if (!surface) window = await findTerminalWindow(link);
        return measure();
      });
      return new XFrameTimer(link, damage, window, grid, opts);
    } catch (error) {
      link.close();
      throw opts.signal.aborted ? (opts.signal.reason ?? error) : error;
    }
  }

  /** The region's cells in root pixels. */
  private area(region: Region): Rect {
    const { x0, y0, cellW, cellH } = this.grid;
    const x = Math.round(this.window.rootX + x0 + (region.left - 1) * cellW);
    const y = Math.round(this.window.rootY + y0 + (region.top - 1) * cellH);
    return { x, y, width: Math.max(1, Math.round((region.right - region.left + 1) * cellW)), height: Math.max(1, Math.round((region.bottom - region.top + 1) * cellH)) };
  }

  async time(bytes: Uint8Array, region: Region, limitMs: number): Promise<number | undefined> {
    const { link, damage } = this;
    const area = this.area(region);
    const over = (ev: { code: number; bytes: Buffer }) => ev.code === damage.firstEvent && intersects(damageArea(ev), area);
    const t0 = performance.now();
    while (await link.waitFor({ limitMs: QUIET_MS, test: (ev) => (over(ev) ? true : undefined) })) {
      if (performance.now() - t0 > QUIET_LIMIT_MS) throw new Error(`the terminal kept drawing over the measured cells for ${QUIET_LIMIT_MS / 1000} s with nothing written`);
    }
    const after = mark(link.x);
    await sync(link.x);
    const wrote = performance.now();
    this.opts.write(bytes);
    const drawn = await link.waitFor({ limitMs, test: (ev) => (over(ev) && eventAfter(ev, after) ? performance.now() : undefined) });
    return drawn === undefined ? undefined : drawn - wrote;
  }

  close(): void {
    this.link.close();
  }
}
