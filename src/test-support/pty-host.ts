/**
 * A terminal for tests: a real pseudo-terminal (node-pty) whose other end is
 * xterm.js (@xterm/headless, Unicode 11 widths, as the embedded target): what
 * the program writes goes into the emulator, and the emulator's replies go
 * back into the pty, as a GUI terminal would do. The replies can be withheld
 * (a terminal that answers nothing), slowed down (one at a time, each after a
 * delay), or mixed with keystroke-like garbage.
 */
import headless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import type { Terminal as XtermTerminal } from '@xterm/headless';
import pty from 'node-pty';
import { EndMarkScanner } from '../record/end-mark.js';
import { askEmulator, TerminalReports, type ReportOptions } from './terminal-reports.js';

const { Terminal } = headless;
const { Unicode11Addon } = unicode11;

export type AnswerMode = 'xterm' | 'silent' | 'garbage';

export interface HostOptions {
  cols?: number;
  rows?: number;
  answer?: AnswerMode;
  /** Replies go back one at a time, each this long after the previous one (a slow terminal). */
  replyDelayMs?: number;
  /** Each reply goes back this long after the emulator produced it, in order (a terminal that answers on its next redraw, like VTE). */
  latencyMs?: number;
  env?: Record<string, string>;
  cwd?: string;
  /** The size the pty reports (TIOCGWINSZ), when it should differ from the emulator's. */
  ptySize?: { cols: number; rows: number };
  /** Also answer colour, title and keyboard-flag queries, as a terminal that reports them (terminal-reports.ts). */
  reports?: ReportOptions;
  /** The program is pty-child.ts with this ChildConfig.endMark: read up to its end mark, then signal it to exit. */
  endMark?: string;
}

/** Typed-looking input a user or a confused terminal may send mid-run. */
const GARBAGE = ['q', '\x1bOA', '\x1b[200~pasted\x1b[201~', '\x1b]11;rgb:0000/0000/0000\x07', 'ü', '\x1b[I', '\x1b[<0;3;4M', 'x\r'];

/** Environment for the program: no trace of whatever terminal or multiplexer runs the tests. */
export function cleanTerminalEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(TMUX|TMUX_PANE|STY|TERM_PROGRAM|TERM_PROGRAM_VERSION|VTE_VERSION|KITTY_.*|WT_SESSION|ALACRITTY_.*|WEZTERM_.*|GHOSTTY_.*|KONSOLE_.*|COLORTERM|LC_TERMINAL.*|XTERM_VERSION|SSH_TTY|SSH_CONNECTION|ZELLIJ.*)$/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, TERM: 'xterm-256color', ...extra };
}

export class PtyHost {
  readonly term: XtermTerminal;
  readonly proc: pty.IPty;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  /** DA1 replies sent back so far (a measure of progress). */
  da1Replies = 0;
  /** Every window title (OSC 0/2) the program set, in order. */
  readonly titles: string[] = [];
  /** The colours, titles and keyboard flags it reports, with `reports`. */
  readonly reports: TerminalReports | undefined;
  private queue: { text: string; due: number }[] = [];
  private sending = false;
  private garbageAt = 0;
  private onReplyHooks: ((count: number) => void)[] = [];
  private dead = false;

  constructor(file: string, args: string[], private readonly opts: HostOptions = {}) {
    const cols = opts.cols ?? 80;
    const rows = opts.rows ?? 24;
    this.term = new Terminal({ cols, rows, allowProposedApi: true, logLevel: 'off' });
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    if (opts.reports) this.reports = new TerminalReports(this.term, opts.reports);
    this.proc = pty.spawn(file, args, { name: 'xterm-256color', cols: opts.ptySize?.cols ?? cols, rows: opts.ptySize?.rows ?? rows, cwd: opts.cwd ?? process.cwd(), env: opts.env ?? cleanTerminalEnv(), encoding: null });
    const scanner = opts.endMark ? new EndMarkScanner(opts.endMark) : undefined;
    this.proc.onData((data) => {
      if (!scanner) return this.term.write(typeof data === 'string' ? data : new Uint8Array(data));
      // Up to the end mark (pty-child.ts, ChildConfig.endMark): every byte before it, then the wrapper may exit.
      const text = scanner.feed(typeof data === 'string' ? data : Buffer.from(data).toString('latin1'));
      if (text) this.term.write(Buffer.from(text, 'latin1'));
      if (scanner.found) this.signalChild('SIGUSR2');
    });
    this.term.onData((reply) => this.reply(reply));
    this.term.onTitleChange((title) => this.titles.push(title));
    this.exited = new Promise((resolve) =>
      this.proc.onExit((e) => {
        this.dead = true;
        resolve(e);
      }),
    );
  }

  private reply(text: string): void {
    if (this.opts.answer === 'silent' || this.dead) return;
    const due = performance.now() + (this.opts.latencyMs ?? 0);
    this.queue.push({ text, due });
    if (this.opts.answer === 'garbage' && /[Rc]$/.test(text)) this.queue.push({ text: GARBAGE[this.garbageAt++ % GARBAGE.length]!, due });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    while (this.queue.length > 0) {
      if (this.opts.replyDelayMs) await new Promise((r) => setTimeout(r, this.opts.replyDelayMs));
      const wait = this.queue[0]!.due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { text } = this.queue.shift()!;
      if (this.dead) break;
      this.proc.write(text);
      const da1 = text.match(/\x1b\[\?[\d;]*c/g)?.length ?? 0;
      if (da1 > 0) {
        this.da1Replies += da1;
        for (const hook of this.onReplyHooks) hook(this.da1Replies);
      }
    }
    this.sending = false;
  }

  /** Resolves once `count` DA1 replies went back. */
  afterReplies(count: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.da1Replies >= count || this.dead) return resolve();
      this.onReplyHooks.push((n) => n >= count && resolve());
      // A run that ends before that many replies (skipped probes send no DA1) ends the wait too.
      void this.exited.then(() => resolve());
    });
  }

  /** Type into the terminal, as the user would. */
  type(text: string): void {
    if (!this.dead) this.proc.write(text);
  }

  /** Wait until xterm.js has parsed everything written so far. */
  settle(): Promise<void> {
    return new Promise((resolve) => this.term.write('', resolve));
  }

  /** Ask the emulator directly (not through the pty), e.g. DECRQM after the program ended. */
  ask(query: string): Promise<string> {
    return askEmulator(this.term, query);
  }

  /** Text of every line of the active buffer (scrollback included), trailing blanks trimmed. */
  lines(): string[] {
    const buf = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < buf.length; i++) out.push(buf.getLine(i)?.translateToString(true) ?? '');
    while (out.length > 0 && out[out.length - 1] === '') out.pop();
    return out;
  }

  /** Like lines(), with each line the terminal wrapped joined to the one before (as the program wrote it). */
  joinedLines(): string[] {
    const buf = this.term.buffer.active;
    const full: string[] = [];
    for (let i = 0; i < buf.length; i++) {
      const line = buf.getLine(i);
      const text = line?.translateToString(false) ?? '';
      if (line?.isWrapped && full.length > 0) full[full.length - 1] += text;
      else full.push(text);
    }
    const out = full.map((l) => l.trimEnd());
    while (out.length > 0 && out[out.length - 1] === '') out.pop();
    return out;
  }

  private signalChild(signal: NodeJS.Signals): void {
    try {
      this.proc.kill(signal);
    } catch {
      // already gone
    }
  }

  kill(): void {
    if (!this.dead) {
      try {
        this.proc.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
    this.term.dispose();
  }
}
