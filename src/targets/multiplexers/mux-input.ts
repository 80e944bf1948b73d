/**
 * Input probes through a multiplexer (tmux, GNU screen): a client attached in a
 * pseudo-terminal of its own (util-linux script(1), TERM=xterm), to which
 * termprobe is the outer terminal — an xterm (outer-xterm.ts) that follows the
 * modes the multiplexer sets in it and answers its start-up queries as xterm 379
 * does. An event is the bytes that xterm sends for it, written to the client; the
 * multiplexer turns them into what the program in its pane receives, which is
 * the answer. The markers are U+2603 typed the same way (the multiplexer passes
 * text through).
 *
 * Before the first event after the pane's modes changed, the multiplexer must
 * have brought its outer terminal up to date. The engine's round trip through the
 * pane has had it read the modes; a word termprobe then writes in the pane comes
 * later, so once the client's output shows it, the multiplexer has drawn it, and
 * whatever the modes asked of the outer terminal went out before it (tmux updates
 * its clients' modes on every pass of its loop, screen as it reads the pane).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { withSeparateClick, type EventPlan, type InputAction } from '../../corpus/input/event-plan.js';
import { inputKind, type InputEvent, type InputKind } from '../../corpus/input/input-schema.js';
import { OUTER_XTERM_REPLIES, OUTER_XTERM_SETTINGS, OuterXterm } from '../../corpus/input/outer-xterm.js';
import { escapeBytes } from '../../corpus/escape-bytes.js';
import { shellQuote } from '../common/fifo-relay.js';
import { endClientGroup } from '../common/marked-processes.js';
import type { InputChannel, InputDelivery, MarkerIo } from '../input-channel.js';

const MARKER = Buffer.from('\u2603', 'utf8').toString('latin1');
/** How long the client has to show it is attached. */
const ATTACH_LIMIT_MS = 10_000;

/** A client already running in a pty termprobe holds (a program hosting a terminal): its keyboard and its screen. */
export interface ClientPty {
  write(bytes: Buffer): void;
  /** Everything the client draws, from now on. */
  listen(listener: (text: string) => void): void;
}

export interface MuxInputOptions {
  name: string;
  /** The command that attaches a client to the session (or `client`, one already running), and its environment. */
  attach?: string[];
  client?: ClientPty;
  env: NodeJS.ProcessEnv;
  cols: number;
  rows: number;
  signal?: AbortSignal;
  /** Before the client attaches (tmux: no status line, so the pane has the client's rows); settings to record. */
  beforeAttach?: () => Promise<Record<string, string>>;
  /** Writes to the pane's terminal (through the relay, as the engine does). */
  write: (bytes: string) => void;
  /**
   * How to know the outer terminal is up to date with the pane's modes: `word`, a word written in the pane shows in
   * the client's drawing (tmux, screen); `titles`, two window titles set in the pane in turn show, the second in a
   * later frame than the first (mosh-client, dvtm: they carry the inner terminal's title out); `none`, the host never
   * changes its outer terminal's modes for the pane's (Vim, Emacs).
   */
  settle?: 'word' | 'titles' | 'none';
  /** Typed before the marker when putting the host back after a key it kept (Emacs: C-g, twice, quits a menu or a prefix). */
  recoverKeys?: string;
  /** Why events of a kind are not made through this multiplexer. */
  cannot?: Partial<Record<InputKind, string>>;
}

export class MuxInput implements InputChannel {
  readonly method: string;
  readonly markers = /\xe2\x98\x83/;
  readonly markerText = MARKER;
  readonly markerLimitMs = 400;
  private client: ChildProcess | undefined;
  private output = '';
  private readonly outer = new OuterXterm();
  private waiters: (() => void)[] = [];
  /** The pane's modes may have changed since the last settle (set by the session on every write). */
  dirty = true;
  private settles = 0;
  /** Set by close: no client is attached after it. */
  private ended = false;

  constructor(private readonly opts: MuxInputOptions) {
    this.method = `${opts.client ? `${opts.name} in the pty termprobe runs it in` : `${opts.name} client attached in a pty of its own (script, TERM=xterm)`}; events are the bytes its outer terminal sends, written to ${opts.client ? 'it' : 'the client'}: ${OUTER_XTERM_SETTINGS}`;
  }

  async prepare(): Promise<Record<string, string>> {
    const settings = (await this.opts.beforeAttach?.()) ?? {};
    // Closed meanwhile (Ctrl-C): a client attached now would outlive the session (screen's would make its socket folder again).
    if (this.ended) throw new Error(`the ${this.opts.name} session closed before its client attached`);
    const given = this.opts.client;
    if (given) {
      given.listen((text) => this.onOutput(text));
      this.typeInto = (bytes) => given.write(Buffer.from(bytes, 'latin1'));
      return { ...settings, 'input.method': this.method, 'input.markers': 'U+2603 typed before and after each event' };
    }
    const command = `stty rows ${this.opts.rows} cols ${this.opts.cols} && exec ${(this.opts.attach ?? []).map(shellQuote).join(' ')}`;
    const client = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...this.opts.env, TERM: 'xterm' }, stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    this.client = client;
    this.typeInto = (bytes) => client.stdin?.write(Buffer.from(bytes, 'latin1'));
    client.stdout!.on('data', (chunk: Buffer) => this.onOutput(chunk.toString('latin1')));
    client.stdin!.on('error', () => undefined);
    const exited = new Promise<never>((_, reject) => client.once('exit', (code, sig) => reject(new Error(`the ${this.opts.name} client exited (${sig ?? `status ${code}`}) as it attached`))));
    exited.catch(() => undefined);
    // Attached once it has drawn something (its first redraw clears the screen).
    const drawn = this.until(() => this.output.includes('\x1b[H') || this.output.includes('\x1b[2J'), ATTACH_LIMIT_MS);
    if (!(await Promise.race([drawn, exited]))) throw new Error(`the ${this.opts.name} client drew nothing within ${ATTACH_LIMIT_MS / 1000} s of attaching`);
    return { ...settings, 'input.method': this.method, 'input.markers': 'U+2603 written to the client before and after each event' };
  }

  /** Whether its client is attached now. */
  get attached(): boolean {
    return this.client !== undefined;
  }

  refuse(event: InputEvent): string | undefined {
    return this.opts.cannot?.[inputKind(event)];
  }

  private onOutput(text: string): void {
    this.output += text;
    if (this.output.length > 1 << 16) this.output = this.output.slice(-(1 << 15));
    this.outer.see(text);
    for (const [query, reply] of OUTER_XTERM_REPLIES) if (query.test(text)) this.type(reply);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves true when `ready()` holds (checked as output comes), false after `limitMs`. */
  private until(ready: () => boolean, limitMs: number): Promise<boolean> {
    // One timer for the limit, cleared once settled: a timer per check (each output wakes one) kept termprobe's process
    // alive for up to the attach's 10 s after the run had ended (a run of tmux alone: 1.9 s of probes, 11 s in all).
    return new Promise((resolve) => {
      const t0 = performance.now();
      let settled = false;
      const end = (value: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      const check = () => {
        if (settled) return;
        if (ready()) return end(true);
        if (performance.now() - t0 > limitMs || this.opts.signal?.aborted) return end(false);
        this.waiters.push(check);
      };
      const timer = setTimeout(() => end(ready()), limitMs);
      check();
    });
  }

  /** Types into the client's pty (set by prepare). */
  private typeInto: ((bytes: string) => void) | undefined;

  private type(bytes: string): void {
    if (bytes !== '') this.typeInto?.(bytes);
  }

  async deliver(_event: InputEvent, plan: EventPlan, io: MarkerIo): Promise<InputDelivery> {
    if (this.dirty) await this.settle();
    const typed: string[] = [];
    const run = (actions: InputAction[], keep: boolean) => {
      const bytes = actions.map((a) => this.outer.encode(a)).join('');
      if (keep && bytes) typed.push(bytes);
      this.type(bytes);
    };
    if (!io.leadDone) {
      run(withSeparateClick(plan).before, false);
      this.type(MARKER);
      await io.awaitMarker();
    }
    run(plan.during, true);
    this.type(MARKER);
    await io.awaitMarker();
    run(plan.after, false);
    const sent = typed.join('');
    return { via: `${this.opts.name} client: ${sent ? escapeBytes(Buffer.from(sent, 'latin1')) : 'nothing'} written as xterm sends it` };
  }

  private async settle(): Promise<void> {
    this.dirty = false;
    const how = this.opts.settle ?? 'word';
    if (how === 'none') return;
    for (let i = 0; i < (how === 'titles' ? 2 : 1); i++) {
      const word = `termprobe-settle-${++this.settles}`;
      this.opts.write(how === 'titles' ? `\x1b]2;${word}\x07` : `\x1b[1;1H${word}`);
      if (!(await this.until(() => this.output.includes(word), 5000))) throw new Error(`${this.opts.name} did not ${how === 'titles' ? 'show the title' : 'draw'} ${word} for its client within 5 s`);
    }
  }

  async recover(io: MarkerIo): Promise<boolean> {
    this.type(this.opts.recoverKeys ?? '');
    this.type(MARKER);
    try {
      await io.awaitMarker();
      return true;
    } catch {
      return false;
    }
  }

  /** End the client this channel attached (its process group: script and the client), and wait for it. */
  async close(): Promise<void> {
    this.ended = true;
    const client = this.client;
    this.client = undefined;
    if (client) await endClientGroup(client, 0);
  }
}
