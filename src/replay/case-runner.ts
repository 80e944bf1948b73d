/**
 * Feed byte sequences ("cases") into an open target and read the state each
 * leaves: after a case's bytes come ST (ESC \\, so a string or sequence left open
 * cannot swallow what follows; not CAN, which the Ghostty wasm engine advances the
 * cursor for in ground state), CSI 6n and the DA1 sentinel; the case is answered at its
 * sentinel's reply (one more DA1 reply for each DA1 query the case itself holds),
 * then the screen is read. Optionally each case starts with the engine's
 * isolation prelude (soft reset, modes, margins, tabs, clear, home), so it sees
 * the state every corpus probe starts from, and a case found here reproduces as
 * a probe. (RIS would be a fuller reset, but xterm.js rebuilds its whole
 * scrollback on RIS, which made cases ten times slower.)
 *
 * Embedded targets read their screen "after every byte written so far" (their
 * contract), so their cases are pipelined: the read is asked for right after the
 * write, and many cases run per turn. Other targets read once the sentinel came.
 */
import { ReplyParser } from '../protocol/reply-parser.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import { CsiQueryScanner } from '../targets/common/csi-query-scanner.js';
import type { TargetSession } from '../targets/target.js';
import type { ScreenAnswer } from '../results/results-schema.js';
import type { TerminalState } from './terminal-state.js';
import { preludeBytes } from '../corpus/prelude.js';

const TAIL = new TextEncoder().encode('\x1b\\\x1b[6n\x1b[c');

/**
 * The prelude, then DECSC at home: the prelude leaves the saved cursor alone
 * (DECSTR resets it in some terminals, not in Ghostty), so without this a case's
 * DECRC or SCORC would restore what an earlier case saved.
 */
function resetBytes(cols: number, rows: number, restore = ''): Uint8Array {
  return new Uint8Array(Buffer.from(preludeBytes({ cols, rows }, 'default', restore) + '\x1b7', 'utf8'));
}

interface Pending {
  da1Left: number;
  cursor: TerminalState['cursor'];
  screen?: Promise<ScreenAnswer>;
  resolve(state: TerminalState): void;
  reject(error: Error): void;
}

export interface CaseRunnerOptions {
  cols: number;
  rows: number;
  /** Ask for the screen right after the write (embedded targets). */
  pipelined: boolean;
  /** Bytes the prelude adds to put modes back to the terminal's defaults (restoreModesBytes). */
  restore?: string;
  /** Give up on a case after this long without any reply. */
  idleTimeoutMs?: number;
}

export class CaseRunner {
  private readonly parser = new ReplyParser();
  private readonly pending: Pending[] = [];
  private readonly scanner = new CsiQueryScanner((s) => s.final === 'c' && s.marker === '' && s.intermediates === '');
  private chain: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failed: Error | undefined;
  private reset: Uint8Array;
  /** DA1 queries written outside a case (write()), whose replies come before the next case's. */
  private carried = 0;
  private lastReply = performance.now();

  constructor(
    private readonly session: TargetSession,
    private opts: CaseRunnerOptions,
  ) {
    this.reset = resetBytes(opts.cols, opts.rows, opts.restore);
    session.onData((chunk) => this.onEvents(this.parser.feed(chunk)));
    session.onExit?.((reason) => this.fail(new Error(`the terminal went away: ${reason}`)));
  }

  /** The size changed (after a resize): later reads cover the new screen. */
  resize(cols: number, rows: number): void {
    this.opts = { ...this.opts, cols, rows };
    this.reset = resetBytes(cols, rows, this.opts.restore);
  }

  get region() {
    return { top: 1, left: 1, bottom: this.opts.rows, right: this.opts.cols };
  }

  /** Run one case; with `reset`, the prelude first. Cases are answered in the order they were given. */
  run(bytes: Uint8Array, reset = false): Promise<TerminalState> {
    if (this.opts.pipelined) return this.send(bytes, reset);
    const next = this.chain.then(() => this.send(bytes, reset));
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Write bytes with no state read (a long session, streamed); the next case waits for their replies too. */
  write(bytes: Uint8Array): void {
    if (this.failed) throw this.failed;
    this.carried += this.scanner.scan(bytes).length;
    this.session.write(bytes);
  }

  private send(bytes: Uint8Array, reset: boolean): Promise<TerminalState> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<TerminalState>((resolve, reject) => {
      const da1Left = 1 + this.carried + this.scanner.scan(bytes).length;
      this.carried = 0;
      const p: Pending = { da1Left, cursor: null, resolve, reject };
      if (this.pending.length === 0) this.lastReply = performance.now();
      this.pending.push(p);
      if (reset) this.session.write(this.reset);
      if (bytes.length > 0) this.session.write(bytes);
      this.scanner.scan(TAIL);
      this.session.write(TAIL);
      if (this.opts.pipelined && this.session.readScreen) p.screen = this.session.readScreen(this.region);
      this.arm();
    });
  }

  /**
   * One watchdog timer while cases are pending (re-armed only when it fires, not
   * per case): a case with no reply for idleTimeoutMs is given up.
   */
  private arm(): void {
    if (this.timer || this.pending.length === 0) return;
    const ms = this.opts.idleTimeoutMs ?? 5000;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (performance.now() - this.lastReply >= ms) {
        const head = this.pending.shift();
        if (head) void this.finish(head, `no answer after ${ms} ms without a reply`);
        this.lastReply = performance.now();
      }
      this.arm();
    }, Math.max(10, ms - (performance.now() - this.lastReply)));
  }

  private onEvents(events: ReplyEvent[]): void {
    for (const ev of events) {
      const head = this.pending[0];
      if (!head) continue;
      if (ev.kind === 'cpr' && !ev.private && ev.row !== null && ev.col !== null) head.cursor = { row: ev.row, col: ev.col };
      else if (ev.kind === 'da1' && --head.da1Left === 0) {
        this.pending.shift();
        void this.finish(head);
      }
    }
    if (events.length > 0) this.lastReply = performance.now();
  }

  private async finish(p: Pending, note?: string): Promise<void> {
    try {
      let screen: ScreenAnswer | undefined;
      if (p.screen) screen = await p.screen;
      else if (this.session.readScreen && !note) screen = await this.session.readScreen(this.region);
      p.resolve({ cursor: p.cursor, ...(screen ? { screen } : {}), ...(note ? { note } : {}) });
    } catch (e) {
      p.reject(e as Error);
    }
  }

  private fail(error: Error): void {
    this.failed = error;
    for (const p of this.pending.splice(0)) p.reject(error);
  }

  /** Stop the idle timer (the session is closed by its owner). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
