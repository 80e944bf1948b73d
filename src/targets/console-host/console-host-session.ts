/**
 * A session with the console host: the relay (console-relay.ts) runs in a
 * pseudo-console, so what it writes is interpreted by the console, and the
 * console's replies, which it types into the relay's input, come back over the
 * relay's side channel (relay-link.ts). What the console renders for its host
 * goes into a replay (rendered-screen.ts), which is how its screen is read.
 * termprobe never writes into the pseudo-console's input itself: that would be
 * keystrokes, and the answers must be the console's.
 *
 * Start-up: the relay connects and reports the console's size, then a cursor
 * report from the far corner must come back (the console answers queries). A
 * console that passes the request through to its host instead (ConPTY since
 * microsoft/terminal 450eec48de, #17510) is told apart from one that is merely
 * silent. Closing (also on abort, at any point of the start) ends the relay's
 * connection, closes the console and waits for its process.
 */
import { ReplyParser } from '../../protocol/reply-parser.js';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import type { Description } from '../common/fifo-relay.js';
import { closeOnAbort } from '../common/close-on-abort.js';
import { startLimits } from '../common/start-limits.js';
import type { TargetSession } from '../target.js';
import { TargetStartError, wrongSizeMessage } from '../target-start-error.js';
import { describeConsoleHost } from './describe-console-host.js';
import { RELAY_PATH, type PseudoConsole, type SpawnConsole } from './pseudo-console.js';
import type { RelayLink } from './relay-link.js';
import { RenderedScreen } from './rendered-screen.js';
import { StreamScan } from './stream-scan.js';

export const NAME = 'conpty';
/** Last resort for one screen read (the marker normally comes with the console's next frame). */
const SCREEN_WAIT_MS = 5000;
/** How long a closed console's process may take to end before it is killed. */
const EXIT_WAIT_MS = 2000;
const CPR_REQUEST = '\x1b[6n';

export interface ConsoleHostParts {
  /** Starts the relay in a pseudo-console (pseudo-console.ts: node-pty's, in production). */
  spawn: SpawnConsole;
  /** Overrides the last-resort start-up limits (start-limits.ts). */
  startTimeoutMs?: number;
  /** Overrides the limit for the start-up cursor report alone (a test of a console that never answers). */
  checkTimeoutMs?: number;
}

const encoder = new TextEncoder();

function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The relay's environment: termprobe's own, the link's token, and no NODE_OPTIONS that could make node print into the console. */
function relayEnv(link: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'NODE_OPTIONS') env[k] = v;
  return { ...env, ...link };
}

export class ConsoleHostSession implements TargetSession {
  readonly noInputBecause = 'the console host takes input events from the Windows console input queue, which the input probes do not drive';
  private pty: PseudoConsole | undefined;
  private exited: Promise<void> = Promise.resolve();
  private closing: Promise<void> | undefined;
  private starting: Promise<void> | undefined;
  private listener: ((data: Uint8Array) => void) | undefined;
  private queued: Uint8Array[] = [];
  /** Replies go here instead of the engine while the start-up check runs. */
  private sink: ((data: Uint8Array | Error) => void) | undefined;
  private readonly exitListeners: ((reason: string) => void)[] = [];
  private readonly passedThrough = new StreamScan(CPR_REQUEST);
  private readonly unwatch: () => void;
  private cornerAnswer = '';
  private connected = false;
  /** The relay or its console went away (reported once). */
  private ended = false;

  constructor(
    private readonly link: RelayLink,
    private readonly screen: RenderedScreen,
    private readonly cols: number,
    private readonly rows: number,
    private readonly parts: ConsoleHostParts,
    private readonly signal: AbortSignal | undefined,
  ) {
    link.onData((chunk) => this.fromConsole(chunk));
    link.onClose(() => this.gone('the console relay disconnected'));
    this.unwatch = closeOnAbort(signal, () => this.close());
  }

  get closed(): boolean {
    return this.closing !== undefined;
  }

  start(): Promise<void> {
    return (this.starting ??= this.doStart());
  }

  private async doStart(): Promise<void> {
    if (this.closed) throw new TargetStartError(`${NAME}: the session was closed before the console started`);
    const limits = startLimits({ ...(this.parts.startTimeoutMs ? { startTimeoutMs: this.parts.startTimeoutMs } : {}) }, NAME);
    const { cols, rows } = this;
    let pty: PseudoConsole;
    try {
      pty = this.parts.spawn(process.execPath, ['--no-warnings', RELAY_PATH], { cols, rows, env: relayEnv(this.link.env) });
    } catch (error) {
      throw new TargetStartError(`${NAME}: the pseudo-console could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.pty = pty;
    this.exited = new Promise((resolve) => pty.onExit((e) => {
      resolve();
      void this.onRelayExit(e);
    }));
    pty.onData((data) => {
      this.screen.feed(data);
      this.passedThrough.feed(data);
    });
    const size = await this.link.connected({ timeoutMs: limits.startMs, signal: this.signal });
    this.connected = true;
    if (size.cols !== cols || size.rows !== rows) throw new TargetStartError(wrongSizeMessage(NAME, size, { cols, rows }, 'the size the relay saw'));
    this.cornerAnswer = await this.cornerReport(this.parts.checkTimeoutMs ?? limits.checkMs);
  }

  private async onRelayExit(e: { exitCode: number; signal?: number }): Promise<void> {
    if (this.closed) return;
    const how = e.signal ? `signal ${e.signal}` : `code ${e.exitCode}`;
    if (this.connected) return this.gone(`the console relay exited (${how}) during the run`);
    const shown = await this.screen.shownText();
    this.link.fail(new TargetStartError(`${NAME}: the relay exited (${how}) before it connected${shown ? ` (its console showed: ${shown.slice(0, 300)})` : ''}`));
  }

  /** The console's cursor report after moving to the far corner: it answers queries, and its size is the one asked for. */
  private cornerReport(limitMs: number): Promise<string> {
    const parser = new ReplyParser();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.sink?.(new TargetStartError(this.silenceMessage(limitMs))), limitMs);
      this.sink = (chunk) => {
        const done = (r: string | Error) => {
          clearTimeout(timer);
          this.sink = undefined;
          if (r instanceof Error) reject(r);
          else resolve(r);
        };
        if (chunk instanceof Error) return done(chunk);
        for (const ev of parser.feed(chunk)) if (ev.kind === 'cpr' && !ev.private) return done(`${ev.row};${ev.col}`);
      };
      this.passedThrough.restart();
      this.link.write(encoder.encode(`\x1b[999;999H${CPR_REQUEST}\x1b[H`));
    }).then((answer) => {
      if (answer !== `${this.rows};${this.cols}`) throw new TargetStartError(`${NAME}: the console reported its far corner at ${answer}, not ${this.rows};${this.cols}`);
      return answer;
    });
  }

  private silenceMessage(limitMs: number): string {
    const secs = `${limitMs / 1000} s`;
    return this.passedThrough.seen
      ? `${NAME}: the console passed the cursor report request (CSI 6n) through to the terminal hosting it instead of answering it (conhost's ConPTY does so since microsoft/terminal 450eec48de, #17510): its answers would be termprobe's own, so there is no console to measure (waited ${secs})`
      : `${NAME}: the console did not answer the cursor report request (CSI 6n) within ${secs}`;
  }

  private fromConsole(chunk: Uint8Array): void {
    if (this.sink) this.sink(chunk);
    else if (this.listener) this.listener(chunk);
    else this.queued.push(chunk);
  }

  write(data: Uint8Array): void {
    if (!this.closed && this.connected) this.link.write(data);
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
    for (const chunk of this.queued.splice(0)) listener(chunk);
  }

  onExit(listener: (reason: string) => void): void {
    this.exitListeners.push(listener);
  }

  /** The relay or its console went away: a start-up check under way fails at once, and the engine stops waiting. */
  private gone(reason: string): void {
    if (this.closed || this.ended) return;
    this.ended = true;
    this.sink?.(new TargetStartError(`${NAME}: ${reason}`));
    for (const l of this.exitListeners) l(reason);
  }

  readScreen(region: Region): Promise<ScreenAnswer> {
    return this.screen.read(region, (marker) => this.write(encoder.encode(marker)), SCREEN_WAIT_MS);
  }

  describe(): Promise<Description> {
    return describeConsoleHost(this.cols, this.rows, this.cornerAnswer);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.unwatch();
      this.sink?.(new TargetStartError(`${NAME}: the session was closed while the console started`));
      // The relay ends when its connection does; closing the console ends whatever is left in it.
      await this.link.close();
      const pty = this.pty;
      if (pty) {
        try {
          pty.kill();
        } catch {
          // already gone
        }
        if (!(await within(this.exited, EXIT_WAIT_MS))) {
          try {
            process.kill(pty.pid, 'SIGKILL');
          } catch {
            // already gone
          }
          await within(this.exited, EXIT_WAIT_MS);
        }
      }
      this.screen.dispose();
    })();
    return this.closing;
  }
}
