/**
 * The screen a program around a terminal draws (dvtm's window, mosh-client's
 * redraw of mosh-server's screen): that program's pty output is replayed into
 * an @xterm/headless terminal of the pty's size, whose cells are then read as
 * the embedded targets' are (text, widths and styles, as the program drew them).
 *
 * The drawing lags behind the inner terminal, so a read first proves it caught
 * up: it sets the inner terminal's window title to a token never used before
 * (OSC 2), which the program passes on to its own terminal only after it drew
 * what came before (see `fences` below), and waits until the replay shows that
 * title and has parsed every byte received. The title is the only state this
 * touches: none of these programs reports a title back, so no later probe sees it.
 */
import { createRequire } from 'node:module';
import type { Terminal as XtermTerminal } from '@xterm/headless';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { readRegion } from '../common/region-read.js';
import { xtermCellReader } from '../common/xterm-cells.js';
import { ScreenReadError } from '../gui/gui-screen-read.js';

// CommonJS packages, loaded with require: an ESM import of them makes Node scan their whole source for named
// exports (cjs-module-lexer: about 0.1 s of a run's start for @xterm/headless, measured).
const requireCjs = createRequire(import.meta.url);
const { Terminal } = requireCjs('@xterm/headless') as typeof import('@xterm/headless');
const { Unicode11Addon } = requireCjs('@xterm/addon-unicode11') as typeof import('@xterm/addon-unicode11');

export interface OuterScreenOptions {
  cols: number;
  rows: number;
  /**
   * Title tokens per read, one after the other. 1 when the program writes a new title only after it drew
   * everything it processed before (dvtm: it draws at the top of its loop, the title from within it).
   * 2 when a frame starts with the title and the drawing follows in the same frame (mosh-client): the
   * second token's frame comes after the whole of the first's, so the first frame's drawing is all in.
   */
  fences: 1 | 2;
  /** Writes bytes to the inner terminal. */
  writeInner(bytes: Uint8Array): void;
  timeoutMs?: number;
}

const encoder = new TextEncoder();

export class OuterScreen {
  private readonly term: XtermTerminal;
  private title = '';
  private fed = 0;
  private parsed = 0;
  private tokens = 0;
  private wake: (() => void) | undefined;
  private closed = false;
  private readonly prefix = `termprobe-${process.pid}-${Math.random().toString(36).slice(2, 8)}-`;

  constructor(private readonly opts: OuterScreenOptions) {
    this.term = new Terminal({ cols: opts.cols, rows: opts.rows, allowProposedApi: true, scrollback: 0, logLevel: 'off' });
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    this.term.onTitleChange((title) => (this.title = title));
  }

  /** The program's output, as it comes. */
  feed(chunk: Uint8Array): void {
    if (this.closed) return;
    this.fed++;
    this.term.write(chunk, () => {
      this.parsed++;
      this.wake?.();
    });
  }

  async read(region: Region, signal?: AbortSignal): Promise<ScreenAnswer> {
    for (let i = 0; i < this.opts.fences; i++) await this.fence(signal);
    const { cols, rows } = this.opts;
    return { ...readRegion(region, cols, rows, xtermCellReader(this.term.buffer.active)), via: 'outer-screen' };
  }

  private async fence(signal?: AbortSignal): Promise<void> {
    const token = `${this.prefix}${++this.tokens}`;
    this.opts.writeInner(encoder.encode(`\x1b]2;${token}\x07`));
    const limit = this.opts.timeoutMs ?? 5000;
    const started = performance.now();
    while (this.title !== token || this.parsed !== this.fed) {
      if (this.closed) throw new ScreenReadError('the session closed while its screen was read');
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      const left = limit - (performance.now() - started);
      if (left <= 0) throw new ScreenReadError(`the drawing did not show the title ${token} within ${limit / 1000} s (the terminal may be inside an unterminated string)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        const onAbort = () => done();
        signal?.addEventListener('abort', onAbort, { once: true });
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }
        this.wake = done;
      });
      this.wake = undefined;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.wake?.();
    this.term.dispose();
  }
}
