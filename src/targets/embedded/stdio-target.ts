/**
 * A headless emulator core as a target, through the stdio adapter protocol
 * (docs/stdio-adapter.md): `--target 'stdio:CMD …'` starts CMD (no shell; its
 * own process group, so close() ends whatever it forked), waits for its hello
 * frame, then sends the engine's bytes as D frames and hands back the D frames
 * the emulator answers with. Screen, cursor and resize are requests answered in
 * order, each after every byte sent before it has been processed.
 */
import type { ChildProcess } from 'node:child_process';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { closeOnAbort } from '../common/close-on-abort.js';
import { splitWords, expandWords, CommandTemplateError } from '../common/command-template.js';
import { findProgram } from '../common/find-program.js';
import { exited, spawnGroup, stopGroup } from '../common/marked-processes.js';
import { AdapterError, readScreenFrame, screenRequest } from './stdio-screen.js';
import { encodeFrame, FrameDecoder, type Frame } from './stdio-frames.js';
import type { Availability, EngineIdentity, OpenOptions, TargetFactory, TargetSession } from '../target.js';
import type { Description } from '../common/fifo-relay.js';
import { TargetStartError } from '../target-start-error.js';
import { validateTargetOptions } from '../target-options.js';
import { helloLimitMs } from '../common/start-limits.js';

export const STDIO_PROTOCOL = 1;

/** What the adapter says of itself in its hello frame. */
export interface StdioHello {
  protocol: number;
  name: string;
  version?: string;
  engine?: EngineIdentity;
  /** What a screen request returns: cells (text, width, style), text rows, or nothing (no S requests then). */
  screen?: 'cells' | 'text' | 'none';
  cursor?: boolean;
  resize?: boolean;
  /** S requests may name a region (TOP LEFT BOTTOM RIGHT), answered with that region's cells (or rows) only. */
  regions?: boolean;
  /** Settings to record (e.g. { unicode: '11' }). */
  settings?: { unicode?: string; modes?: Record<string, string>; options?: Record<string, string> };
}

const decoder = new TextDecoder();

export { AdapterError };

function parseHello(payload: Uint8Array, where: string): StdioHello {
  let hello: unknown;
  try {
    hello = JSON.parse(decoder.decode(payload));
  } catch (error) {
    throw new TargetStartError(`${where}: the hello frame is not JSON (${(error as Error).message})`);
  }
  const h = hello as Partial<StdioHello>;
  if (typeof h !== 'object' || h === null || typeof h.name !== 'string' || h.name === '') throw new TargetStartError(`${where}: the hello frame has no "name"`);
  if (h.protocol !== STDIO_PROTOCOL) throw new TargetStartError(`${where}: the adapter speaks protocol ${String(h.protocol)}; termprobe speaks ${STDIO_PROTOCOL}`);
  return h as StdioHello;
}

interface Pending {
  type: 'S' | 'C' | 'Z';
  resolve: (frame: Frame) => void;
  reject: (error: Error) => void;
}

class StdioSession implements TargetSession {
  readonly noInputBecause = 'a stdio adapter carries the bytes a program writes to its terminal, and no input events';
  /** The protocol's ordering rule: a request is answered after every D frame before it, and before any after it. */
  readonly readsInOrder = true;
  private readonly frames = new FrameDecoder();
  private listener: ((data: Uint8Array) => void) | undefined;
  private queued: Uint8Array[] = [];
  private readonly pending: Pending[] = [];
  private readonly exitListeners: ((reason: string) => void)[] = [];
  private hello: StdioHello | undefined;
  private helloWait: { resolve: (h: StdioHello) => void; reject: (e: Error) => void } | undefined;
  private stderr = '';
  private closing: Promise<void> | undefined;
  private unwatch = () => {};
  readScreen?: (region: Region) => Promise<ScreenAnswer>;
  readCursor?: () => Promise<{ row: number; col: number }>;
  resize?: (cols: number, rows: number) => Promise<void>;

  constructor(
    private readonly child: ChildProcess,
    private readonly where: string,
    private readonly commandLine: string,
    private cols: number,
    private rows: number,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => this.onFrames(chunk));
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000)));
    child.stdin!.on('error', () => undefined); // the adapter went away: reported by its exit
    void exited(child).then(({ code, signal }) => this.fail(`the adapter exited (${signal ?? `code ${code}`})${this.stderrNote()}`));
  }

  stderrNote(): string {
    const lines = this.stderr.trim().split('\n').filter(Boolean).slice(-3);
    return lines.length > 0 ? ` (its stderr: ${lines.join(' | ').slice(0, 400)})` : '';
  }

  private onFrames(chunk: Uint8Array): void {
    let frames: Frame[];
    try {
      frames = this.frames.feed(chunk);
    } catch (error) {
      this.fail(`${(error as Error).message}`);
      void this.close();
      return;
    }
    for (const frame of frames) this.onFrame(frame);
  }

  private onFrame(frame: Frame): void {
    if (frame.type === 'H') {
      try {
        this.hello = parseHello(frame.payload, this.where);
        this.helloWait?.resolve(this.hello);
      } catch (error) {
        this.helloWait?.reject(error as Error);
      }
    } else if (frame.type === 'D') {
      if (this.listener) this.listener(frame.payload);
      else this.queued.push(frame.payload);
    } else if (frame.type === 'E') {
      const req = this.pending.shift();
      const error = new AdapterError(`${this.where}: ${decoder.decode(frame.payload)}`);
      if (req) req.reject(error);
      else this.fail(error.message);
    } else {
      const req = this.pending[0];
      if (!req || req.type !== frame.type) return this.fail(`the adapter sent a ${frame.type} frame, but the request waiting is ${req ? req.type : 'none'}`);
      this.pending.shift();
      req.resolve(frame);
    }
  }

  /** The adapter is gone or broke the protocol: fail everything waiting, tell the engine once. */
  fail(reason: string): void {
    this.helloWait?.reject(new TargetStartError(`${this.where}: ${reason}`));
    for (const req of this.pending.splice(0)) req.reject(new AdapterError(`${this.where}: ${reason}`));
    if (this.hello && !this.closing) for (const l of this.exitListeners.splice(0)) l(reason);
  }

  /** Wait for the hello frame; then the optional capabilities are set up as the adapter declared them. */
  async start(timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
    const waiting = new Promise<StdioHello>((resolve, reject) => {
      const timer = setTimeout(() => finish(new TargetStartError(`${this.where}: no hello frame within ${timeoutMs / 1000} s${this.stderrNote()}`)), timeoutMs);
      const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      const finish = (r: StdioHello | Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.helloWait = undefined;
        if (r instanceof Error) reject(r);
        else resolve(r);
      };
      if (this.hello) return finish(this.hello);
      this.helloWait = { resolve: finish, reject: finish };
      if (signal?.aborted) onAbort();
    });
    // After the wait's own abort listener, so an abort rejects the start with its reason, then closes.
    this.unwatch = closeOnAbort(signal, () => this.close());
    const hello = await waiting;
    const screen = hello.screen;
    if (screen === 'cells' || screen === 'text') this.readScreen = (region) => this.screen(region, screen);
    if (hello.cursor) this.readCursor = () => this.cursor();
    if (hello.resize) this.resize = (cols, rows) => this.resizeTo(cols, rows);
  }

  private request(type: 'S' | 'C' | 'Z', payload = ''): Promise<Frame> {
    if (this.closing) return Promise.reject(new AdapterError(`${this.where}: the session is closed`));
    return new Promise<Frame>((resolve, reject) => {
      this.pending.push({ type, resolve, reject });
      this.child.stdin!.write(encodeFrame(type, payload));
    });
  }

  private async screen(region: Region, kind: 'cells' | 'text'): Promise<ScreenAnswer> {
    const size = { cols: this.cols, rows: this.rows };
    const regions = this.hello?.regions === true;
    const frame = await this.request('S', screenRequest(region, size.cols, size.rows, regions));
    return readScreenFrame(frame.payload, region, kind, size, regions, this.where);
  }

  private async cursor(): Promise<{ row: number; col: number }> {
    const text = decoder.decode((await this.request('C')).payload);
    const m = /^(\d+) (\d+)$/.exec(text.trim());
    if (!m) throw new AdapterError(`${this.where}: the cursor frame "${text}" is not "ROW COL"`);
    return { row: Number(m[1]), col: Number(m[2]) };
  }

  private async resizeTo(cols: number, rows: number): Promise<void> {
    await this.request('Z', `${cols} ${rows}`);
    this.cols = cols;
    this.rows = rows;
  }

  write(data: Uint8Array): void {
    if (!this.closing && data.length > 0) this.child.stdin!.write(encodeFrame('D', data));
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
    for (const chunk of this.queued.splice(0)) listener(chunk);
  }

  onExit(listener: (reason: string) => void): void {
    this.exitListeners.push(listener);
  }

  async describe(): Promise<Description> {
    const h = this.hello!;
    return {
      name: h.name,
      version: h.version ?? 'unknown',
      identifiedBy: 'command',
      chain: { command: this.commandLine },
      engine: h.engine ?? { name: h.name, ...(h.version ? { version: h.version } : {}) },
      settings: {
        cols: this.cols,
        rows: this.rows,
        ...(h.settings?.unicode ? { unicode: h.settings.unicode } : {}),
        ...(h.settings?.modes ? { modes: h.settings.modes } : {}),
        options: { ...h.settings?.options, adapter: `${this.commandLine} (stdio adapter protocol ${STDIO_PROTOCOL})` },
      },
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.unwatch();
      for (const req of this.pending.splice(0)) req.reject(new AdapterError(`${this.where}: the session closed before the adapter answered`));
      this.helloWait?.reject(new Error(`${this.where}: the session closed while the adapter started`));
      // End of stdin asks the adapter to exit; whatever is left of its group is ended.
      this.child.stdin!.end();
      // The timer is cleared once the adapter has exited: left armed, it held the process 0.5 s past the end of every run.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([exited(this.child), new Promise((r) => (timer = setTimeout(r, 500)))]);
      clearTimeout(timer);
      await stopGroup(this.child, 500);
    })();
    return this.closing;
  }
}

export function stdioTarget(spec: string): TargetFactory {
  const template = spec.slice('stdio:'.length);
  const where = `--target "${spec}"`;
  const words = splitWords(template, where, 'stdio:'.length);
  const program = words[0]!.text;
  if (program.includes('{')) throw new CommandTemplateError(`${where}: the first word must be the adapter's program, not a placeholder`);
  if (words.some((w) => w.text.includes('{command}'))) throw new CommandTemplateError(`${where}: a stdio adapter runs no command; {command} is for x11: and wayland: targets`);
  return {
    name: spec,
    kind: 'embedded',
    description: `a headless emulator behind the stdio adapter protocol: ${template}`,
    available: async (): Promise<Availability> => (findProgram(program) ? { ok: true } : { ok: false, reason: `${program} is not on PATH` }),
    async open(opts: OpenOptions): Promise<TargetSession> {
      validateTargetOptions(spec, opts.options, {});
      if (opts.signal?.aborted) throw new Error(`${spec}: the run was cancelled before the adapter started`);
      const argv = expandWords(words, { cols: opts.cols, rows: opts.rows });
      const env = { ...process.env, LANG: 'C.UTF-8', TERMPROBE_COLS: String(opts.cols), TERMPROBE_ROWS: String(opts.rows), TERMPROBE_STDIO_PROTOCOL: String(STDIO_PROTOCOL) };
      const child = spawnGroup(argv[0]!, argv.slice(1), env, ['pipe', 'pipe', 'pipe']);
      const session = new StdioSession(child, where, argv.join(' '), opts.cols, opts.rows);
      child.once('error', (error) => session.fail(`could not be started: ${error.message}`));
      try {
        await session.start(helloLimitMs(), opts.signal);
      } catch (error) {
        await session.close();
        throw error;
      }
      return session;
    },
  };
}
