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
import { WindowPictures, type WindowPicturesOptions } from './x-picture.js';
import type { Grid } from './x-grid.js';
import type { Rect } from './x-image-requests.js';
import type { CapturedPicture } from '../../results/picture-files.js';
import type { FrameTimer, SessionProcess } from '../target.js';
import { XFrameTimer } from './x-frame-timer.js';
import type { InputQuirks } from './gui-input-quirks.js';
import { GuiInput } from './gui-input.js';

const encoder = new TextEncoder();

export class ExchangeTimeoutError extends Error {
  override name = 'ExchangeTimeoutError';
}

export interface GuiSessionParts {
  /** Ends every process of the run (terminal, D-Bus, compositor, display) and removes the scratch dir. */
  stop(): Promise<void>;
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

  constructor(relay: FifoRelay, private readonly signal: AbortSignal | undefined, readonly parts: GuiSessionParts) {
    super(relay, signal);
    relay.onData((chunk) => this.route(chunk));
    if (parts.screen === 'none') this.readScreen = undefined;
    if (parts.screen === 'selection') {
      this.selection = new XSelectionReader({
        display: parts.displayEnv?.['DISPLAY'] ?? '',
        exchange: (bytes) => this.exchange(bytes, 5000),
        listen: (sink) => this.listen(sink),
        multiClick: parts.multiClick ?? 'spaced',
        keepsSelection: parts.keepsSelection,
        curvedScreen: parts.curvedScreen,
        awaitClaimCheck: parts.awaitClaimCheck,
        awaitViewUpdate: parts.awaitViewUpdate,
        mouseModes: this.mouseModes,
        signal: this.endSignal(),
      });
    }
    if (parts.screen === 'pipe-visible') this.foot = new FootVisibleReader(parts.displayEnv ?? {}, parts.footDir ?? parts.home);
    this.guiInput = new GuiInput({ display: parts.displayEnv?.['DISPLAY'] ?? '', cols: parts.cols, rows: parts.rows, exchange: (bytes) => this.exchange(bytes, 5000), listen: (sink) => this.listen(sink), signal: this.endSignal(), quirks: parts.inputQuirks, knownGrid: () => this.pictureGrid });
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
  private listen(sink: (chunk: Uint8Array) => void): () => void {
    this.exchangeSink = sink;
    return () => (this.exchangeSink = undefined);
  }

  /**
   * Get ready to take pictures (x-picture.ts): with the terminal idle and its screen clear, find its window and
   * its grid. Rejects when it cannot (the session then takes none).
   */
  async startPictures(opts: Pick<WindowPicturesOptions, 'display' | 'viewLags' | 'inCompositor'>): Promise<Grid> {
    const pictures = await WindowPictures.open({
      ...opts,
      cols: this.parts.cols,
      rows: this.parts.rows,
      exchange: (bytes) => this.exchange(bytes, 5000),
      listen: (sink) => this.listen(sink),
      signal: this.endSignal(),
    });
    if (this.closed) pictures.close();
    else {
      this.pictures = pictures;
      this.pictureGrid = pictures.grid;
      this.capturePicture = (region) => pictures.capture(region);
    }
    return pictures.grid;
  }

  processes(): SessionProcess[] {
    return this.parts.processes?.() ?? [];
  }

  /** Time frames after output (x-frame-timer.ts): with the terminal idle and its screen clear, find its window and grid. */
  async openFrameTimer(): Promise<FrameTimer> {
    const display = this.parts.displayEnv?.['DISPLAY'];
    if (!display) throw new Error('the session has no X display to watch');
    const timer = await XFrameTimer.open({
      display,
      cols: this.parts.cols,
      rows: this.parts.rows,
      exchange: (bytes) => this.exchange(bytes, 5000),
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
    return this.pictures?.cropOf(region);
  }

  /** Set once pictures have started (startPictures). */
  capturePicture?: (region: Region) => Promise<CapturedPicture>;

  override write(data: Uint8Array): void {
    if (this.selection) this.mouseModes.see(data);
    if (this.parts.screen === 'snapshot') this.charsets.see(data);
    super.write(data);
  }

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
      this.relay.write(encoder.encode(`${bytes}\x1b[c`));
    });
  }

  readScreen?: (region: Region) => Promise<ScreenAnswer> = async (region) => {
    const { cols, rows } = this.parts;
    if (this.parts.screen === 'remote-control') {
      const lines = await kittyScreenText(this.parts.kittySocket!, this.parts.kittyVersion ?? [0, 26, 5]);
      return screenFromRows(region, cols, rows, splitWrappedRows(lines, cols).slice(0, rows), 'remote-control');
    }
    if (this.parts.screen === 'perl-dump') {
      const path = join(this.parts.home, `screen-${++this.snapshots}.txt`);
      await this.exchange(urxvtDumpRequest(path), 5000);
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
    const events = await this.exchange(`\x1b[?6l${XTERM_READ_CHECKSUM}${decrqcraRequests(region)}${XTERM_DEFAULT_CHECKSUM}`, 5000);
    return screenFromDecrqcra(region, cols, rows, decrqcraReports(events));
  };

  /**
   * mlterm's configuration protocol: `OSC 5379 ; snapshot NAME UTF8 BEL` writes the
   * log's text (scrollback, then the screen) to ~/.mlterm/NAME-<timestamp>.snp. The DA1 after it is answered
   * once the file is written (mlterm handles both in order, in one thread).
   */
  private async mltermSnapshot(): Promise<string[]> {
    const name = `termprobe-${++this.snapshots}`;
    await this.exchange(`\x1b]5379;snapshot ${name} UTF8\x07`, 5000);
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
