/**
 * The session over a GUI terminal running the relay. Replies go to the engine,
 * except while the session itself talks to the terminal (the start-up check and
 * DECRQCRA readback): those exchanges end with their own DA1 and nothing else is
 * in flight then, so their replies never reach the engine.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Region } from '../../corpus/probe-schema.js';
import { ReplyParser } from '../../protocol/reply-parser.js';
import type { ReplyEvent } from '../../protocol/reply-events.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { RelaySession, type Description, type FifoRelay } from '../common/fifo-relay.js';
import { kittyScreenText } from './kitty-remote.js';
import { decrqcraReports, decrqcraRequests, XTERM_DEFAULT_CHECKSUM, XTERM_READ_CHECKSUM, screenFromCells, screenFromDecrqcra, screenFromRows, splitWrappedRows, ScreenReadError } from './gui-screen-read.js';
import { readUrxvtDump, urxvtDumpRequest } from './urxvt-screen-dump.js';
import type { ScreenMethod } from './gui-recipes.js';
import { CharsetDesignationTracker } from './charset-designation-tracker.js';
import { MouseModeTracker } from './mouse-mode-tracker.js';
import { XSelectionReader, type MultiClick } from './x-selection-read.js';
import { FootVisibleReader } from './foot-pipe-visible.js';
import { pictureOf, WindowPictures, type Frame, type WindowPicturesOptions } from './x-picture.js';
import type { Rect } from './x-image-requests.js';
import type { CapturedPicture } from '../../results/picture-files.js';
import type { FrameTimer, ScreenReadHints, SessionProcess } from '../target.js';
import { XFrameTimer } from './x-frame-timer.js';
import type { InputQuirks } from './gui-input-quirks.js';
import { GuiInput } from './gui-input.js';
import type { Grid } from './x-grid.js';
import { PixelReader, type Look } from './pixels/pixel-reader.js';
import { describeFailure } from './pixels/pixel-failure.js';
import { ColourRestore } from './pixels/colour-restore.js';

const encoder = new TextEncoder();

export class ExchangeTimeoutError extends Error {
  override name = 'ExchangeTimeoutError';
}

/** How long the session's own exchanges wait for their DA1 at least. */
const EXCHANGE_MS = 5000;

export interface GuiSessionParts {
  /** Ends every process of the run (terminal, D-Bus, compositor, display) and removes the scratch dir. */
  stop(): Promise<void>;
  /** How long one of the session's own exchanges (a read, a picture's fence) waits for the DA1 at its end. */
  exchangeMs?: number;
  cols: number;
  rows: number;
  screen: ScreenMethod;
  kittySocket?: string;
  /** The scratch HOME (mlterm writes its snapshots under ~/.mlterm). */
  home: string;
  kittyVersion?: [number, number, number];
  /** The display's environment (DISPLAY), for the selection read-back. */
  displayEnv?: NodeJS.ProcessEnv;
  /** See GuiRecipe.multiClick. */
  multiClick?: MultiClick;
  /** See GuiRecipe.keepsSelection. */
  keepsSelection?: boolean;
  /** See GuiRecipe.curvedScreen. */
  curvedScreen?: boolean;
  /** See SelectionReaderOptions.awaitClaimCheck. */
  awaitClaimCheck?: boolean;
  /** See GuiRecipe.awaitViewUpdate. */
  awaitViewUpdate?: boolean;
  /** The scratch dir holding foot's pipe-visible files (screen 'pipe-visible'). */
  footDir?: string;
  /** The session's processes now (speed runs). */
  processes?: () => SessionProcess[];
  /** The terminal is a surface inside weston's output window (foot). */
  inCompositor?: boolean;
  /** What the input probes cannot do in this terminal, or do otherwise (gui-input-quirks.ts). */
  inputQuirks?: InputQuirks;
  /** The Wayland compositor's process, when the terminal runs in one (weston). */
  compositorPid?: number | undefined;
  /**
   * The terminal's drawing lags its answers (konsole, qtermwidget, terminology: a view on a timer; foot: weston's
   * composition): a frame is trusted only once it shows a change made after the probe (the cursor hidden).
   */
  lagging?: boolean;
}

export class GuiSession extends RelaySession {
  private engineListener: ((data: Uint8Array) => void) | undefined;
  private queued: Uint8Array[] = [];
  private exchangeSink: ((data: Uint8Array) => void) | undefined;
  description: Description = {};
  private snapshots = 0;
  private selection: XSelectionReader | undefined;
  private readonly mouseModes = new MouseModeTracker();
  /** mlterm's snapshot (screen 'snapshot') is not trusted while a set other than ASCII is designated. */
  private readonly charsets = new CharsetDesignationTracker();
  /** Aborted when the session closes, so a screen read in progress ends at once. */
  private readonly ended = new AbortController();
  /** foot's pipe-visible read-back (screen 'pipe-visible'). */
  readonly foot: FootVisibleReader | undefined;
  private pictures: WindowPictures | undefined;
  private frameTimer: FrameTimer | undefined;
  /** The pixel read-back, once calibrated (startWindow). */
  pixels: PixelReader | undefined;
  /** The last picture's frame, while nothing has been written since: the pixel read of the same probe starts from it. */
  private lastFrame: { region: Region; frame: Frame } | undefined;

  /**
   * The limit of the session's own exchanges: 5 s, or the run's idle limit when that is longer (a gate allows 10 s, for
   * a loaded CI machine: its xterm through an x11: command once took over 5 s to answer a read's DA1 at load 29).
   */
  private readonly exchangeMs: number;

  constructor(relay: FifoRelay, private readonly signal: AbortSignal | undefined, readonly parts: GuiSessionParts) {
    super(relay, signal);
    this.exchangeMs = Math.max(EXCHANGE_MS, parts.exchangeMs ?? 0);
    relay.onData((chunk) => this.route(chunk));
    if (parts.screen === 'none') this.readText = undefined;
    this.readScreen = this.readText;
    if (parts.screen === 'selection') {
      this.selection = new XSelectionReader({
        display: parts.displayEnv?.['DISPLAY'] ?? '',
        exchange: (bytes) => this.exchange(bytes, this.exchangeMs),
        listen: (sink) => this.listen(sink),
        multiClick: parts.multiClick ?? 'spaced',
        keepsSelection: parts.keepsSelection,
        curvedScreen: parts.curvedScreen,
        awaitClaimCheck: parts.awaitClaimCheck,
        awaitViewUpdate: parts.awaitViewUpdate,
        mouseModes: this.mouseModes,
        ownPids: () => this.ownPids(),
        signal: this.endSignal(),
      });
    }
    if (parts.screen === 'pipe-visible') this.foot = new FootVisibleReader(parts.displayEnv ?? {}, parts.footDir ?? parts.home);
    this.guiInput = new GuiInput({ display: parts.displayEnv?.['DISPLAY'] ?? '', cols: parts.cols, rows: parts.rows, exchange: (bytes) => this.exchange(bytes, this.exchangeMs), listen: (sink) => this.listen(sink), signal: this.endSignal(), quirks: parts.inputQuirks, compositorPid: parts.compositorPid, knownGrid: () => this.pictureGrid, ownPids: () => this.ownPids() });
    this.input = this.guiInput;
  }

  /** The grid the pictures measured (the input probes place the pointer by it). */
  private pictureGrid: Grid | undefined;

  /** The input probes' X events (gui-input.ts). */
  private readonly guiInput: GuiInput;
  input: GuiInput | undefined;

  /** Aborted when the run is cancelled or the session closes. */
  private endSignal(): AbortSignal {
    return this.signal ? AbortSignal.any([this.signal, this.ended.signal]) : this.ended.signal;
  }

  /** Hand the terminal's raw replies to `sink` (not the engine) until the returned function is called. */
  listen(sink: (chunk: Uint8Array) => void): () => void {
    this.exchangeSink = sink;
    return () => (this.exchangeSink = undefined);
  }

  /**
   * Get ready to take pictures (x-picture.ts) and to read cells from the pixels (pixels/pixel-reader.ts): with the
   * terminal idle and its screen clear, find its window and its grid, and draw the calibration sheet. Says how
   * pictures are taken and how the pixels are read, or why either is not (the session then runs without it).
   */
  async startWindow(opts: Pick<WindowPicturesOptions, 'display' | 'viewLags' | 'inCompositor' | 'windowId'> & { pictures: boolean; pixels: boolean; font?: string; earlier?: PixelReader; blinksOnlyIdle?: boolean }): Promise<{ pictures?: string; pixels?: string; reused?: boolean }> {
    const out: { pictures?: string; pixels?: string; reused?: boolean } = {};
    let window: WindowPictures;
    // The terminal's processes and the display, found once (a scan of /proc), when first asked.
    let watchedPids: number[] | undefined;
    const processes = () => (watchedPids ??= this.processes().map((p) => p.pid));
    try {
      window = await WindowPictures.open({
        ...opts,
        processes,
        cols: this.parts.cols,
        rows: this.parts.rows,
        gridFrom: opts.pixels ? 'given' : 'mouse',
        exchange: (bytes) => this.exchange(bytes, this.exchangeMs),
        listen: (sink) => this.listen(sink),
        signal: this.endSignal(),
      });
    } catch (error) {
      const why = describeFailure(error, this.signal);
      return { ...(opts.pictures ? { pictures: `none: ${why}` } : {}), ...(opts.pixels ? { pixels: `none: ${why}` } : {}) };
    }
    if (this.closed) {
      window.close();
      return out;
    }
    this.pictures = window;
    const deps = {
      exchange: (bytes: string) => this.exchange(bytes, this.exchangeMs),
      frame: (rect: Rect, waitMs?: number, since?: number) => window.frame(rect, waitMs, since),
      nextOwnFrame: (rect: Rect, ms: number, quiet?: boolean) => window.nextOwnFrame(rect, ms, quiet),
      focus: (on: boolean) => window.focus(on),
      mark: () => window.mark(),
      processes,
    };
    if (opts.pixels) {
      try {
        const tCal = performance.now();
        const again = opts.earlier ? await PixelReader.again(deps, window.area, this.parts.cols, this.parts.rows, opts.earlier) : undefined;
        out.reused = again !== undefined;
        // Where no text read works (terminology), the text is the glyphs': the sheet draws the DEC line-drawing ones too.
        this.pixels = again ?? (await PixelReader.calibrate(deps, window.area, this.parts.cols, this.parts.rows, opts.font, { lineDrawing: this.parts.screen === 'none', ...(opts.blinksOnlyIdle ? { blinksOnlyIdle: true } : {}) }));
        if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] pixels: ${again ? 'an earlier instance\'s calibration taken (grid and sheet page 1 alike)' : 'calibrated'} in ${(performance.now() - tCal).toFixed(1)} ms\n`);
        window.useGrid(this.pixels.grid);
        const restore = new ColourRestore(this.pixels.model);
        this.colours = {
          rewrite: (data) => {
            const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
            return text.includes('\x1b]') ? Buffer.from(restore.rewrite(text), 'latin1') : data;
          },
        };
        const text = this.readText;
        this.readScreen = (region, hints) => this.readWithPixels(region, hints, text);
      } catch (error) {
        out.pixels = `none: ${describeFailure(error, this.signal)}`;
      }
    }
    if (opts.pictures) {
      try {
        const grid = window.hasGrid ? window.grid : await window.measureMouseGrid();
        this.capturePicture = async (region) => {
          // In a compositor (foot in weston), a drawing since the probe was written counts: under load foot may draw
          // the answered state before the picture is asked for, and then nothing more (the picture waited 1 s for a
          // change and took the region as it was, with a note).
          const frame = await window.frame(window.cropOf(region), undefined, this.parts.inCompositor ? this.writtenMark : undefined);
          this.lastFrame = { region, frame };
          return pictureOf(frame);
        };
        const px = (n: number) => String(Math.round(n * 10) / 10);
        out.pictures = `cells of ${px(grid.cellW)}×${px(grid.cellH)} px from ${px(grid.x0)},${px(grid.y0)} of the window (${this.pixels ? 'found on the calibration sheet' : 'mouse reports'})`;
      } catch (error) {
        out.pictures = `none: ${describeFailure(error, this.signal)}`;
      }
    }
    if (!this.pixels && !this.capturePicture) {
      this.pictures = undefined;
      window.close();
    } else if (window.hasGrid) this.pictureGrid = window.grid;
    return out;
  }

  /** Where the terminal's cursor is (CSI 6n), or undefined when it gives no report. */
  private async cursorReport(): Promise<{ row: number; col: number } | undefined> {
    const cpr = (await this.exchange('\x1b[6n', this.exchangeMs)).find((ev) => ev.kind === 'cpr' && !ev.private);
    return cpr?.kind === 'cpr' && cpr.row !== null && cpr.col !== null ? { row: cpr.row, col: cpr.col } : undefined;
  }

  /** The terminal's own text read-back turned out unusable (foot's key binding could not be sent): screens come from the pixels alone, if at all. */
  dropTextRead(): void {
    this.readText = undefined;
    this.readScreen = undefined;
  }

  /** The calibration sheet's pages as pictures (none before startWindow calibrated the pixels). */
  sheetPictures(): CapturedPicture[] {
    return this.pixels?.sheet.map(pictureOf) ?? [];
  }

  processes(): SessionProcess[] {
    return this.parts.processes?.() ?? [];
  }

  /** The terminal's own processes (not the display's, the relay's…), found when first asked (a scan of /proc). */
  private ownPidsFound: number[] | undefined;
  private ownPids(): number[] {
    return (this.ownPidsFound ??= this.processes().filter((p) => p.own).map((p) => p.pid));
  }

  /** Time frames after output (x-frame-timer.ts): with the terminal idle and its screen clear, find its window and grid. */
  async openFrameTimer(): Promise<FrameTimer> {
    const display = this.parts.displayEnv?.['DISPLAY'];
    if (!display) throw new Error('the session has no X display to watch');
    const timer = await XFrameTimer.open({
      display,
      cols: this.parts.cols,
      rows: this.parts.rows,
      exchange: (bytes) => this.exchange(bytes, this.exchangeMs),
      listen: (sink) => this.listen(sink),
      write: (bytes) => this.write(bytes),
      inCompositor: this.parts.inCompositor,
      signal: this.endSignal(),
    });
    if (this.closed) timer.close();
    else this.frameTimer = timer;
    return timer;
  }

  /** Where a picture of `region` is cut from the window, in its pixels (once pictures have started). */
  pictureCrop(region: Region): Rect | undefined {
    return this.pictures?.hasGrid ? this.pictures.cropOf(region) : undefined;
  }

  /** Set once pictures have started (startWindow). */
  capturePicture?: (region: Region) => Promise<CapturedPicture>;

  /**
   * The region's cells with their styles read from the pixels, and their text from the terminal's text read (or,
   * where there is none or it fails, from the pixels too). The pixels come first: a selection read highlights.
   * A cursor inside the region is hidden while its cells are read (it covers the cell it stands on).
   */
  private async readWithPixels(region: Region, hints: ScreenReadHints | undefined, readText: ((region: Region) => Promise<ScreenAnswer>) | undefined): Promise<ScreenAnswer> {
    // Styles cost a read of their own: only where the verdict needs them, or where the pixels are the only text there is.
    if (hints?.styles === false && !hints.cursor && readText) return readText(region);
    const pixels = this.pixels!;
    // Where the cursor is: the probe's own cursor report, or (a probe that asks none, and wants the cursor read) one asked now.
    const tStart = performance.now();
    // A terminal whose drawing lags is asked too: the cursor's cell is its frame's fence (without one the frame waits
    // up to PICTURE_WAIT_MS for a drawing over the region, where often none comes).
    const at = hints?.at ?? (hints?.cursor || (this.parts.lagging && process.env['TERMPROBE_PIXEL_FENCE'] !== 'off') ? await this.cursorReport() : undefined);
    // The cursor first, as the probe left it (the cells' read hides it).
    let cursor: ScreenAnswer['cursor'];
    // The frame the cursor read took with the cursor hidden, where it serves for the cells too (the cursor still hidden).
    let cellsFrame: Frame | undefined;
    if (hints?.cursor && at) {
      const tCursor = performance.now();
      try {
        ({ cellsFrame, ...cursor } = await pixels.readCursor(at, hints.sgrs, region));
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'PictureError') throw error;
        hints.note?.('cursor', `not read: ${error.message}`);
      }
      if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] pixels: cursor read in ${(performance.now() - tCursor).toFixed(1)} ms\n`);
    }
    // Where the cursor is not known, or it stands in the region, it is hidden while the cells are read; next to the region, the pixels it may draw over are left out.
    // Where the drawing lags, it is hidden too, and the frame waits until it shows the cursor gone: a frame drawn after the probe.
    const inside = at === undefined || (at.row >= region.top && at.row <= region.bottom && at.col >= region.left && at.col <= region.right);
    const fence = process.env['TERMPROBE_PIXEL_FENCE'] === 'off' ? undefined : this.parts.lagging && at !== undefined ? at : undefined;
    const covered = inside || fence !== undefined || cellsFrame !== undefined;
    const cached = cellsFrame ?? (!covered && this.lastFrame?.region === region ? this.lastFrame.frame : undefined);
    const lookAt = async (frame?: Frame): Promise<Look | undefined> => {
      // The mark comes before the cursor is hidden: a lagging terminal may draw that before its answer reaches us.
      const since = fence && !cellsFrame ? await this.pictures?.mark() : undefined;
      if (covered && !cellsFrame) await this.exchange('\x1b[?25l', this.exchangeMs);
      try {
        const cursorClear = covered || (at !== undefined && !pixels.cursorTouches(region, at));
        return await pixels.look(region, { ...(hints?.blink !== undefined ? { blink: hints.blink } : {}), ...(hints?.sgrs ? { sgrs: hints.sgrs } : {}), cursorClear }, frame, fence && !cellsFrame ? { ...fence, ...(since !== undefined ? { since } : {}) } : undefined);
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'PictureError') throw error;
        hints?.note?.('pixels', `not read: ${error.message}`);
        return undefined;
      } finally {
        // Shown again without a round trip of its own: whatever talks to the terminal next (the text read, the next
        // probe) waits for its own answer, which comes after this is done.
        if (covered) this.relay.write(encoder.encode('\x1b[?25h'));
      }
    };
    const t0 = performance.now();
    let tLooked = t0;
    let tText = t0;
    // Settled either way (a failure is returned, and thrown once the look is done): a read running beside the look
    // must not reject with nothing awaiting it.
    const readingText = async (): Promise<ScreenAnswer | { failed: unknown } | undefined> => {
      if (!readText) return undefined;
      try {
        return await readText(region);
      } catch (error) {
        return { failed: error };
      } finally {
        tText = performance.now();
      }
    };
    // A text read that neither draws on the window nor talks through the terminal's input or its display (kitty's
    // remote control over its socket) runs while the frame is waited for; the others after it: the selection's
    // highlight would be in the frame; a read through the pty would cross the cursor's hiding; foot's key to weston's
    // window has weston draw, which a fenced frame took for foot's drawing (read beside, sgr.colour-38-5-196 gave the
    // previous probe's colour 88 once in a run).
    const beside = this.parts.screen === 'remote-control';
    const textBeside = beside ? readingText() : undefined;
    const look = await lookAt(cached).finally(() => (tLooked = performance.now()));
    const read = await (textBeside ?? readingText());
    let text: ScreenAnswer | undefined;
    if (read && 'failed' in read) {
      const error = read.failed;
      if (!(error instanceof Error) || error.name !== 'ScreenReadError' || !look) throw error;
      hints?.note?.('screen', `text not read (${error.message}): read from the pixels`);
    } else text = read;
    if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] pixels: ${region.top};${region.left}-${region.bottom};${region.right} looked ${(tLooked - t0).toFixed(1)} ms, text ${(tText - (beside ? t0 : tLooked)).toFixed(1)} ms${beside ? ' beside the look' : ''}${covered ? ' (cursor hidden)' : ''}${look?.watched ? ' (blink watched)' : ''} sgrs=${JSON.stringify(hints?.sgrs)} at=${JSON.stringify(at)}\n`);
    if (!look) {
      if (text) return text;
      throw new ScreenReadError('the pixels could not be read and the terminal has no other screen read');
    }
    const tCells = performance.now();
    const answer = { ...pixels.cells(look, text, covered ? undefined : at), ...(cursor ? { cursor } : {}) };
    if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] pixels: cells read in ${(performance.now() - tCells).toFixed(1)} ms; the whole read ${(performance.now() - tStart).toFixed(1)} ms\n`);
    return answer;
  }

  /** Where the display stood when the last bytes were written (a compositor's terminal: see capturePicture). */
  private writtenMark: number | undefined;

  override write(data: Uint8Array): void {
    this.lastFrame = undefined;
    if (this.parts.inCompositor && this.capturePicture) this.writtenMark = this.pictures?.markNow();
    if (this.selection) this.mouseModes.see(data);
    if (this.parts.screen === 'snapshot') this.charsets.see(data);
    super.write(this.colours ? this.colours.rewrite(data) : data);
  }

  /** Puts the calibrated colours back after a probe that changed them (pixels/colour-restore.ts), once the pixels are read. */
  private colours: { rewrite(data: Uint8Array): Uint8Array } | undefined;

  private route(chunk: Uint8Array): void {
    if (this.exchangeSink) this.exchangeSink(chunk);
    else if (this.engineListener) this.engineListener(chunk);
    else this.queued.push(chunk);
  }

  override onData(listener: (data: Uint8Array) => void): void {
    this.engineListener = listener;
    const queued = this.queued;
    this.queued = [];
    for (const chunk of queued) listener(chunk);
  }

  /**
   * Write bytes followed by DA1 and collect every reply up to that DA1 (the
   * terminal answers in order, so everything asked before it has come). Ends
   * at once, rejecting, when the run is aborted or the session closes.
   */
  exchange(bytes: string, timeoutMs: number): Promise<ReplyEvent[]> {
    if (this.closed) return Promise.reject(new Error('the GUI session is closed'));
    if (this.signal?.aborted) return Promise.reject(this.signal.reason ?? new Error('aborted'));
    if (this.exchangeSink) return Promise.reject(new Error('an exchange with the terminal is already running'));
    const parser = new ReplyParser();
    const events: ReplyEvent[] = [];
    return new Promise<ReplyEvent[]>((resolve, reject) => {
      const timer = setTimeout(() => finish(new ExchangeTimeoutError(`the terminal did not answer DA1 within ${timeoutMs} ms`)), timeoutMs);
      const onAbort = () => finish(this.signal?.reason instanceof Error ? this.signal.reason : new Error('aborted'));
      this.signal?.addEventListener('abort', onAbort, { once: true });
      this.endExchange = () => finish(new Error('the GUI session closed during an exchange with the terminal'));
      const finish = (result: Error | ReplyEvent[]) => {
        clearTimeout(timer);
        this.signal?.removeEventListener('abort', onAbort);
        this.exchangeSink = undefined;
        this.endExchange = undefined;
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      this.exchangeSink = (chunk) => {
        for (const ev of parser.feed(chunk)) {
          events.push(ev);
          if (ev.kind === 'da1') return finish(events);
        }
      };
      this.lastFrame = undefined;
      this.relay.write(encoder.encode(`${bytes}\x1b[c`));
    });
  }

  readScreen?: (region: Region, hints?: ScreenReadHints) => Promise<ScreenAnswer>;

  /** The terminal's own text read-back (recipe's screen method); undefined where there is none. */
  private readText?: (region: Region) => Promise<ScreenAnswer> = async (region) => {
    const { cols, rows } = this.parts;
    if (this.parts.screen === 'remote-control') {
      const lines = await kittyScreenText(this.parts.kittySocket!, this.parts.kittyVersion ?? [0, 26, 5]);
      return screenFromRows(region, cols, rows, splitWrappedRows(lines, cols).slice(0, rows), 'remote-control');
    }
    if (this.parts.screen === 'perl-dump') {
      const path = join(this.parts.home, `screen-${++this.snapshots}.txt`);
      await this.exchange(urxvtDumpRequest(path), this.exchangeMs);
      return screenFromCells(region, cols, rows, readUrxvtDump(path), 'hardcopy');
    }
    if (this.selection) return this.selection.read(region, cols, rows);
    if (this.foot) return this.foot.read(region, cols, rows, this.signal);
    if (this.parts.screen === 'snapshot') {
      if (this.charsets.nonAscii) throw new ScreenReadError("mlterm's snapshot drops or garbles characters drawn from a set other than ASCII (DEC graphics, NRCS), and one is designated");
      return screenFromRows(region, cols, rows, await this.mltermSnapshot(), 'hardcopy');
    }
    // DECRQCRA's rectangle is relative to the margins in origin mode: leave it first
    // (the probe's answer is already in; the next probe's prelude resets everything).
    // XTCHECKSUM turns the checksum into the cell's code point for this read only and puts the
    // default back after it: xterm runs as shipped, so the probes' own DECRQCRA answers are a default xterm's.
    const events = await this.exchange(`\x1b[?6l${XTERM_READ_CHECKSUM}${decrqcraRequests(region)}${XTERM_DEFAULT_CHECKSUM}`, this.exchangeMs);
    return screenFromDecrqcra(region, cols, rows, decrqcraReports(events));
  };

  /**
   * mlterm's configuration protocol: `OSC 5379 ; snapshot NAME UTF8 BEL` writes the
   * log's text (scrollback, then the screen) to ~/.mlterm/NAME-<timestamp>.snp. The DA1 after it is answered
   * once the file is written (mlterm handles both in order, in one thread).
   */
  private async mltermSnapshot(): Promise<string[]> {
    const name = `termprobe-${++this.snapshots}`;
    await this.exchange(`\x1b]5379;snapshot ${name} UTF8\x07`, this.exchangeMs);
    const dir = join(this.parts.home, '.mlterm');
    const file = readdirSync(dir).find((f) => f.startsWith(`${name}-`) && f.endsWith('.snp'));
    if (!file) throw new ScreenReadError(`mlterm wrote no snapshot ${name} in ${dir}`);
    const text = readFileSync(join(dir, file), 'utf8');
    rmSync(join(dir, file), { force: true });
    // The file holds the scrollback and then the screen, with leading blank lines
    // dropped, a wrapped row joined to its continuation, and no newline after the
    // last row: split wrapped rows again, then count rows from the end.
    const lines = text === '' ? [] : splitWrappedRows(text.split('\n'), this.parts.cols);
    const screen = lines.slice(-this.parts.rows);
    return [...new Array<string>(this.parts.rows - screen.length).fill(''), ...screen];
  }

  /**
   * The terminal died mid-run (e.g. zutty aborts on some sequences): say so in the
   * settings. The engine reads the described settings when it writes the results,
   * after the run, so the note reaches the results file; the probes after the
   * crash are already recorded as unanswered by the engine.
   */
  noteExit(text: string): void {
    const settings = (this.description.settings ??= {});
    settings.options = { ...settings.options, 'terminal-exited': text };
    for (const listener of this.exitListeners) listener(text);
  }

  private readonly exitListeners: ((reason: string) => void)[] = [];

  onExit(listener: (reason: string) => void): void {
    this.exitListeners.push(listener);
  }

  async describe(): Promise<Description> {
    return this.description;
  }

  /** Rejects the exchange in progress, if any (close() calls it). */
  private endExchange: (() => void) | undefined;

  protected override async stopTarget(): Promise<void> {
    this.ended.abort(new Error('the GUI session closed'));
    this.selection?.close();
    this.pictures?.close();
    this.frameTimer?.close();
    this.guiInput.close();
    this.endExchange?.();
    await this.parts.stop();
  }
}
