/**
 * Terminals that live inside another program rather than in a window: Neovim's
 * and Vim's :terminal (libvterm), Emacs term.el in emacs-nox, dvtm, and mosh's
 * server (a terminal emulator of its own, drawn by mosh-client). Each runs the
 * relay as its inner program; one row of data per terminal says how. Sizes:
 * the program around the terminal takes rows of its own (Vim's command line,
 * Emacs's mode line and echo area), so its pty is larger, by amounts measured by
 * running each (the relay checks the inner tty has the size asked for).
 *
 * Screens are read by the best way each offers (measured; see host-view-scripts.ts
 * and outer-screen.ts): the editors report their own view of the terminal over a
 * socket (host-view), dvtm and mosh-client have their drawing replayed (outer-screen).
 */
import { execFile } from 'node:child_process';
import type { Requirement } from '../common/find-program.js';
import { TargetStartError } from '../target-start-error.js';
import { join } from 'node:path';
import type { InputChannel } from '../input-channel.js';
import { emacsScript, neovimScript, vimScript } from './host-view-scripts.js';
import { NeovimInput } from './neovim-input.js';

export interface HostedContext {
  /** The relay as program and arguments. */
  argv: string[];
  /** The relay script's path (a program that takes no arguments: `/bin/sh` runs it). */
  script: string;
  cols: number;
  rows: number;
  /** The scratch environment every process of the session gets (marker included). */
  env: NodeJS.ProcessEnv;
  /** The host-view script to load at start (its path), when the screen is read that way. */
  viewScript?: string;
  /** The session's scratch dir (sockets of its own go there). */
  dir: string;
}

/**
 * How the screen is read. host-view: the host program loads `script` (written to
 * a file named `file`), which connects to termprobe's socket and answers screen
 * requests. outer-screen: the host's own pty output is replayed (see outer-screen.ts).
 */
export type HostedScreen =
  | { method: 'host-view'; file: string; script(socket: string, rows: number): string; note: string }
  | { method: 'outer-screen'; fences: 1 | 2; note: string };

export interface HostedLaunch {
  argv: string[];
  env?: Record<string, string>;
  /** Run argv in a pty of this size (util-linux script), for programs that need a terminal of their own. */
  pty?: { cols: number; rows: number };
  /** Settings to record: how it was launched. */
  options: Record<string, string>;
}

export interface HostedRecipe {
  id: string;
  name: string;
  /** Why the input probes cannot reach this terminal (it runs in no pty termprobe holds). */
  noInputBecause?: string;
  /** The input probes go through the host's own RPC, on a socket of this name in the scratch dir (see neovim-input.ts). */
  rpcInput?: { file: string; channel(socket: string, signal?: AbortSignal): InputChannel };
  /** How the input probes know the host's outer terminal follows the inner one's modes (see mux-input.ts); default none. */
  inputSettle?: 'titles' | 'none';
  /** What a person types to get the host back after a key it kept (see mux-input.ts recoverKeys). */
  inputRecoverKeys?: string;
  /** Input events the host's pty cannot carry to the terminal as asked, and why (input probes). */
  inputCannot?: Partial<Record<'key' | 'mouse' | 'paste' | 'focus', string>>;
  /** Debian package: the install hint and the version. */
  pkg: string;
  requirements: Requirement[];
  /** The engine: its name, and the Debian package whose version is its version (when not the terminal's own). */
  engine: { name: string; pkg?: string; note?: string; /** The engine is part of this program: its version is the program's. */ sameVersion?: boolean };
  /** At most this many probes in flight (see TargetFactory.maxWindow). */
  maxWindow?: number;
  /** At most this many bytes ahead of the answers (see TargetFactory.maxBytesInFlight). */
  maxBytesInFlight?: number;
  /** The terminal never answers DA1, so termprobe's pipe answers the sentinel (see cpr-sentinel.ts). */
  hostDa1?: boolean;
  screen: HostedScreen;
  launch(ctx: HostedContext, signal?: AbortSignal): Promise<HostedLaunch>;
}

const SCRIPT: Requirement = { program: 'script', pkg: 'bsdutils' };

/** mosh-server new prints "MOSH CONNECT <port> <key>" and detaches; the key goes to mosh-client in MOSH_KEY. */
function startMoshServer(ctx: HostedContext, signal?: AbortSignal): Promise<{ port: string; key: string }> {
  const args = ['new', '-s', '-i', '127.0.0.1', '-c', '256', '-l', 'LANG=C.UTF-8', '--', '/bin/sh', ctx.script];
  return new Promise((resolve, reject) => {
    execFile('mosh-server', args, { env: ctx.env, timeout: 10_000, ...(signal ? { signal } : {}) }, (error, stdout, stderr) => {
      const m = /MOSH CONNECT (\d+) (\S+)/.exec(String(stdout));
      if (m) resolve({ port: m[1]!, key: m[2]! });
      // An abort kills mosh-server, whose stderr always holds its SSH_CONNECTION warning: the abort is the reason, not that.
      else if (signal?.aborted) reject(signal.reason instanceof Error ? signal.reason : (error ?? new Error('aborted')));
      else reject(new TargetStartError(`mosh-server did not start: ${String(stderr).trim().split('\n').slice(-2).join(' | ') || error?.message}`));
    });
  });
}

export const HOSTED_RECIPES: readonly HostedRecipe[] = [
  {
    id: 'neovim', name: 'neovim', pkg: 'neovim',
    // Headless (no tty, no UI): keys reach its terminal through its RPC (nvim_input, nvim_input_mouse, nvim_paste).
    rpcInput: { file: 'nvim-rpc.sock', channel: (socket, signal) => new NeovimInput(socket, signal) },
    requirements: [{ program: 'nvim', pkg: 'neovim' }],
    engine: { name: 'libvterm', pkg: 'libvterm0', note: "Neovim 0.7 links Debian's libvterm" },
    screen: {
      method: 'host-view', file: 'termprobe-screen.lua', script: neovimScript,
      note: "host-view (a Lua script Neovim loads answers over a socket with the terminal buffer's lines, 10 ms after the request so Neovim's own refresh timer has run: text, no styles; columns by display width)",
    },
    // Headless: no UI, the grid is `lines` x `columns`; one line is the command line, none a status line.
    launch: async (ctx) => ({
      argv: ['nvim', '--headless', '--listen', join(ctx.dir, 'nvim-rpc.sock'), '--clean', '-n', '-i', 'NONE', '--cmd', `set lines=${ctx.rows + 1} columns=${ctx.cols} laststatus=0`, '-c', `terminal ${ctx.argv.join(' ')}`, ...(ctx.viewScript ? ['-c', `luafile ${ctx.viewScript}`] : [])],
      options: { launch: `nvim --headless --listen RPC-SOCKET --clean -n -i NONE --cmd 'set lines=${ctx.rows + 1} columns=${ctx.cols} laststatus=0' -c 'terminal RELAY'${ctx.viewScript ? " -c 'luafile SCREEN-SCRIPT'" : ''}` },
    }),
  },
  {
    id: 'vim', name: 'vim', pkg: 'vim',
    requirements: [{ program: 'vim', pkg: 'vim' }, SCRIPT],
    engine: { name: 'libvterm', note: 'Vim bundles its own copy of libvterm (src/libvterm); it names itself in XTVERSION' },
    // With 64 probes in flight Vim's terminal stops answering part-way (the tabs probes, every run);
    // with 16 it answers all 264, one at a time the same answers (measured). With the 706-probe corpus and its
    // screen read back, 16 in flight still loses a reply now and then (a probe partial or unanswered in about one
    // run in two); 4 in flight lost none in three runs, and costs 6.6 s against 8.9 s one at a time. The width suite's batches are
    // larger writes: with 512-byte batches, or 256-byte ones four at a time, it stops answering within the first
    // few hundred items and never answers again; one 256-byte batch at a time it measures all 37,954 items in
    // about 2 s (measured).
    maxWindow: 4,
    maxBytesInFlight: 256,
    screen: {
      method: 'host-view', file: 'termprobe-screen.vim', script: vimScript,
      note: "host-view (a Vim script opens a channel to termprobe's socket and answers with term_scrape() of every row: each cell's text and width; no styles, since term_scrape gives colours only as #rrggbb, the default and the palette index lost)",
    },
    // One row for the command line; one window, so no status line.
    launch: async (ctx) => ({
      argv: ['vim', '-N', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `terminal ++curwin ++norestore ${ctx.argv.join(' ')}`, ...(ctx.viewScript ? ['-S', ctx.viewScript] : [])],
      pty: { cols: ctx.cols, rows: ctx.rows + 1 },
      options: { launch: `vim -N -u NONE -i NONE -n -c 'terminal ++curwin ++norestore RELAY'${ctx.viewScript ? ' -S SCREEN-SCRIPT' : ''} (in a ${ctx.cols}x${ctx.rows + 1} pty)` },
    }),
  },
  {
    id: 'emacs', name: 'emacs', pkg: 'emacs-nox',
    // F10 opens the tty menu bar (tmm-menubar), a prefix waits for its next key: C-g (keyboard-quit), twice, leaves either.
    inputRecoverKeys: '\x07\x07',
    inputCannot: { mouse: "Emacs -nw draws its menu bar and mode line around term.el's buffer and takes mouse reports only with xterm-mouse-mode, off with -Q: a click in its tty is no click in the terminal" },
    requirements: [{ program: 'emacs', pkg: 'emacs-nox' }, SCRIPT],
    engine: { name: 'emacs-term', sameVersion: true, note: "Emacs's term.el (M-x term), in emacs-nox" },
    // term.el answers CSI … n with a CPR, whatever the parameters, and never DA1 (measured).
    hostDa1: true,
    screen: {
      method: 'host-view', file: 'termprobe-screen.el', script: (socket) => emacsScript(socket),
      note: "host-view (a Lisp file Emacs loads connects to termprobe's socket and answers with term.el's screen lines, each character with its char-width: text, no styles)",
    },
    // The mode line and the echo area take two rows, term.el one more row and one column. The startup message is
    // cleared once startup ends (emacs-startup-hook): in a narrow frame it wraps (two lines at 42 columns, four at
    // 21, measured), the echo area grew to hold it (startup.el shows it with resize-mini-windows bound to t) and
    // term.el shrank the terminal by as many rows.
    //
    // Each command leaves the kill ring empty (post-command-hook), as a fresh Emacs has it, so what shift+Insert sends
    // is the same whichever probes this instance made before (keys-modifiers.shift-insert differed between two full
    // runs). Emacs 28.2 source: term.el's term-raw-map binds [S-insert] to term-paste, which sends (current-kill 0);
    // simple.el's current-kill yanks the kill ring's head, or signals "Kill ring is empty"; interprogram-paste-function
    // brings nothing into it here (term/xterm.el, xterm--version-handler, activates only OSC 52 *set* selection for
    // xterm >= 203; its get-selection line is commented out). term-raw-map leaves C-delete to the global map
    // (bindings.el: kill-word), and simple.el's kill-region, finding the buffer read-only (term.el:
    // term-char-mode-buffer-read-only), copies the text to the kill ring before it signals: keys-modifiers.ctrl-delete
    // put the screen's first lines there, which the shift+Insert after it sent on, unless a fresh instance had been
    // started in between (a key that could not be put back), whose kill ring was empty (measured: 178 characters of
    // blank screen in 2 full runs of 3, nothing in the third).
    //
    // Debian's emacs 28.2 is built with native compilation but ships .eln files for 18 libraries only: every other one
    // it loads (term.el, json.el, term/xterm.el…) it compiles again in `emacs --batch` processes of its own, into the
    // scratch HOME's eln-cache, for every instance — about 6 CPU-seconds a start, measured, most of Emacs's CPU time in
    // a full run. EMACS_INHIBIT_AUTOMATIC_NATIVE_COMPILATION (Emacs 28.2 startup.el: normal-top-level) runs the
    // byte-compiled files as they are: the same Lisp, so the same term.el.
    launch: async (ctx) => {
      const load = ctx.viewScript ? ` (load ${JSON.stringify(ctx.viewScript)} nil t)` : '';
      const lisp = `(progn (add-hook 'emacs-startup-hook (lambda () (message nil))) (add-hook 'post-command-hook (lambda () (setq kill-ring nil kill-ring-yank-pointer nil))) (set-buffer (make-term "termprobe" "/bin/sh" nil ${JSON.stringify(ctx.script)})) (term-mode) (term-char-mode) (switch-to-buffer "*termprobe*")${load})`;
      return {
        argv: ['emacs', '-nw', '-Q', '--eval', lisp],
        env: { EMACS_INHIBIT_AUTOMATIC_NATIVE_COMPILATION: '1' },
        pty: { cols: ctx.cols + 1, rows: ctx.rows + 3 },
        options: { launch: `EMACS_INHIBIT_AUTOMATIC_NATIVE_COMPILATION=1 emacs -nw -Q --eval '(add-hook emacs-startup-hook (message nil)), (add-hook post-command-hook (setq kill-ring nil)), (make-term … "/bin/sh" nil RELAY) in term-char-mode${load ? ', (load SCREEN-SCRIPT)' : ''}' (in a ${ctx.cols + 1}x${ctx.rows + 3} pty)` },
      };
    },
  },
  {
    id: 'dvtm', name: 'dvtm', pkg: 'dvtm',
    inputSettle: 'titles',
    inputCannot: { mouse: "dvtm -M leaves the mouse to the outer terminal (its own mouse grabbing toggled off), and draws a title bar above the window: a click does not reach the terminal's cells as asked" },
    requirements: [{ program: 'dvtm', pkg: 'dvtm' }, SCRIPT],
    engine: { name: 'dvtm', sameVersion: true },
    // dvtm answers CSI 6 n only (0-based, measured), and never DA1.
    hostDa1: true,
    // dvtm calls doupdate() at the top of its loop and prints a new title (settitle) from within the
    // loop, when it processes the OSC (dvtm.c at 311a8c0: main, term_title_handler): the title comes after the drawing.
    screen: {
      method: 'outer-screen', fences: 1,
      note: "outer-screen (dvtm's drawing in its own pty, replayed into xterm.js: text, widths and styles as dvtm drew them; each read waits for a one-off OSC 2 title that dvtm prints only after the drawing before it)",
    },
    launch: async (ctx) => ({
      argv: ['dvtm', '-M', ctx.argv.join(' ')],
      pty: { cols: ctx.cols, rows: ctx.rows },
      options: { launch: `dvtm -M RELAY (in a ${ctx.cols}x${ctx.rows} pty)` },
    }),
  },
  {
    id: 'mosh', name: 'mosh', pkg: 'mosh',
    inputSettle: 'titles',
    requirements: [{ program: 'mosh-server', pkg: 'mosh' }, { program: 'mosh-client', pkg: 'mosh' }, SCRIPT],
    engine: { name: 'mosh', sameVersion: true, note: "mosh-server's own terminal emulator (it answers the queries; mosh-client draws its screen)" },
    // mosh-client writes each frame whole, the title first, then the rows (terminaldisplay.cc at mosh-1.4.0:
    // Display::new_frame): a second title's frame proves the first frame's rows are all in.
    screen: {
      method: 'outer-screen', fences: 2,
      note: "outer-screen (mosh-client's drawing in its own pty, replayed into xterm.js: what a mosh user sees, text, widths and styles; each read waits for two one-off OSC 2 titles in turn, each drawn in a later frame)",
    },
    // The server runs the relay; the client, in a pty of the size asked for, sets the server's size.
    launch: async (ctx, signal) => {
      const { port, key } = await startMoshServer(ctx, signal);
      return {
        argv: ['mosh-client', '127.0.0.1', port],
        // No "[mosh] " before the title: the read-back's title tokens arrive as written.
        env: { MOSH_KEY: key, TERM: 'xterm-256color', MOSH_TITLE_NOPREFIX: '1' },
        pty: { cols: ctx.cols, rows: ctx.rows },
        options: { launch: `mosh-server new -s -i 127.0.0.1 -c 256 -l LANG=C.UTF-8 -- RELAY; MOSH_KEY=… MOSH_TITLE_NOPREFIX=1 mosh-client 127.0.0.1 PORT (in a ${ctx.cols}x${ctx.rows} pty, TERM=xterm-256color)` },
      };
    },
  },
];

export function findHostedRecipe(id: string): HostedRecipe | undefined {
  return HOSTED_RECIPES.find((r) => r.id === id);
}
