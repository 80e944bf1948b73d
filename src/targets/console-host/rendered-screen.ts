/**
 * The console's screen as it renders it for the terminal hosting it: the VT
 * stream a pseudo-console hands to its host (node-pty's onData), replayed into
 * xterm.js. Its own replies go nowhere: the host does not answer for the console.
 *
 * When is the replay caught up with what the probe did? The reader sets the
 * window title to a fresh marker after the probe (through the relay, so the
 * console sees it after the probe's bytes) and reads the cells at the moment the
 * replay parses that title. conhost's ConPTY renderer (its VtEngine) paints a
 * frame under the console lock, the title after the rows and the cursor, and sends
 * the frame at its end (microsoft/terminal src/renderer/base/renderer.cpp,
 * _PaintFrameForEngine, at b3775bc2b0b4, 2021): a frame that carries the marker
 * was painted after the probe's bytes were all processed, and its rows come before
 * the title. A marker that never comes is a ScreenReadError (the engine records
 * the screen as not read), and reading stops for the session.
 */
import type { Terminal as XtermTerminal } from '@xterm/headless';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { readRegion, validateRegion } from '../common/region-read.js';
import { xtermCellReader } from '../common/xterm-cells.js';
import { createTerminal, XTERM_DEPENDENCY } from '../embedded/xterm-js.js';
import { ScreenReadError } from '../gui/gui-screen-read.js';

interface PendingRead {
  marker: string;
  region: Region;
  settle: (answer: ScreenAnswer | Error) => void;
}

export class RenderedScreen {
  private readonly term: XtermTerminal;
  private pending: PendingRead | undefined;
  private markers = 0;
  private broken: string | undefined;
  private readonly nonce = Math.random().toString(36).slice(2, 8);

  constructor(private readonly cols: number, private readonly rows: number) {
    this.term = createTerminal(XTERM_DEPENDENCY, cols, rows, '11');
    this.term.onTitleChange((title) => this.onTitle(title));
  }

  /** Output of the pseudo-console, in order. */
  feed(data: string | Uint8Array): void {
    this.term.write(typeof data === 'string' ? data : new Uint8Array(data));
  }

  /**
   * Read a region once the rendered output shows everything sent before:
   * `send` delivers the marker's bytes to the console (after whatever came before).
   */
  read(region: Region, send: (bytes: string) => void, lastResortMs: number): Promise<ScreenAnswer> {
    if (this.broken) return Promise.reject(new ScreenReadError(this.broken));
    if (this.pending) return Promise.reject(new Error('a screen read is already under way'));
    try {
      validateRegion(region, this.cols, this.rows);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const marker = `termprobe-screen-${this.nonce}-${++this.markers}`;
    return new Promise<ScreenAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.broken = `the console's rendered output never showed the window title set after the probe (waited ${lastResortMs / 1000} s); screens are not read for the rest of this session`;
        this.pending?.settle(new ScreenReadError(this.broken));
      }, lastResortMs);
      this.pending = {
        marker,
        region,
        settle: (answer) => {
          clearTimeout(timer);
          this.pending = undefined;
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        },
      };
      send(`\x1b]2;${marker}\x07`);
    });
  }

  private onTitle(title: string): void {
    const p = this.pending;
    if (!p || title !== p.marker) return;
    // Read now, inside the parse: the cells are those of the frame the marker ended.
    try {
      p.settle({ ...readRegion(p.region, this.cols, this.rows, xtermCellReader(this.term.buffer.active)), via: 'conpty-output' });
    } catch (error) {
      p.settle(error as Error);
    }
  }

  /** The visible rows once everything fed so far is parsed, trailing spaces and blank rows trimmed (what the console showed, for messages). */
  async shownText(): Promise<string> {
    await new Promise<void>((resolve) => this.term.write('', resolve));
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.rows; y++) lines.push(buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '');
    return lines.filter(Boolean).join(' | ');
  }

  /** End a read under way (the session closes), then the emulator. */
  dispose(): void {
    this.pending?.settle(new Error('the console session closed before its screen was read'));
    this.term.dispose();
  }
}
