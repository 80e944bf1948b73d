/**
 * Reports @xterm/headless 6.0.0 does not give, for the tests of `self` in a
 * terminal that does: attached to an xterm.js Terminal through its public
 * parser hooks, this answers what termprobe asks before the run and changes in
 * it, from a state of its own:
 *
 *   - the palette (OSC 4 ; n ; ? and sets, OSC 104 resets; 256 entries) and the
 *     dynamic colours 10, 11, 12 (and OSC 110–112). Headless xterm.js parses
 *     these (its InputHandler fires onColor) but nothing answers or keeps them:
 *     that is the browser terminal's theme service. OSC 17 and 19 stay
 *     unanswered, as in xterm.js, so a run here also skips what is not reported;
 *   - the title and icon title (CSI 21 t → OSC l, CSI 20 t → OSC L), and, with
 *     `titleStack`, the title stack (CSI 22 / 23 t; without it they are ignored,
 *     as xterm.js ignores them unless its windowOptions allow them);
 *   - the kitty keyboard flags (CSI > u push, CSI < u pop, CSI = u set,
 *     CSI ? u query), one stack for both screens, as Vim 9.0.1378's libvterm
 *     keeps them (results/vim-9.0.1378.json, kitty-keyboard.alt-screen-own-stack):
 *     there the probes' cleanup pops what the user had pushed, and only the
 *     restoration puts the flags back.
 *
 * Replies go out through term.input, so they reach onData in order with
 * xterm.js's own. The same class serves the pty host and the in-process twin
 * its answers are compared with.
 */
import headless from '@xterm/headless';
import type { Terminal } from '@xterm/headless';
import { canonicalColour } from '../protocol/colour-spec.js';
import { XTERM_DEPENDENCY, type XtermBuild } from '../targets/embedded/xterm-js.js';

export interface ReportOptions {
  /** Keep a title stack (CSI 22 / 23 t); without it those are ignored. */
  titleStack?: boolean;
}

const ST = '\x1b\\';
const LEVELS = [0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff];
/** 16 base colours (test values), the 6×6×6 cube and the grey ramp of the 256-colour palette. */
const BASE = ['#000000', '#cd0000', '#00cd00', '#cdcd00', '#0000ee', '#cd00cd', '#00cdcd', '#e5e5e5', '#7f7f7f', '#ff0000', '#00ff00', '#ffff00', '#5c5cff', '#ff00ff', '#00ffff', '#ffffff'];
const hex2 = (n: number) => n.toString(16).padStart(2, '0');
export const DEFAULT_PALETTE: readonly string[] = [
  ...BASE,
  ...Array.from({ length: 216 }, (_, i) => `#${hex2(LEVELS[Math.floor(i / 36)]!)}${hex2(LEVELS[Math.floor(i / 6) % 6]!)}${hex2(LEVELS[i % 6]!)}`),
  ...Array.from({ length: 24 }, (_, i) => `#${hex2(8 + 10 * i).repeat(3)}`),
];
const DEFAULT_DYNAMIC: Readonly<Record<number, string>> = { 10: '#e5e5e5', 11: '#000000', 12: '#e5e5e5' };
const MAX_STACK = 10;

/** #rrggbb as X11 reports it: rgb:rrrr/gggg/bbbb. */
function x11(colour: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => colour.slice(i, i + 2).repeat(2));
  return `rgb:${r}/${g}/${b}`;
}

export class TerminalReports {
  readonly palette = [...DEFAULT_PALETTE];
  readonly dynamic = new Map(Object.entries(DEFAULT_DYNAMIC).map(([n, c]) => [Number(n), c]));
  title = '';
  icon = '';
  flags = 0;
  private readonly savedFlags: number[] = [];
  private readonly titleStack: string[] = [];
  private readonly iconStack: string[] = [];

  constructor(
    private readonly term: Terminal,
    opts: ReportOptions = {},
  ) {
    const osc = (n: number, fn: (data: string) => void, passOn = false) =>
      term.parser.registerOscHandler(n, (data) => {
        fn(data);
        return !passOn;
      });
    osc(4, (d) => this.setPalette(d));
    osc(104, (d) => {
      for (const i of d === '' ? DEFAULT_PALETTE.keys() : d.split(';').map(Number)) if (i >= 0 && i < 256) this.palette[i] = DEFAULT_PALETTE[i]!;
    });
    for (const n of [10, 11, 12]) {
      osc(n, (d) => this.setDynamic(n, d));
      osc(100 + n, () => this.dynamic.set(n, DEFAULT_DYNAMIC[n]!));
    }
    // Titles: kept here, and passed on, so xterm.js still fires onTitleChange.
    osc(0, (d) => (this.title = this.icon = d), true);
    osc(1, (d) => (this.icon = d), true);
    osc(2, (d) => (this.title = d), true);
    // xterm.js hands CSI … t to a handler only for the window operations its options allow.
    term.options.windowOptions = { ...term.options.windowOptions, getWinTitle: true, getIconTitle: true, ...(opts.titleStack ? { pushTitle: true, popTitle: true } : {}) };
    term.parser.registerCsiHandler({ final: 't' }, (params) => this.windowOp(params.map(Number)));
    term.parser.registerCsiHandler({ prefix: '>', final: 'u' }, (p) => this.pushFlags(Number(p[0] ?? 0)));
    term.parser.registerCsiHandler({ prefix: '<', final: 'u' }, (p) => this.popFlags(Number(p[0] || 1)));
    term.parser.registerCsiHandler({ prefix: '=', final: 'u' }, (p) => this.setFlags(Number(p[0] ?? 0), Number(p[1] || 1)));
    term.parser.registerCsiHandler({ prefix: '?', final: 'u' }, () => this.reply(`\x1b[?${this.flags}u`));
  }

  private reply(text: string): true {
    this.term.input(text, false);
    return true;
  }

  private setPalette(data: string): void {
    const f = data.split(';');
    for (let i = 0; i + 1 < f.length; i += 2) {
      const n = Number(f[i]);
      if (!/^\d+$/.test(f[i]!) || n > 255) continue;
      if (f[i + 1] === '?') this.reply(`\x1b]4;${n};${x11(this.palette[n]!)}${ST}`);
      else this.palette[n] = canonicalColour(f[i + 1]!) ?? this.palette[n]!;
    }
  }

  private setDynamic(first: number, data: string): void {
    data.split(';').forEach((spec, i) => {
      const n = first + i;
      if (!this.dynamic.has(n)) return; // 13–19: not kept, not answered
      if (spec === '?') this.reply(`\x1b]${n};${x11(this.dynamic.get(n)!)}${ST}`);
      else this.dynamic.set(n, canonicalColour(spec) ?? this.dynamic.get(n)!);
    });
  }

  /** CSI 20 / 21 t report the icon title / title; CSI 22 / 23 ; Ps t push / pop (Ps 0 both, 1 icon, 2 title). */
  private windowOp([op, which = 0]: number[]): boolean {
    if (op === 20) return this.reply(`\x1b]L${this.icon}${ST}`);
    if (op === 21) return this.reply(`\x1b]l${this.title}${ST}`);
    if (op !== 22 && op !== 23) return false; // xterm.js's own
    const title = which === 0 || which === 2;
    const icon = which === 0 || which === 1;
    if (op === 22) {
      if (title && this.titleStack.length < MAX_STACK) this.titleStack.push(this.title);
      if (icon && this.iconStack.length < MAX_STACK) this.iconStack.push(this.icon);
    } else {
      if (title && this.titleStack.length > 0) this.title = this.titleStack.pop()!;
      if (icon && this.iconStack.length > 0) this.icon = this.iconStack.pop()!;
    }
    return true;
  }

  private pushFlags(flags: number): true {
    if (this.savedFlags.length >= MAX_STACK) this.savedFlags.shift();
    this.savedFlags.push(this.flags);
    this.flags = flags;
    return true;
  }

  private popFlags(n: number): true {
    for (let i = 0; i < n; i++) this.flags = this.savedFlags.pop() ?? 0;
    return true;
  }

  /** Mode 1 replaces the flags, 2 adds to them, 3 takes away. */
  private setFlags(flags: number, mode: number): true {
    this.flags = mode === 2 ? this.flags | flags : mode === 3 ? this.flags & ~flags : flags;
    return true;
  }
}

/** A query written straight into an emulator (not through a pty), and what it answered. */
export async function askEmulator(term: Terminal, query: string): Promise<string> {
  let got = '';
  const sub = term.onData((d) => (got += d));
  await new Promise<void>((resolve) => term.write(query, resolve));
  sub.dispose();
  return got;
}

/** What `self` must leave as it found it outside the screen, as the emulator reports it: every palette entry, colours 10–12, both titles, the keyboard flags. */
export async function outsideReports(term: Terminal): Promise<Record<string, string>> {
  const queries: Record<string, string> = { title: '\x1b[21t', icon: '\x1b[20t', flags: '\x1b[?u' };
  for (let i = 0; i < 256; i++) queries[`palette ${i}`] = `\x1b]4;${i};?${ST}`;
  for (const n of [10, 11, 12]) queries[`OSC ${n}`] = `\x1b]${n};?${ST}`;
  const out: Record<string, string> = {};
  for (const [name, q] of Object.entries(queries)) out[name] = await askEmulator(term, q);
  return out;
}

/** A headless xterm.js with these reports that has been written `prior`: what a terminal was like before a run. */
export async function reportsAfter(prior: string, opts: ReportOptions = {}): Promise<Record<string, string>> {
  const term = new headless.Terminal({ cols: 80, rows: 24, allowProposedApi: true, logLevel: 'off' });
  new TerminalReports(term, opts);
  await new Promise<void>((resolve) => term.write(prior, resolve));
  const reports = await outsideReports(term);
  term.dispose();
  return reports;
}

/**
 * The in-process twin of a pty host with these reports: the embedded xterm.js
 * target's build, each terminal with the same reports and first written `prior`
 * (what the host's program wrote before termprobe), for openXtermBuild.
 */
export function reportingXtermBuild(opts: ReportOptions, prior: string): XtermBuild {
  class ReportingTerminal extends headless.Terminal {
    constructor(options: ConstructorParameters<XtermBuild['Terminal']>[0]) {
      super(options);
      new TerminalReports(this, opts);
      this.write(prior);
    }
  }
  return { ...XTERM_DEPENDENCY, Terminal: ReportingTerminal };
}
