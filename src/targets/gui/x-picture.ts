/**
 * Pictures of a GUI terminal's window: after a screen probe, the pixels of the
 * probed region and a cell around it, read from the private display with
 * GetImage over one X connection and encoded as a PNG in-process.
 *
 * Where the cells are comes once, at the start, from the terminal's own mouse
 * reports (x-grid.ts). For foot, the window on the display is weston's output:
 * foot's window is found on weston's plain desktop first, and the grid measured
 * around its centre.
 *
 * A terminal answers a probe before it draws it (VTE, kitty, st, konsole and
 * zutty drew 5–340 ms after their DA1 answer, measured), so the picture waits
 * for frames the terminal draws after the answer: DAMAGE reports every drawing
 * on the display, and one over the region stamped after a marker request (X
 * sequence numbers) was drawn after the answer came. A terminal that had
 * already drawn everything (xterm and mlterm draw as they parse) would draw
 * nothing more, so termprobe asks for frames: ClearArea with exposures on one
 * pixel of the region makes the terminal redraw from the state it has now. One
 * frame is not enough: a frame may have been on its way when the answer came
 * (VTE, now and then, painted the probe one frame later), so frames are asked
 * for until two in a row show the same pixels.
 *
 * Not where the terminal's view lags its emulation (konsole and qtermwidget
 * update their view on a 10–40 ms timer: a redraw asked for sooner draws the
 * old view), nor for weston (its redraw would composite foot's last frame, and
 * a frame of foot's may be on its way through weston's 60 Hz repaints): there
 * the picture takes the terminal's own frames until none follows within
 * SETTLE_MS (and the time the window's processes meanwhile stood ready to run
 * with no CPU); a region that does not change at all is taken as it is after
 * PICTURE_WAIT_MS (said in the picture's note).
 */
import type { Region } from '../../corpus/probe-schema.js';
import type { CapturedPicture } from '../../results/picture-files.js';
import { lostTime } from '../../util/cpu-wait.js';
import { encodePng } from '../../util/png-encode.js';
import { findTerminalWindow, GridMismatchError, measureGrid, type Grid, type Point, type TerminalWindow } from './x-grid.js';
import { damageArea, eventAfter, exposeArea, getImageRgb, intersects, mark, watchDamage, windowAt, type Rect } from './x-image-requests.js';
import { PictureError } from './picture-error.js';
import { parkingPoint, windowOnDesktop } from './weston-desktop.js';
import { XLink } from './x-link.js';
import { X11Error, type XEvent } from './x11-client.js';
import { EV, fakeInput, getGeometry, getInputFocus, rootPosition, setInputFocus, sync, type Extension } from './x11-requests.js';

/** Cells of context around the probed region, on each side (inside the grid). */
export const MARGIN_CELLS = 1;
/** How long a picture waits for the terminal to draw: past it, a redraw asked for failed, or (no redraw asked for) the region did not change. */
export const PICTURE_WAIT_MS = 1000;
/** Where no redraw is asked for: a frame not followed by another within this long is the last (weston repaints at 60 Hz, foot draws at most 8.3 ms after input). */
export const SETTLE_MS = 50;
/** A terminal's own drawing (nextOwnFrame) is taken once the region has had no drawing for this long… */
const OWN_QUIET_MS = 12;
/** …or this long after it began, if it keeps drawing. */
const OWN_SETTLE_MAX_MS = 100;
/** Where redraws are asked for: how long one request may go unanswered before it is made again. */
const REDRAW_AGAIN_MS = 150;
/** The longest a redraw asked for is waited for again, for the time the window's processes had no CPU. */
const MAX_OWED_MS = 4000;
/** Frames looked at per picture, at most. */
const MAX_FRAMES = 6;

export { PictureError };

export interface WindowPicturesOptions {
  /** The X display the terminal's window (or weston's output) is on. */
  display: string;
  cols: number;
  rows: number;
  /** Writes bytes to the terminal and resolves once it has processed them (DA1 round trip). */
  exchange: (bytes: string) => Promise<unknown>;
  /** Hands the terminal's raw replies to a sink until the returned function is called. */
  listen: (sink: (chunk: Uint8Array) => void) => () => void;
  /** The terminal's view lags its emulation (see the module comment): no redraw is asked for. */
  viewLags?: boolean;
  /** The terminal is a surface inside weston's output window. */
  inCompositor?: boolean;
  /** Aborted when the run is cancelled or the session closes. */
  signal: AbortSignal;
  /**
   * Where the grid comes from: the terminal's mouse reports (the default), or a grid given later (useGrid: the pixel
   * read-back finds the cells on a sheet the terminal draws, pixels/find-grid.ts) for a terminal that sends no mouse
   * reports (terminology) or a window termprobe must not click in (the user's own terminal).
   */
  gridFrom?: 'mouse' | 'given';
  /** The window to read, when it is known (the user's own terminal); otherwise the largest on the display. */
  windowId?: number;
  /** Give the terminal the X focus, so that it draws its cursor as the window typed into does (solid, in its shape). */
  focus?: boolean;
  /**
   * The processes that draw the window (the terminal, the display), asked when first needed: a redraw asked for and
   * not drawn within its wait is waited for again as long as they stood ready to run with no CPU (util/cpu-wait.ts).
   */
  processes?: () => readonly number[];
}

/** The pixels of a rectangle of the terminal's window (window coordinates), as 8-bit RGB row by row, once the terminal has drawn its answered state there. */
export interface Frame {
  rect: Rect;
  rgb: Uint8Array;
  /** How the frame was waited for, when not as usual (see capture's notes). */
  note?: string;
}

/** How each picture was waited for, as the results' settings say it. */
export function pictureMethod(opts: Pick<WindowPicturesOptions, 'viewLags' | 'inCompositor'>): string {
  const wait = opts.inCompositor
    ? "after weston's next drawing over the region (it shows foot's next frame)"
    : opts.viewLags
      ? "after the terminal's next drawing over the region (its view lags its emulation: a redraw asked for sooner would show the old view)"
      : 'after the terminal redraws the region (one pixel exposed, ClearArea) from its answered state';
  return `GetImage of the probed region and ${MARGIN_CELLS} cell around it, ${wait}, seen through DAMAGE; PNG`;
}

export class WindowPictures {
  private constructor(
    private readonly link: XLink,
    private readonly damage: Extension,
    readonly window: TerminalWindow,
    private measured: Grid | undefined,
    /** The innermost window under the grid and its origin in the terminal's window, for the redraw request; none when none is asked for. */
    private readonly redraw: { window: number; dx: number; dy: number } | undefined,
    private readonly opts: WindowPicturesOptions,
    /** Where the terminal is on the window: all of it, or foot's part of weston's output. */
    readonly area: Rect,
    /** Where grid measurements press (foot: its surface's centre) and where the pointer then goes. */
    private readonly pointer: { from?: Point; park?: Point },
  ) {
    // The drawings of late, kept a while: a frame asked for "since" a mark finds those that came before it was asked for.
    link.x.onEvent((ev) => {
      if (ev.code !== damage.firstEvent) return;
      this.recent.push(ev);
      if (this.recent.length > 64) this.recent.shift();
    });
  }

  private readonly recent: XEvent[] = [];

  /**
   * A point in the display's processing: a frame asked for `since` it counts every drawing after it, even one done
   * before the frame was asked for. Resolves once the display has processed it (a drawing the terminal makes after
   * that is stamped later; one made before, earlier, however late its event comes in).
   */
  async mark(): Promise<number> {
    const at = mark(this.link.x);
    await sync(this.link.x);
    return at;
  }

  /** A mark (see mark) sent without waiting for the display to process it: a drawing the terminal makes after it reads what is written next comes later still. */
  markNow(): number {
    return mark(this.link.x);
  }

  /** Find the grid from the terminal's mouse reports (a session opened with gridFrom 'given' whose grid was not found otherwise). */
  async measureMouseGrid(): Promise<Grid> {
    const { cols, rows, exchange, listen } = this.opts;
    this.measured = await measureGrid(this.link, this.window, cols, rows, exchange, listen, this.pointer.from, this.pointer.park).catch((error: unknown) => {
      throw this.opts.signal.aborted ? (this.opts.signal.reason ?? error) : asPictureError(error);
    });
    return this.measured;
  }

  /** Connect, find the window and its grid (mouse reports: the terminal must be idle, its screen clear). */
  static async open(opts: WindowPicturesOptions): Promise<WindowPictures> {
    const link = await XLink.open(opts.display, opts.signal).catch((error: unknown) => {
      throw asPictureError(error);
    });
    try {
      const { x } = link;
      const damage = await watchDamage(x, x.setup.root);
      if (!damage) throw new PictureError('the X display has no DAMAGE extension (pictures wait for the terminal to draw through it)');
      let window = opts.windowId !== undefined ? await knownWindow(link, opts.windowId) : await findTerminalWindow(link);
      const surface = opts.inCompositor ? await windowOnDesktop(link, damage, window) : undefined;
      const from: Point | undefined = surface ? [surface.x + surface.width / 2, surface.y + surface.height / 2] : undefined;
      // In weston the pointer's sprite is drawn into the output: it is parked outside foot's surface, not over the grid.
      const park: Point | undefined = surface ? parkingPoint(window, surface) : undefined;
      if (surface) {
        debug(`foot's window on weston's desktop: ${surface.width}x${surface.height}+${surface.x}+${surface.y}`);
        // The pointer leaves weston's window, so the first click enters it: weston started under the pointer
        // now and then takes no pointer input (its pointer stays at 0,0) until an EnterNotify comes (measured).
        fakeInput(x, link.xtest, EV.MotionNotify, 0, window.rootX + window.width + 10, window.rootY + window.height + 10);
      }
      // A grid that does not fit the window (qterminal's window was once found while it was still 1×1) is
      // measured once more, the window looked up again, before pictures are given up.
      const measure = () => measureGrid(link, window, opts.cols, opts.rows, opts.exchange, opts.listen, from, park);
      const grid =
        opts.gridFrom === 'given'
          ? undefined
          : await measure().catch(async (error: unknown) => {
              if (!(error instanceof GridMismatchError) || opts.signal.aborted) throw error;
              debug(`${error.message}: measured again`);
              if (!surface) window = await findTerminalWindow(link);
              return measure();
            });
      debug(`window ${window.width}x${window.height}+${window.rootX}+${window.rootY}, grid ${JSON.stringify(grid)}`);
      let redraw: { window: number; dx: number; dy: number } | undefined;
      if (!opts.viewLags && !opts.inCompositor) {
        // The redraw is asked of the innermost window under the grid's centre (the window's centre until the grid is known).
        const cx = Math.round(grid ? grid.x0 + (opts.cols * grid.cellW) / 2 : (surface?.x ?? 0) + (surface?.width ?? window.width) / 2);
        const cy = Math.round(grid ? grid.y0 + (opts.rows * grid.cellH) / 2 : (surface?.y ?? 0) + (surface?.height ?? window.height) / 2);
        const inner = await windowAt(x, window.id, cx, cy);
        redraw = { window: inner.window, dx: cx - inner.x, dy: cy - inner.y };
      }
      if (opts.focus) setInputFocus(x, window.id);
      const area: Rect = surface ?? { x: 0, y: 0, width: window.width, height: window.height };
      return new WindowPictures(link, damage, window, grid, redraw, opts, area, { ...(from ? { from } : {}), ...(park ? { park } : {}) });
    } catch (error) {
      link.close();
      throw opts.signal.aborted ? (opts.signal.reason ?? error) : asPictureError(error);
    }
  }

  close(): void {
    this.link.close();
  }

  /**
   * Give the terminal's window the X focus (true), or give the focus back to where it was before (false): foot's
   * read-back sends its key to weston's window, which holds the focus for it.
   */
  async focus(on: boolean): Promise<void> {
    if (on) {
      this.focusBefore ??= await getInputFocus(this.link.x);
      setInputFocus(this.link.x, this.window.id);
    } else if (this.focusBefore !== undefined) {
      setInputFocus(this.link.x, this.focusBefore);
      this.focusBefore = undefined;
      await sync(this.link.x);
    }
  }

  private focusBefore: number | undefined;

  /** The X connection (the pixel read-back shares it). */
  get x(): XLink['x'] {
    return this.link.x;
  }

  /** Where the cells are on the window (mouse reports, or as given by useGrid). */
  get grid(): Grid {
    if (!this.measured) throw new PictureError("the terminal's grid is not known yet");
    return this.measured;
  }

  /** Whether a grid is known (pictures can be cropped). */
  get hasGrid(): boolean {
    return this.measured !== undefined;
  }

  /** Take the cells from here on where they were found on the terminal's own drawing (pixels/find-grid.ts). */
  useGrid(grid: Grid): void {
    this.measured = grid;
  }

  /** The region and `margin` cells around it, in pixels of the terminal's window (clipped to the grid). */
  cropOf(region: Region, margin = MARGIN_CELLS): Rect {
    const { cols, rows } = this.opts;
    const { x0, y0, cellW, cellH } = this.grid;
    const left = Math.max(0, region.left - 1 - margin);
    const right = Math.min(cols, region.right + margin);
    const top = Math.max(0, region.top - 1 - margin);
    const bottom = Math.min(rows, region.bottom + margin);
    const px0 = Math.max(0, Math.round(x0 + left * cellW));
    const py0 = Math.max(0, Math.round(y0 + top * cellH));
    const px1 = Math.min(this.window.width, Math.round(x0 + right * cellW));
    const py1 = Math.min(this.window.height, Math.round(y0 + bottom * cellH));
    if (px1 <= px0 || py1 <= py0) throw new PictureError(`the region ${region.top};${region.left} to ${region.bottom};${region.right} lies outside the terminal's window`);
    return { x: px0, y: py0, width: px1 - px0, height: py1 - py0 };
  }

  /** The picture of `region` once the terminal has drawn its answered state there. */
  async capture(region: Region): Promise<CapturedPicture> {
    try {
      return await this.captureOnce(region);
    } catch (error) {
      if (this.opts.signal.aborted) throw this.opts.signal.reason instanceof Error ? this.opts.signal.reason : error;
      throw asPictureError(error);
    }
  }

  private async captureOnce(region: Region): Promise<CapturedPicture> {
    return pictureOf(await this.frameOnce(this.cropOf(region)));
  }

  /**
   * The pixels of `crop` (window coordinates) once the terminal has drawn its answered state there: the one path
   * pictures and the pixel read-back take (see the module comment).
   */
  async frame(crop: Rect, waitMs = PICTURE_WAIT_MS, since?: number): Promise<Frame> {
    try {
      return await this.frameOnce(crop, waitMs, since);
    } catch (error) {
      if (this.opts.signal.aborted) throw this.opts.signal.reason instanceof Error ? this.opts.signal.reason : error;
      throw asPictureError(error);
    }
  }

  /**
   * The pixels of `crop` as the terminal next draws them by itself (a blink, a cursor's blink), within `limitMs`;
   * undefined when it draws nothing there meanwhile. Nothing is asked for: a redraw would show the same state.
   * `quiet`: the window is not poked meanwhile (mlterm 3.9.0 blinks only on idle ticks, 0.1 s with no X event).
   */
  async nextOwnFrame(crop: Rect, limitMs: number, quiet = false): Promise<Frame | undefined> {
    const { x } = this.link;
    const onRoot: Rect = { ...crop, x: crop.x + this.window.rootX, y: crop.y + this.window.rootY };
    const after = mark(x);
    const drawn = await this.link.waitFor({
      limitMs,
      ...(quiet ? {} : { pokeWindow: this.window.id }),
      test: this.drawingOver(onRoot, after),
    });
    if (!drawn) return undefined;
    // A drawing may come as several requests: urxvt 9.30 draws a cell's text, then its underline (screen.C
    // scr_refresh: the text, then XDrawLine). A frame taken at the first's damage showed a blinking, underlined X
    // without its underline (presentation-state.cir-rendition-all read so in 1 run of 2 alone, and the read names a
    // blinking cell from the frame it takes fewest words for). The frame is taken once no drawing over the region has
    // come for OWN_QUIET_MS since the last (a drawing processed before the mark is in the frame anyway).
    const t1 = performance.now();
    while (performance.now() - t1 < OWN_SETTLE_MAX_MS) {
      const more = await this.link.waitFor({ limitMs: OWN_QUIET_MS, test: this.drawingOver(onRoot, mark(x)) });
      if (!more) break;
    }
    return { rect: crop, rgb: await getImageRgb(x, x.setup.root, onRoot) };
  }

  /** The pixels of `crop` as they are now, with no wait (the grid search's first look). */
  async frameNow(crop: Rect): Promise<Frame> {
    const { x } = this.link;
    return { rect: crop, rgb: await getImageRgb(x, x.setup.root, { ...crop, x: crop.x + this.window.rootX, y: crop.y + this.window.rootY }) };
  }

  private async frameOnce(crop: Rect, waitFor = PICTURE_WAIT_MS, since?: number): Promise<Frame> {
    const { x } = this.link;
    // A shorter wait is for a drawing that may not come (a fenced frame's); a redraw asked for comes, however loaded the machine.
    const waitMs = this.redraw ? Math.max(waitFor, PICTURE_WAIT_MS) : waitFor;
    const t0 = performance.now();
    const onRoot: Rect = { ...crop, x: crop.x + this.window.rootX, y: crop.y + this.window.rootY };
    const refused = () => new PictureError(`the terminal did not redraw the region within ${waitMs / 1000} s of being asked to (ClearArea with exposures)`);
    const drewAtAll = await this.redrawn(onRoot, waitMs, since);
    if (!drewAtAll && this.redraw) throw refused();
    let rgb = await getImageRgb(x, x.setup.root, onRoot);
    // Until two frames in a row agree (redraws asked for), or no frame follows within SETTLE_MS (none asked for):
    // a frame may have been on its way when the probe was answered (VTE, now and then; foot, often).
    let frames = 1;
    let settled = !drewAtAll;
    while (!settled && frames < MAX_FRAMES) {
      const drawn = await this.redrawn(onRoot, this.redraw ? waitMs : SETTLE_MS, undefined, true);
      if (!drawn) {
        if (this.redraw) throw refused();
        settled = true;
        break;
      }
      frames++;
      const again = await getImageRgb(x, x.setup.root, onRoot);
      settled = this.redraw !== undefined && sameBytes(again, rgb);
      rgb = again;
    }
    debug(`${crop.width}x${crop.height} px after ${frames} frame(s), ${(performance.now() - t0).toFixed(1)} ms`);
    const note = !drewAtAll
      ? `the region did not change within ${waitMs / 1000} s of the answer; taken as it was`
      : settled
        ? undefined
        : `the region still changed after ${MAX_FRAMES} frames; the last one is shown`;
    return { rect: crop, rgb, ...(note ? { note } : {}) };
  }

  /**
   * nextFrame, and where a redraw was asked for (this.redraw) and none came, once more for as long as the window's processes stood
   * ready to run with no CPU meanwhile (at most MAX_OWED_MS): a redraw asked for comes, however loaded the machine.
   * mlterm beside the site's Chromium tests drew its calibration's first frame more than 1 s after it was asked
   * (pixels.test.ts, 1 run of 3). Not for the first of a terminal's own drawings: one waited for longer may be a later
   * one (konsole's cursor blinking over the cell read). But for a `settling` wait, whether a drawing follows the one
   * taken, yes: with the whole test suite and two busy loops on two cores, a picture of foot's showed the probe's
   * region blank (x-picture.test.ts, 1 suite run of 2): a drawing of weston's from before foot drew the probe, and
   * foot's own frame more than SETTLE_MS after it, the only way the settle takes a blank region.
   */
  private async redrawn(onRoot: Rect, limitMs: number, since?: number, settling = false): Promise<boolean> {
    const lost = (this.redraw || settling) && this.opts.processes ? lostTime(this.opts.processes) : undefined;
    if (await this.nextFrame(onRoot, limitMs, since)) return true;
    const owed = lost ? Math.min(MAX_OWED_MS, lost()) : 0;
    return owed >= 1 && (await this.nextFrame(onRoot, owed, since));
  }

  /**
   * Whether the terminal drew over `crop` (on the window) since the mark, waiting up to `limitMs` for it: the terminal's
   * own drawing, nothing asked for. Your own terminal's read fences its frames so (self-screen.ts): the cursor hidden
   * after the probe is drawn only once what came before it is.
   */
  async drawnSince(crop: Rect, since: number, limitMs: number): Promise<boolean> {
    return this.drawingSince({ ...crop, x: crop.x + this.window.rootX, y: crop.y + this.window.rootY }, since, limitMs);
  }

  private async drawingSince(onRoot: Rect, since: number, limitMs: number): Promise<boolean> {
    const drawnSince = this.drawingOver(onRoot, since);
    if (this.recent.some(drawnSince)) return true;
    return (await this.link.waitFor({ limitMs, pokeWindow: this.window.id, test: drawnSince })) === true;
  }

  /** A wait's test: true for a drawing (DAMAGE) over `onRoot` the server made after the request of sequence `after`. */
  private drawingOver(onRoot: Rect, after: number): (ev: XEvent) => true | undefined {
    return (ev) => (ev.code === this.damage.firstEvent && eventAfter(ev, after) && intersects(damageArea(ev), onRoot) ? true : undefined);
  }

  /**
   * The terminal's next drawing over the region (on root), asked for where redraws are asked for (again every
   * REDRAW_AGAIN_MS: VTE now and then let an exposure pass without a frame, measured); false when none came
   * within `limitMs`.
   */
  private async nextFrame(onRoot: Rect, limitMs: number, since?: number): Promise<boolean> {
    const { x } = this.link;
    const t0 = performance.now();
    // Counting from a mark given (no redraw asked for): a drawing since it may already have come, or still be on its way.
    if (since !== undefined && !this.redraw) return this.drawingSince(onRoot, since, limitMs);
    for (;;) {
      // One pixel at the region's centre: its top-left corner may lie outside the window asked (urxvt's border, when the region is the whole window).
      if (this.redraw) {
        const cx = Math.floor(onRoot.x + onRoot.width / 2) - this.window.rootX - this.redraw.dx;
        const cy = Math.floor(onRoot.y + onRoot.height / 2) - this.window.rootY - this.redraw.dy;
        exposeArea(x, this.redraw.window, { x: cx, y: cy, width: 1, height: 1 });
      }
      // Drawing the server does after this marker (the exposed pixel's clearing is before it) is stamped with a later sequence number.
      const after = mark(x);
      const left = limitMs - (performance.now() - t0);
      const drawn = await this.link.waitFor({
        limitMs: this.redraw ? Math.min(left, REDRAW_AGAIN_MS) : left,
        pokeWindow: this.window.id,
        test: this.drawingOver(onRoot, after),
      });
      if (drawn) return true;
      if (!this.redraw || performance.now() - t0 >= limitMs) return false;
      debug('no frame for an exposure: asking again');
    }
  }
}

/** A frame as a picture: PNG, its size, and the frame's note. */
export function pictureOf(frame: Frame): CapturedPicture {
  const { rect, rgb, note } = frame;
  return { png: encodePng(rect.width, rect.height, rgb), width: rect.width, height: rect.height, ...(note ? { note } : {}) };
}

/** The window termprobe was told to read (the user's own terminal's), with its size and place on the root window. */
async function knownWindow(link: XLink, id: number): Promise<TerminalWindow> {
  const { x } = link;
  const geometry = await getGeometry(x, id);
  const origin = await rootPosition(x, id);
  return { id, ...geometry, rootX: origin.x, rootY: origin.y };
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** With TERMPROBE_DEBUG_GUI set: what the pictures do, on stderr. */
function debug(text: string): void {
  if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] picture: ${text}\n`);
}

function asPictureError(error: unknown): Error {
  if (error instanceof PictureError) return error;
  if (error instanceof X11Error || (error instanceof Error && error.name === 'ScreenReadError')) return new PictureError(error.message);
  return error instanceof Error ? error : new Error(String(error));
}
