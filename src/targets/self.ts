/**
 * The `self` target: the terminal termprobe runs in. Opening it sets raw mode
 * (before the first query), reads the state to put back (self-state.ts),
 * and enters the alternate screen, so the engine's probes never write on the
 * user's main screen. Closing it (normal end, error, signal, silence) writes
 * the restoration, waits until the terminal has answered every DA1 sent (so
 * no late reply lands at the user's prompt), and restores the tty mode. An
 * exit hook does the same synchronously if the process ends any other way.
 */
import { ReplyParser } from '../protocol/reply-parser.js';
import type { Identity, Settings } from '../results/results-schema.js';
import { guessIdentity } from '../engine/identify-guess.js';
import { terminalEnv } from '../engine/identify-env.js';
import { runProbes } from '../engine/run-probes.js';
import type { Probe } from '../corpus/probe-schema.js';
import { CsiQueryScanner, type CsiSequence } from './csi-query-scanner.js';
import { modesToRead, PRELUDE_MODES } from './self-modes.js';
import { ENTER_ALTERNATE, restoration } from './self-restore.js';
import { alternateScreenQuery, MAIN_SCREEN_QUERY, readPriorState, readSeenReplies, type PriorState } from './self-state.js';
import { readTmuxPane } from './self-tmux.js';
import { TtyLink } from './self-tty.js';
import type { OpenOptions, TargetFactory, TargetSession } from './target.js';
import { validateTargetOptions } from './target-options.js';

const NAME = 'self';
/** The first reply must come within this; a terminal that answers nothing costs no more. */
export const FIRST_REPLY_MS = 1000;
/** After the run, how long to wait for replies still in flight. */
const DRAIN_MS = 1000;

export interface SelfOpenOptions {
  signal?: AbortSignal;
  /** Modes the run may change (see touchedModes); the prelude's when not given. */
  touched?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

const isDa1 = (s: CsiSequence) => s.final === 'c' && s.marker === '' && s.intermediates === '' && (s.params === '' || s.params === '0');

export class SelfSession implements TargetSession {
  private listener: ((data: Uint8Array) => void) | undefined;
  private readonly parser = new ReplyParser();
  private readonly da1Queries = new CsiQueryScanner(isDa1);
  private env: NodeJS.ProcessEnv = process.env;
  private da1Sent = 0;
  private da1Received = 0;
  private drained: (() => void) | undefined;
  private closed = false;
  private entered = false;
  private restoreBytes = '';
  private readonly exitHook = () => this.emergencyRestore();
  readonly size: { cols: number; rows: number };
  prior: PriorState = { answered: false, modes: {}, sources: {} };
  identity: Identity = { name: 'unknown', version: 'unknown', identifiedBy: 'unknown', chain: {} };
  summary = '';
  /** Things the user should know about this run (tty quirks, assumed states, a resize). */
  readonly notes: string[] = [];

  constructor(
    private readonly link: TtyLink,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.size = link.size;
    link.onData((chunk) => this.receive(chunk));
    link.onResize(() => this.notes.push(`the window was resized during the run (now ${link.size.cols}x${link.size.rows}); answers after that may differ`));
    process.on('exit', this.exitHook);
  }

  private receive(chunk: Uint8Array): void {
    for (const ev of this.parser.feed(chunk)) {
      if (ev.kind === 'da1') this.da1Received++;
      // Raw mode turns Ctrl-C into a byte; make it the signal the user meant.
      if (ev.kind === 'text' && ev.text.includes('\x03') && !this.closed) this.interrupt();
    }
    if (this.drained && this.da1Received >= this.da1Sent) this.drained();
    this.listener?.(chunk);
  }

  private interrupt(): void {
    if (process.listenerCount('SIGINT') > 0) {
      process.kill(process.pid, 'SIGINT');
      return;
    }
    this.emergencyRestore(); // nobody turns SIGINT into a clean shutdown: restore, then go
    process.exit(130);
  }

  write(data: Uint8Array): void {
    if (this.closed) return;
    this.da1Sent += this.da1Queries.scan(data).length;
    this.link.write(data);
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
  }

  /** One built-in query through the engine, with the first-reply deadline. */
  private async ask(probe: Probe) {
    const run = await runProbes(this, [probe], { size: this.size, prelude: 'none', idleTimeoutMs: FIRST_REPLY_MS, maxTimeouts: 1, signal: this.signal });
    return run.results[0]!;
  }

  /** Raw mode, the state before, the alternate screen, identification. */
  async start(opts: SelfOpenOptions): Promise<void> {
    const note = await this.link.enterRaw();
    if (note) this.notes.push(note);
    const env = (this.env = opts.env ?? process.env);
    const [main, tmux] = await Promise.all([this.ask(MAIN_SCREEN_QUERY), readTmuxPane(env)]);
    const touched = opts.touched ?? PRELUDE_MODES;
    // What is known so far is enough to come back out, should anything stop the run from here on.
    this.restoreBytes = restoration(readPriorState(main, undefined, tmux), touched, this.size).bytes;
    this.link.write(ENTER_ALTERNATE);
    this.entered = true;
    const alt = main.status === 'ok' || main.cursor ? await this.ask(alternateScreenQuery(modesToRead(touched))) : undefined;
    this.prior = readPriorState(main, alt, tmux);
    const plan = restoration(this.prior, touched, this.size);
    this.restoreBytes = plan.bytes;
    if (plan.assumed.length > 0 && this.prior.answered) this.notes.push(`the terminal did not report ${plan.assumed.join(', ')}; put back to the usual state at a shell prompt`);
    if (plan.unknown.length > 0) this.notes.push(`state of ${plan.unknown.join(', ')} unknown; left as the probes left them`);
    const seen = readSeenReplies(alt);
    const guess = guessIdentity({ ...seen, env: terminalEnv(env), ...(tmux ? { tmuxClient: tmux.client } : {}) });
    this.identity = guess.identity;
    this.summary = guess.summary;
  }

  async describe(): Promise<Partial<Identity> & { settings?: Partial<Settings> }> {
    const term = this.env['TERM'];
    return { ...this.identity, settings: { cols: this.size.cols, rows: this.size.rows, ...(term ? { term } : {}), modes: { ...this.prior.modes } } };
  }

  /** Wait until every DA1 sent has its reply (all earlier replies came before it), or the time is up. */
  private drain(ms: number): Promise<void> {
    if (ms <= 0 || this.da1Received >= this.da1Sent) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.drained = undefined;
        resolve();
      }
      this.drained = done;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const hungUp = (this.signal?.reason as { signal?: string } | undefined)?.signal === 'SIGHUP';
    if (this.entered) this.link.write(this.restoreBytes);
    this.link.write('\x1b[c'); // the final sentinel: its reply means every earlier reply has arrived
    this.da1Sent++;
    this.closed = true;
    // Replies still in flight would otherwise reach the shell as typed input.
    await this.drain(hungUp || this.link.dead || this.da1Received === 0 ? 0 : DRAIN_MS);
    this.listener = undefined;
    this.link.close();
    process.off('exit', this.exitHook);
  }

  /** The process is ending without close(): restore synchronously, no waiting. */
  private emergencyRestore(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.entered) this.link.write(this.restoreBytes || '\x1b[?1049l\x1b8\x1b[?25h');
    this.link.leaveRaw();
  }
}

/** Open the user's terminal: raw mode, state read, alternate screen entered. Closes it again on failure. */
export async function openSelfSession(opts: SelfOpenOptions = {}): Promise<SelfSession> {
  const session = new SelfSession(TtyLink.open(), opts.signal);
  try {
    await session.start(opts);
    return session;
  } catch (e) {
    await session.close();
    throw e;
  }
}

export const selfTarget: TargetFactory = {
  name: NAME,
  kind: 'self',
  description: 'the terminal termprobe runs in (probed inside its alternate screen, restored afterwards)',
  available: async () => TtyLink.available(),
  async open(opts: OpenOptions): Promise<TargetSession> {
    validateTargetOptions(NAME, opts.options, {});
    return openSelfSession({ signal: opts.signal });
  },
};
