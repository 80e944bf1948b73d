/**
 * A terminal inside another program (hosted-recipes.ts) as a target: a scratch
 * HOME, the relay as the inner program, the outer program in a pty of its own
 * when it needs one (util-linux `script`, its output discarded), the inner tty's
 * size checked by the relay and a CPR from the far corner recorded, the screen
 * read-back set up around the launch (hosted-screen.ts). Every process
 * (the outer program's group, and anything that left it, such as the detached
 * mosh-server, found by the session's marker) ends at close(), on failure and on abort.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { ReplyParser } from '../../protocol/reply-parser.js';
import { CprSentinel } from './cpr-sentinel.js';
import { FifoRelay, RelaySession, shellQuote, type Description } from '../common/fifo-relay.js';
import { checkPrograms } from '../common/find-program.js';
import { upstreamVersion } from '../common/package-identity.js';
import { exited, spawnGroup, stopGroup, sweepMarked } from '../common/marked-processes.js';
import { createScratch } from '../common/scratch-home.js';
import { startLimits } from '../common/start-limits.js';
import { findHostedRecipe, type HostedRecipe } from './hosted-recipes.js';
import { dpkgVersion } from '../common/program-version.js';
import type { OpenOptions, SessionProcess, TargetFactory } from '../target.js';
import { markedSessionProcesses } from '../common/session-processes.js';
import { validateTargetOptions } from '../target-options.js';
import { TargetStartError, wrongSizeMessage } from '../target-start-error.js';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { prepareScreen, type PreparedScreen, type ScreenReader } from './hosted-screen.js';

import { hostedInput } from './hosted-input.js';
import type { InputChannel } from '../input-channel.js';

const encoder = new TextEncoder();

class HostedSession extends RelaySession {
  private readonly sentinel: CprSentinel | undefined;
  private listener: ((data: Uint8Array) => void) | undefined;
  private queued: Uint8Array[] = [];
  private sink: ((data: Uint8Array) => void) | undefined;
  private readonly exitListeners: ((reason: string) => void)[] = [];
  readonly hostAnswers?: readonly string[];
  description: Description = {};
  /** Set once the screen read-back is ready (see hosted-screen.ts); absent when it could not be set up. */
  readScreen?: (region: Region) => Promise<ScreenAnswer>;

  constructor(relay: FifoRelay, private readonly signal: AbortSignal | undefined, recipe: HostedRecipe, private readonly stop: () => Promise<void>, private readonly marker: string) {
    super(relay, signal);
    this.noInputBecause = recipe.noInputBecause;
    if (recipe.hostDa1) {
      this.sentinel = new CprSentinel();
      this.hostAnswers = ['da1'];
    }
    relay.onData((chunk) => {
      const data = this.sentinel ? this.sentinel.incoming(chunk) : chunk;
      if (data.length === 0) return;
      if (this.sink) this.sink(data);
      else if (this.listener) this.listener(data);
      else this.queued.push(data);
    });
  }

  override write(data: Uint8Array): void {
    if (this.input) this.input.dirty = true;
    super.write(this.sentinel ? this.sentinel.outgoing(data) : data);
  }

  /** Bytes of the screen read-back's own (a title token), past the DA1 sentinel's bookkeeping: they hold no query. */
  writeOwn(data: Uint8Array): void {
    super.write(data);
  }

  /** The input probes' channel, once the host runs in a pty termprobe holds; else why there is none. */
  input: (InputChannel & { dirty?: boolean }) | undefined;
  noInputBecause: string | undefined;

  useHostPty(child: ChildProcess, recipe: HostedRecipe, cols: number, rows: number, env: NodeJS.ProcessEnv): void {
    this.noInputBecause = undefined;
    this.input = hostedInput(recipe, child, { cols, rows, env, write: (bytes) => this.writeOwn(Buffer.from(bytes, 'latin1')) });
  }

  /**
   * The session's processes, found by its marker: the host program (and what it started, mosh-server) as the
   * terminal's own; `script`, the relay's sh and cats as the harness's. The input probes' marker waits are extended by
   * the time these stood ready to run with no CPU (run-input.ts): without them, Emacs on a loaded machine now and then
   * passed the marker after a paste back later than the wait and the paste read as kept (2 full runs of 4).
   */
  processes(): SessionProcess[] {
    return markedSessionProcesses(this.marker);
  }

  useScreen(reader: ScreenReader): void {
    const signal = this.signal;
    // An abort closes the session too, which ends the read as well: report the abort, not the close.
    this.readScreen = (region) => reader.read(region, signal).catch((error: unknown) => {
      throw signal?.aborted ? (signal.reason ?? error) : error;
    });
  }

  override onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
    for (const chunk of this.queued.splice(0)) listener(chunk);
  }

  /** Send bytes and wait for the first CPR they cause (the start-up check; nothing else is in flight then). */
  cpr(bytes: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
    const parser = new ReplyParser();
    return new Promise((resolve, reject) => {
      const finish = (r: string | Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.sink = undefined;
        if (r instanceof Error) reject(r);
        else resolve(r);
      };
      const timer = setTimeout(() => finish(new TargetStartError(`no cursor report within ${timeoutMs / 1000} s`)), timeoutMs);
      const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sink = (chunk) => {
        for (const ev of parser.feed(chunk)) if (ev.kind === 'cpr' && !ev.private) return finish(`${ev.row};${ev.col}`);
      };
      this.write(encoder.encode(bytes));
    });
  }

  noteExit(text: string): void {
    const settings = (this.description.settings ??= {});
    settings.options = { ...settings.options, 'terminal-exited': text };
    for (const l of this.exitListeners) l(text);
  }

  onExit(listener: (reason: string) => void): void {
    this.exitListeners.push(listener);
  }

  async describe(): Promise<Description> {
    return this.description;
  }

  protected override async stopTarget(): Promise<void> {
    await this.stop();
  }
}

function logTail(path: string): string {
  try {
    const text = readFileSync(path, 'utf8').replace(/\x1b\[[0-9;?]*[a-zA-Z]/g, '').trim();
    return text ? ` (its output: ${text.split('\n').filter(Boolean).slice(-2).join(' | ').slice(0, 300)})` : '';
  } catch {
    return '';
  }
}

export async function openHosted(recipe: HostedRecipe, opts: OpenOptions): Promise<HostedSession> {
  validateTargetOptions(recipe.id, opts.options, {});
  const { cols, rows, signal } = opts;
  if (signal?.aborted) throw new Error(`${recipe.id}: the run was cancelled before the terminal started`);
  const limits = startLimits({}, recipe.id);
  const scratch = createScratch(`termprobe-${recipe.id}-`);
  let child: ChildProcess | undefined;
  let screen: PreparedScreen | undefined;
  const stopAll = async () => {
    await screen?.close();
    // After Ctrl-C nothing is left to save: no grace before SIGKILL, as for GUI terminals (Emacs now and then
    // outlived SIGTERM, and a Ctrl-C then took the whole 1 s grace: 1121 ms, worst of 9 in the interrupt bench).
    const grace = signal?.aborted ? 0 : 1000;
    await Promise.all([stopGroup(child, grace), sweepMarked(scratch.marker, grace)]);
    await sweepMarked(scratch.marker);
    scratch.remove();
  };
  let relay: FifoRelay | undefined;
  let session: HostedSession | undefined;
  try {
    relay = await FifoRelay.create({ expectSize: { cols, rows }, prefix: `termprobe-${recipe.id}-relay-` });
    session = new HostedSession(relay, signal, recipe, stopAll, scratch.marker);
    const own = session;
    screen = await prepareScreen(recipe, scratch.dir, cols, rows, (bytes) => own.writeOwn(bytes));
    const env = scratch.env({ TERM: 'xterm-256color' });
    const launch = await recipe.launch({ argv: relay.argv, script: relay.scriptPath, cols, rows, env, dir: scratch.dir, ...(screen.viewScript ? { viewScript: screen.viewScript } : {}) }, signal);
    // Closed or aborted while the launch was prepared (mosh-server may have started meanwhile): end it all again, start nothing.
    if (session.closed || signal?.aborted) {
      await stopAll();
      throw signal?.reason ?? new Error(`${recipe.id}: the session closed while the terminal started`);
    }
    const childEnv = { ...env, ...launch.env };
    const [program, args] = launch.pty
      ? ['script', ['-qfec', `stty rows ${launch.pty.rows} cols ${launch.pty.cols}; exec ${launch.argv.map(shellQuote).join(' ')}`, '/dev/null']]
      : [launch.argv[0]!, launch.argv.slice(1)];
    const logPath = join(scratch.dir, 'terminal.log');
    const logFd = openSync(logPath, 'w');
    try {
      // stdin a pipe held open: script and nvim --headless end when their input ends.
      // The host's pty output (script copies it to its stdout) is the outer screen, when that is how the screen is read.
      const feed = screen.feed;
      // A host in a pty is typed into through it, and its drawing read (input probes: hosted-input.ts).
      child = spawnGroup(program, args, childEnv, ['pipe', launch.pty ? 'pipe' : logFd, logFd]);
      if (feed) child.stdout?.on('data', (chunk: Buffer) => feed(chunk));
      if (launch.pty) session.useHostPty(child, recipe, cols, rows, childEnv);
      else child.stdout?.resume();
      if (recipe.rpcInput) {
        session.noInputBecause = undefined;
        session.input = recipe.rpcInput.channel(join(scratch.dir, recipe.rpcInput.file), signal);
      }
    } finally {
      closeSync(logFd);
    }
    const started = child;
    started.once('error', (error) => relay?.fail(new TargetStartError(`${recipe.id} could not be started: ${error.message}`)));
    void exited(started).then(({ code, signal: sig }) => {
      const how = sig ?? `code ${code}`;
      relay?.fail(new TargetStartError(`${recipe.id} exited (${how}) before it ran its command${logTail(logPath)}`));
      if (session && !session.closed) session.noteExit(`${recipe.id} exited (${how}) during the run`);
    });
    const dpkg = dpkgVersion(recipe.pkg);
    const engineDpkg = recipe.engine.pkg ? dpkgVersion(recipe.engine.pkg) : Promise.resolve(undefined);
    let size;
    try {
      size = await relay.connected({ timeoutMs: limits.startMs, signal });
    } catch (error) {
      if (error instanceof Error && error.name === 'RelayStartError') throw new TargetStartError(`${recipe.id}: ${error.message}${logTail(logPath)}`);
      throw error;
    }
    if (size.cols !== cols || size.rows !== rows) throw new TargetStartError(wrongSizeMessage(recipe.id, size, { cols, rows }, 'the size its inner program saw'));
    const far = cols >= 999 || rows >= 999 ? 9999 : 999;
    const corner = await session.cpr(`\x1b[${far};${far}H\x1b[6n\x1b[H`, limits.checkMs, signal).catch((error: Error) => {
      if (signal?.aborted) throw signal.reason ?? error;
      throw new TargetStartError(`${recipe.id} ran its command but did not answer: ${error.message}`);
    });
    const view = await screen.ready(limits.checkMs, signal);
    if (view.reader) session.useScreen(view.reader);
    const installed = await dpkg;
    const version = installed ? upstreamVersion(installed) : 'unknown';
    const engineInstalled = await engineDpkg;
    session.description = {
      name: recipe.name,
      version,
      identifiedBy: installed ? 'dpkg' : 'unknown',
      chain: { ...(installed ? { dpkg: `${recipe.pkg}=${installed}` } : {}) },
      engine: {
        name: recipe.engine.name,
        ...(engineInstalled ? { version: upstreamVersion(engineInstalled) } : recipe.engine.sameVersion ? { version } : {}),
        source: [recipe.engine.pkg && engineInstalled ? `Debian ${recipe.engine.pkg}=${engineInstalled}` : undefined, recipe.engine.note].filter(Boolean).join('; ') || undefined,
      },
      settings: {
        cols,
        rows,
        ...(relay.term ? { term: relay.term } : {}),
        options: {
          ...launch.options,
          env: 'scratch HOME and XDG dirs, LANG=C.UTF-8',
          screen: view.note,
          'size-check': `the inner tty is ${cols}x${rows}; CPR after CUP ${far};${far} answered ${corner}`,
          ...(recipe.hostDa1 ? { da1: 'never answered by this terminal: termprobe answers the DA1 sentinel once the two cursor reports it asks after it (home, then 2;3) come back (host-supplied)' } : {}),
        },
      },
    };
    return session;
  } catch (error) {
    if (session) await session.close();
    else {
      await relay?.close();
      await stopAll();
    }
    throw error;
  }
}

export function hostedTarget(recipe: HostedRecipe): TargetFactory {
  return {
    name: recipe.id,
    kind: 'hosted',
    ...(recipe.maxWindow ? { maxWindow: recipe.maxWindow } : {}),
    ...(recipe.maxBytesInFlight ? { maxBytesInFlight: recipe.maxBytesInFlight } : {}),
    description: `${recipe.name} (Debian ${recipe.pkg}): the ${recipe.engine.name} engine, the relay as its inner program; screen read by ${recipe.screen.method}`,
    available: async () => checkPrograms(recipe.requirements),
    open: (opts) => openHosted(recipe, opts),
  };
}

export function hostedTargetById(id: string): TargetFactory {
  const recipe = findHostedRecipe(id);
  if (!recipe) throw new Error(`no hosted recipe named "${id}"`);
  return hostedTarget(recipe);
}
