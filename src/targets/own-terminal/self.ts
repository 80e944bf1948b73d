/**
 * The `self` target: the terminal termprobe runs in. Opening it sets raw mode
 * (before the first query), reads the state to put back (self-state.ts),
 * enters the alternate screen, so the engine's probes never write on the
 * user's main screen, and there reads what the probes change outside the
 * screen: colours, titles, keyboard flags (self-outside-state.ts). Closing it (normal end, error, signal, silence) writes
 * the restoration, waits until the terminal has answered every DA1 sent (so
 * no late reply lands at the user's prompt), and restores the tty mode. An
 * exit hook does the same synchronously if the process ends any other way.
 */
import { ReplyParser } from '../../protocol/reply-parser.js';
import { ReplyCounter } from './self-reply-counter.js';
import type { Identity, ProbeResult, ScreenAnswer, Settings } from '../../results/results-schema.js';
import { withPackageVersion } from './self-package-version.js';
import type { EngineIdentity } from '../target.js';
import type { Probe, Region } from '../../corpus/probe-schema.js';
import type { SelfScreen } from './self-screen.js';
import { BadInputError } from '../../util/bad-input-error.js';
import { modesToRead, PRELUDE_MODES } from './self-modes.js';
import { ENTER_ALTERNATE, restoration, type Restoration } from './self-restore.js';
import { alternateScreenQuery, mainScreenModesQuery, measuredSize, readPriorState, readSeenReplies, type PriorState, type SeenReplies } from './self-state.js';
import { readTmuxPane, type TmuxPane } from './self-tmux.js';
import { NOTHING_OUTSIDE, outsideQueries, type OutsideChanges } from './self-outside.js';
import { effectiveChanges, emptyOutsideState, outsideQuery, readOutsideState, type Multiplexer, type OutsideState } from './self-outside-state.js';
import { judgeTitleCheck, titleCheckFor } from './self-title-check.js';
import { TtyLink } from './self-tty.js';
import type { OpenOptions, ScreenReadHints, TargetFactory, TargetSession } from '../target.js';
import { validateTargetOptions } from '../target-options.js';

const NAME = 'self';
/** The first reply must come within this; a terminal that answers nothing costs no more. */
export const FIRST_REPLY_MS = 1000;
/**
 * After the run, how long replies still in flight are waited for after the last one came: the final sentinel's reply
 * ends the wait at once; a terminal still answering (a loaded machine: the replies of the probes the run was cut in
 * came 1 s and more after Ctrl-C, after the tty was back to echo, and the shell's screen showed them as ^[[1;17R…) is
 * waited for while its replies keep coming, up to DRAIN_CAP_MS.
 */
const DRAIN_MS = 1000;
const DRAIN_CAP_MS = 10_000;

/**
 * What opening the user's terminal needs from the engine, handed in by it (targets
 * never import the engine): a probe answered through the engine's own pipeline,
 * and who the replies, the environment and tmux say the terminal is.
 */
export interface SelfSteps {
  ask(session: TargetSession, probe: Probe, how: { size: { cols: number; rows: number }; idleTimeoutMs: number; signal?: AbortSignal }): Promise<ProbeResult>;
  identify(facts: SeenReplies & { env: NodeJS.ProcessEnv; tmuxClient?: TmuxPane['client'] }): { identity: Identity; engine?: EngineIdentity; summary: string };
}

export interface SelfOpenOptions {
  /** The engine's half of opening (see SelfSteps). */
  steps: SelfSteps;
  signal?: AbortSignal;
  /** Modes the run may change (see touchedModes); the prelude's when not given. */
  touched?: readonly string[];
  /** What the run may change outside the screen (see touchedOutside): read first, put back at the end. */
  outside?: OutsideChanges;
  env?: NodeJS.ProcessEnv;
}

const encoder = new TextEncoder();
const DA1_QUERIES = [Buffer.from('\x1b[c'), Buffer.from('\x1b[0c')];
const SOFT_RESET = Buffer.from('\x1b[!p');

/** Modes a note names one by one; more are counted, the first few named (someModes). */
const FEW = 3;
const someModes = (modes: readonly string[]) => `${modes.slice(0, FEW).join(', ')}, …`;

/** How often `needle` occurs in `bytes` (a plain byte search: the engine writes whole sequences). */
function occurrences(bytes: Buffer, needle: Buffer): number {
  let n = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + needle.length)) n++;
  return n;
}

export class SelfSession implements TargetSession {
  /** Nothing is ever typed into the user's own terminal: its keys are measured by `termprobe keys`, which the person drives. */
  readonly noInputBecause = 'nothing is typed into your own terminal as if by you: run `termprobe keys` and press the keys it asks for';
  private listener: ((data: Uint8Array) => void) | undefined;
  private readonly parser = new ReplyParser();
  private pending: { opost: Promise<string | undefined>; tmux: Promise<TmuxPane | undefined> } | undefined;
  private onFirstDa1: (() => void) | undefined;
  /** Step 1's answers: anything at all, and the main screen's cursor. */
  private answeredAny = false;
  private mainCursor: { row: number; col: number } | undefined;
  private env: NodeJS.ProcessEnv = process.env;
  private da1Sent = 0;
  private readonly counter = new ReplyCounter();
  private closed = false;
  private entered = false;
  private restoreBytes = '';
  private queriesOnlyRestore = '\x1b[?1049l\x1b8';
  /** Set once a probe went out (its prelude starts with DECSTR), or the title check: from then on the full restoration is needed. */
  private probed = false;
  private readonly exitHook = () => this.emergencyRestore();
  /** The window size the tty reports, replaced by the one the terminal shows (CUP 999;999 + CSI 6n) when they differ. */
  size: { cols: number; rows: number };
  prior: PriorState = { answered: false, modes: {}, sources: {} };
  /** What the terminal reported of what the run changes outside the screen (what may change; the rest is skipped). */
  outside: OutsideState = emptyOutsideState();
  identity: Identity = { name: 'unknown', version: 'unknown', identifiedBy: 'unknown', chain: {} };
  engine: EngineIdentity | undefined;
  summary = '';
  /** Things the user should know about this run (tty quirks, assumed states, a resize). */
  readonly notes: string[] = [];

  constructor(
    private readonly link: TtyLink,
    private readonly signal: AbortSignal | undefined,
  ) {
    const { cols, rows } = link.size;
    // A pty nobody sized (e.g. under script(1)) says 0x0; step 2 measures the real size when the terminal answers.
    this.size = cols > 0 && rows > 0 ? { cols, rows } : { cols: 80, rows: 24 };
    if (cols <= 0 || rows <= 0) this.notes.push(`the tty reports no size (${cols}x${rows}); 80x24 assumed unless the terminal shows another`);
    link.onData((chunk) => this.receive(chunk));
    link.onResize(() => this.notes.push(`the window was resized during the run (now ${link.size.cols}x${link.size.rows}); answers after that may differ`));
    process.on('exit', this.exitHook);
  }

  /** While the session talks to the terminal itself (the screen read's exchanges), its replies go here, not to the engine. */
  private exchangeSink: ((chunk: Uint8Array) => void) | undefined;
  /** How this terminal's screen is read (self-screen.ts), once start() found a way. */
  private screen: SelfScreen | undefined;
  /** Why the screen is not read, when it is not. */
  private screenNote = '';

  /**
   * Write bytes followed by DA1 and resolve once the terminal has answered that DA1, its replies kept from the
   * engine (nothing of the engine's is in flight while a screen is read).
   */
  private exchange(bytes: string, timeoutMs = 5000): Promise<void> {
    const parser = new ReplyParser();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`the terminal did not answer DA1 within ${timeoutMs} ms`)), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.exchangeSink = undefined;
        if (error) reject(error);
        else resolve();
      };
      this.exchangeSink = (chunk) => {
        for (const ev of parser.feed(chunk)) if (ev.kind === 'da1') return finish();
      };
      this.write(encoder.encode(`${bytes}\x1b[c`));
    });
  }

  readScreen?: (region: Region, hints?: ScreenReadHints) => Promise<ScreenAnswer>;

  private receive(chunk: Uint8Array): void {
    // The full parser only until the alternate screen: step 1 wants the CPR; later the engine parses, and counting is enough here.
    if (!this.entered) {
      for (const ev of this.parser.feed(chunk)) {
        if (ev.kind !== 'text') this.answeredAny = true;
        if (ev.kind === 'cpr' && !ev.private && !this.mainCursor && ev.row !== null && ev.col !== null && ev.row > 0 && ev.col > 0) this.mainCursor = { row: ev.row, col: ev.col };
      }
    }
    const ctrlC = this.counter.ctrlC;
    if (this.counter.feed(chunk) > 0) this.onFirstDa1?.();
    // Raw mode turns Ctrl-C into a byte; make it the signal the user meant.
    if (this.counter.ctrlC > ctrlC && !this.closed) this.interrupt();
    this.draining?.();
    if (this.exchangeSink) this.exchangeSink(chunk);
    else this.listener?.(chunk);
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
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    for (const q of DA1_QUERIES) this.da1Sent += occurrences(bytes, q);
    if (!this.probed && bytes.includes(SOFT_RESET)) this.probed = true;
    this.link.write(data);
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
  }

  /** The terminal went away (a hangup, the window closed): the engine stops at once. */
  onExit(listener: (reason: string) => void): void {
    this.link.onDead(listener);
  }

  /**
   * Step 1, at once and synchronously: raw mode (so no reply is echoed), then
   * CSI 6n and DA1 on the main screen. The caller may do other work (load the
   * corpus) while the terminal answers; start() waits for the reply.
   */
  begin(env: NodeJS.ProcessEnv): void {
    this.env = env;
    this.link.enterRaw();
    this.write(encoder.encode('\x1b[6n\x1b[c'));
    this.pending = { opost: this.link.disableOutputProcessing(), tmux: readTmuxPane(env) };
  }

  /** Until the first DA1 reply (every terminal that answers anything answers DA1), at most `ms` from now. */
  private firstReply(ms: number): Promise<void> {
    if (this.counter.da1 > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.signal?.removeEventListener('abort', done);
        this.onFirstDa1 = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.signal?.addEventListener('abort', done, { once: true });
      this.onFirstDa1 = done;
    });
  }

  /** Step 2 (inside the alternate screen) through the engine, with the first-reply deadline. */
  private ask(probe: Probe, steps: SelfSteps): Promise<ProbeResult> {
    return steps.ask(this, probe, { size: this.size, idleTimeoutMs: FIRST_REPLY_MS, ...(this.signal ? { signal: this.signal } : {}) });
  }

  /**
   * Step 2, still on the main screen, before anything changes: DECRQM of every
   * mode to put back (and those recorded as settings), then CSI 6n. A terminal
   * that does not parse DECRQM and prints part of it instead moves the cursor:
   * what it printed is erased (from where the cursor was, to the end of the
   * screen; at a prompt nothing follows the cursor).
   */
  private async readModes(touched: readonly string[], steps: SelfSteps) {
    const answer = await this.ask(mainScreenModesQuery(modesToRead(touched)), steps);
    const before = this.mainCursor;
    const after = answer.cursor;
    if (before && after && (after.row !== before.row || after.col !== before.col)) {
      this.write(encoder.encode(`\x1b[${before.row};${before.col}H\x1b[J`));
      this.notes.push('the terminal printed part of a DECRQM query on your screen; it was erased');
    }
    return answer;
  }

  /** After begin(): the state before (modes read on the main screen), the alternate screen, identification. */
  async start(opts: SelfOpenOptions): Promise<void> {
    const pending = this.pending!;
    await this.firstReply(FIRST_REPLY_MS);
    if (this.signal?.aborted) throw this.signal.reason;
    const [note, tmux] = await Promise.all([pending.opost, pending.tmux]);
    if (note) this.notes.push(note);
    const main = { answered: this.answeredAny, cursor: this.mainCursor };
    const touched = opts.touched ?? PRELUDE_MODES;
    const modes = main.answered ? await this.readModes(touched, opts.steps) : undefined;
    // What is known so far is enough to come back out, should anything stop the run from here on.
    this.setRestoration(restoration(readPriorState(main, modes, tmux), touched, this.size));
    this.write(encoder.encode(ENTER_ALTERNATE));
    this.entered = true;
    const alt = main.answered ? await this.ask(alternateScreenQuery(), opts.steps) : undefined;
    const answers = modes && alt ? { ...alt, replies: [...modes.replies, ...alt.replies] } : (modes ?? alt);
    this.prior = readPriorState(main, answers, tmux);
    const measured = measuredSize(alt);
    if (measured && (measured.cols !== this.size.cols || measured.rows !== this.size.rows)) {
      this.notes.push(`the tty says ${this.size.cols}x${this.size.rows}, but the terminal's cursor stops at ${measured.cols}x${measured.rows}; probed at ${measured.cols}x${measured.rows}`);
      this.size = measured;
    }
    const plan = restoration(this.prior, touched, this.size);
    this.setRestoration(plan);
    // Many modes are named by count and the first few (the results file's settings have each state): the report has 40 rows.
    const { assumed, unknown } = plan;
    if (assumed.length > 0 && this.prior.answered) this.notes.push(assumed.length <= FEW ? `the terminal did not report ${assumed.join(', ')}; put back to the usual state at a shell prompt` : `${assumed.length} modes not reported (${someModes(assumed)}); put back as at a shell prompt`);
    if (unknown.length > 0 && this.prior.answered) this.notes.push(unknown.length <= FEW ? `state of ${unknown.join(', ')} unknown; left as the probes left them` : `${unknown.length} modes unknown (${someModes(unknown)}); left as the probes left them`);
    const seen = readSeenReplies(alt);
    const guess = opts.steps.identify({ ...seen, env: this.env, ...(tmux ? { tmuxClient: tmux.client } : {}) });
    this.identity = guess.identity;
    this.engine = guess.engine;
    this.summary = guess.summary;
    const mux: Multiplexer = { tmux: Boolean(this.env['TMUX']), screen: Boolean(this.env['STY']), ...(tmux?.title !== undefined ? { tmuxTitle: tmux.title } : {}) };
    if (main.answered) await this.readOutside(effectiveChanges(opts.outside ?? NOTHING_OUTSIDE, mux), mux, touched, opts.steps);
    if (main.answered) await this.openScreen();
  }

  /** Find how this terminal's screen can be read (self-screen.ts); on X that draws a calibration sheet in the alternate screen. */
  private async openScreen(): Promise<void> {
    const ended = new AbortController();
    this.endScreen = () => ended.abort(new Error('the session closed'));
    const signal = this.signal ? AbortSignal.any([this.signal, ended.signal]) : ended.signal;
    this.probed = true; // the sheet draws with SGR and moves the cursor: the full restoration is needed from here on
    // Loaded when a screen is read: the multiplexers' cell reader and the pixel reader cost every start otherwise.
    const { openSelfScreen } = await import('./self-screen.js');
    const opened = await openSelfScreen({ env: this.env, cols: this.size.cols, rows: this.size.rows, exchange: (bytes) => this.exchange(bytes), signal });
    if ('reason' in opened) {
      this.screenNote = `none: ${opened.reason}`;
      this.notes.push(opened.reason.replace(/^the screen is not read: /, 'the screen was not read: '));
      return;
    }
    this.screen = opened;
    this.screenNote = opened.note;
    this.readScreen = (region, hints) => opened.read(region, hints);
  }

  private endScreen: (() => void) | undefined;

  /**
   * Step 4, still before any probe: the colours, titles and keyboard flags the
   * run changes, asked (in the alternate screen: a terminal may print part of
   * an OSC it does not know), a reported title checked (self-title-check.ts),
   * and the restoration extended by what was reported.
   */
  private async readOutside(changes: OutsideChanges, mux: Multiplexer, touched: readonly string[], steps: SelfSteps): Promise<void> {
    if (outsideQueries(changes).length === 0) {
      this.outside = { ...this.outside, apcSetsTitle: mux.tmux || mux.screen };
      return;
    }
    let state = readOutsideState(await this.ask(outsideQuery(changes), steps), changes, mux);
    const check = titleCheckFor(state);
    if (check) {
      // The check changes the title: until it is judged, a stop puts the reported title back (right unless the report is fake).
      this.probed = true;
      this.setRestoration(restoration({ ...this.prior, outside: state }, touched, this.size));
      const changed = await this.ask(check.change, steps);
      const judged = judgeTitleCheck(state, check, changed, await this.ask(check.reread, steps));
      state = judged.state;
      if (judged.rewrite) this.write(encoder.encode(judged.rewrite));
      if (judged.note) this.notes.push(judged.note);
    }
    this.outside = state;
    this.prior = { ...this.prior, outside: state };
    this.setRestoration(restoration(this.prior, touched, this.size));
  }

  private setRestoration(plan: Restoration): void {
    this.restoreBytes = plan.bytes;
    this.queriesOnlyRestore = plan.queriesOnly;
  }

  private get restore(): string {
    return this.probed ? this.restoreBytes : this.queriesOnlyRestore;
  }

  async describe(): Promise<Partial<Identity> & { settings?: Partial<Settings>; engine?: EngineIdentity }> {
    const term = this.env['TERM'];
    const identity = await withPackageVersion(this.identity);
    if (identity !== this.identity) this.summary = this.summary.replace(/^\S+/, `${identity.name} ${identity.version}`).replace(/ \(from /, ' (version from its Debian package; from ');
    const screen = this.screenNote ? { options: { screen: this.screenNote } } : {};
    const pixels = this.screen?.pixels ? { pixels: this.screen.pixels } : {};
    return { ...identity, ...(this.engine ? { engine: this.engine } : {}), settings: { cols: this.size.cols, rows: this.size.rows, ...(term ? { term } : {}), modes: { ...this.prior.modes }, ...screen, ...pixels } };
  }

  /**
   * Wait until every DA1 sent has its reply (all earlier replies came before it), or until `ms` pass with no reply
   * (DRAIN_CAP_MS at most in all).
   */
  private drain(ms: number): Promise<void> {
    if (ms <= 0 || this.counter.da1 >= this.da1Sent) return Promise.resolve();
    return new Promise((resolve) => {
      const t0 = performance.now();
      let timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.draining = undefined;
        resolve();
      }
      // Each reply: the last DA1's ends the wait; any other says the terminal is still answering, and the wait starts again.
      this.draining = () => {
        if (this.counter.da1 >= this.da1Sent) return done();
        clearTimeout(timer);
        timer = setTimeout(done, Math.min(ms, DRAIN_CAP_MS - (performance.now() - t0)));
      };
    });
  }

  /** While draining: called with each chunk of replies (see drain). */
  private draining: (() => void) | undefined;

  async close(): Promise<void> {
    if (this.closed) return;
    this.endScreen?.();
    this.screen?.close();
    if (this.entered) this.link.write(this.restore);
    this.link.write('\x1b[c'); // the final sentinel: its reply means every earlier reply has arrived
    this.da1Sent++;
    this.closed = true;
    // Replies still in flight would otherwise reach the shell as typed input.
    await this.drain(this.link.dead || this.counter.da1 === 0 ? 0 : DRAIN_MS); // a hung-up terminal fails the write: no wait
    this.listener = undefined;
    this.link.close();
    process.off('exit', this.exitHook);
  }

  /** The process is ending without close(): restore synchronously, no waiting. */
  private emergencyRestore(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.entered) this.link.write(this.restore);
    this.link.leaveRaw();
  }
}

/** Step 1 of opening the user's terminal (see SelfSession.begin); throws when there is no terminal. */
export function beginSelfSession(opts: { signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {}): SelfSession {
  const session = new SelfSession(TtyLink.open(), opts.signal);
  session.begin(opts.env ?? process.env);
  return session;
}

/** Finish opening a begun session; closes it (restoring the terminal) on failure. */
export async function startSelfSession(session: SelfSession, opts: SelfOpenOptions): Promise<SelfSession> {
  try {
    await session.start(opts);
    return session;
  } catch (e) {
    await session.close();
    throw e;
  }
}

/** Open the user's terminal: raw mode, state read, alternate screen entered. Closes it again on failure. */
export async function openSelfSession(opts: SelfOpenOptions): Promise<SelfSession> {
  return startSelfSession(beginSelfSession(opts), opts);
}

export const selfTarget: TargetFactory = {
  name: NAME,
  kind: 'self',
  description: 'the terminal termprobe runs in (probed inside its alternate screen, restored afterwards)',
  available: async () => TtyLink.available(),
  // Opening the user's terminal takes the engine's steps (SelfSteps): `termprobe`, `run --target self` and
  // `probe --target self` go through engine/run-self.ts; commands that open targets themselves refuse kind self.
  async open(opts: OpenOptions): Promise<TargetSession> {
    validateTargetOptions(NAME, opts.options, {});
    throw new BadInputError('self: your own terminal is opened by the engine (`termprobe`, `run --target self`), not by this command');
  },
};
