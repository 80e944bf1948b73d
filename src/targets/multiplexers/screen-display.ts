/**
 * GNU screen's cells read whole: a display is attached to the session for the
 * read alone (script(1), TERM=xterm-256color), screen redraws its window on it
 * from what it holds, and that drawing is replayed into an @xterm/headless
 * terminal of the window's size, whose cells are read as the embedded
 * targets' are (text, widths, styles), with the cursor's visibility and the
 * DECSCUSR style screen passes on. The display is detached again before the
 * read returns: while one is attached, screen changes a window's size only as
 * far as the display can follow (ansi.c WChangeSize), so a probe must never
 * run with it attached.
 *
 * What screen 4.9.0 (Debian 4.9.0-4) holds per cell (ansi.h, ansi.c
 * SelectRendition and rendlist): bold, dim, underline (one kind), blink,
 * reverse, "standout", which only SGR 3 sets and SGR 22/23 clears (screen's own
 * terminfo draws it as SGR 3: terminfo/screencap so=\E[3m), and 16 or 256
 * palette colours (--enable-colors256, debian/rules). SGR 8, 9, 53, 58, 21 and
 * 38/48;2 direct colours have no place there (38;2;r;g;b is read as SGR 38, then
 * 2, r, g, b each on its own). So the display's termcap (DISPLAY_TERMCAP) draws
 * standout as SGR 3, and the cell reads italic; what screen drops is absent
 * from the window's cells, not untold.
 *
 * Fence: the display's termcap has a status line in the window title, and
 * C-a v (the screenrc is empty, so C-a is the command key) typed on the display
 * once it drew shows screen's version message there: screen reads a display's
 * keys after it handled its attach, and writes a display's output in order, so
 * the message comes after the whole redraw. A display is new for each read, so
 * the message is never the display's last one (which screen would not show
 * again). C-a d detaches it: screen writes "[detached from …]" on it before it
 * lets it go (screen.c Detach), and reads the window's output again only after,
 * so once that shows the next probe runs without a display; the client's
 * processes are then ended meanwhile (close() waits for them).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { readRegion } from '../common/region-read.js';
import { xtermCellReader } from '../common/xterm-cells.js';
import { shellQuote } from '../common/fifo-relay.js';
import { endClientGroup, signalGroup } from '../common/marked-processes.js';

const requireCjs = createRequire(import.meta.url);
const { Terminal } = requireCjs('@xterm/headless') as typeof import('@xterm/headless');

export const DISPLAY_TERM = 'xterm-256color';
/**
 * For the read's display (screenrc): a status line in the title (hs, ts, fs, ds) for the fence; standout drawn as
 * SGR 3 / 23; no alternate screen (ti@, te@), so detaching leaves the drawing. Messages one after another at once
 * (msgminwait 0), no utmp entry (deflogin off: its failure would be a message), the status line used (hardstatus on).
 */
export const DISPLAY_SCREENRC = [`termcapinfo xterm* 'hs:ts=\\E]2;:fs=\\007:ds=\\E]2;\\007:so=\\E[3m:se=\\E[23m:ti@:te@'`, 'msgminwait 0', 'deflogin off', 'hardstatus on', ''].join('\n');

const LIMIT_MS = 3000;
/** screen's command key with an empty screenrc: C-a. */
const COMMAND_KEY = '\x01';

/** xterm.js's core state for the cursor (@xterm/headless 6.0.0, CoreService), read only when present. */
interface CoreCursor {
  _core?: { coreService?: { isCursorHidden?: boolean; decPrivateModes?: { cursorStyle?: 'block' | 'underline' | 'bar'; cursorBlink?: boolean } } };
}

export class ScreenDisplay {
  /** What C-a v shows: "screen " and what `screen -v` prints after "Screen version " (process.c RC_VERSION). */
  private version: Promise<string> | undefined;

  constructor(
    private readonly name: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Displays whose process group is still running (a read under way, or one detaching: close() waits for them). */
  private readonly live = new Map<ChildProcess, Promise<void>>();

  /**
   * End every display still running (a read under way when the run is interrupted) and wait until their processes are
   * gone: a screen client that outlives the session's socket folder makes it again (screen creates its SCREENDIR at
   * start), which Ctrl-C during a run left behind (interrupt-startup.test.ts).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const display of this.live.keys()) signalGroup(display, 'SIGKILL');
    await Promise.all(this.live.values());
  }

  /** Set by close: no display is attached after it (a read that was waiting for the version message when it came). */
  private closed = false;

  /** The window (cols×rows, its size now) as screen draws it; rejects when no drawing came, the display detached. */
  async read(region: Region, cols: number, rows: number): Promise<ScreenAnswer> {
    const version = await (this.version ??= versionMessage(this.env));
    if (this.closed) throw new Error('the screen session closed before its display attached');
    // The message is cut to the status line's width: the display's, or one less (display.c MakeStatus).
    const shown = (title: string) => title.length >= Math.min(version.length, cols - 1) && version.startsWith(title);
    const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0, logLevel: 'off' });
    const state = { title: '', fed: 0, parsed: 0, output: false, exited: false, tail: '', disposed: false };
    let wake: (() => void) | undefined;
    term.onTitleChange((t) => ((state.title = t), wake?.()));
    const attach = `stty rows ${rows} cols ${cols} && exec screen -x -S ${shellQuote(this.name)}`;
    const display = spawn('script', ['-qfec', attach, '/dev/null'], { env: { ...this.env, TERM: DISPLAY_TERM }, stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    const exited = new Promise<void>((resolve) => display.once('exit', () => resolve()));
    this.live.set(display, exited);
    void exited.then(() => this.live.delete(display));
    display.stdin!.on('error', () => undefined);
    display.stdout!.on('data', (chunk: Buffer) => {
      state.output = true;
      state.tail = (state.tail + chunk.toString('latin1')).slice(-256);
      if (state.disposed) return;
      state.fed++;
      term.write(chunk, () => (state.parsed++, wake?.()));
    });
    display.once('exit', () => ((state.exited = true), wake?.()));
    const until = async (ok: () => boolean, what: string) => {
      const started = performance.now();
      while (!ok()) {
        const left = LIMIT_MS - (performance.now() - started);
        if (state.exited || left <= 0) throw new Error(`screen's display ${state.exited ? 'exited' : `did not ${what} within ${LIMIT_MS / 1000} s`}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            resolve();
          }
          wake = done;
        });
        wake = undefined;
      }
    };
    try {
      await until(() => state.output, 'draw');
      display.stdin!.write(COMMAND_KEY + 'v');
      await until(() => shown(state.title) && state.parsed === state.fed, `show "${version}" (C-a v)`);
      const answer = readRegion(region, cols, rows, xtermCellReader(term.buffer.active));
      const core = (term as unknown as CoreCursor)._core?.coreService;
      const style = core?.decPrivateModes?.cursorStyle;
      const cursor: ScreenAnswer['cursor'] = core?.isCursorHidden ? { shape: 'hidden' } : style ? { shape: style, blink: core?.decPrivateModes?.cursorBlink === true } : undefined;
      return { ...answer, via: 'outer-screen', ...(cursor ? { cursor } : {}) };
    } finally {
      state.disposed = true;
      term.dispose();
      if (!state.exited) display.stdin!.write(COMMAND_KEY + 'd');
      // It exits once screen has detached it; ended after 1 s else.
      const gone = endClientGroup(display, 1000);
      await until(() => state.tail.includes('[detached from '), 'detach (C-a d)').catch(() => gone);
    }
  }
}

function versionMessage(env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('screen', ['-v'], { env, timeout: LIMIT_MS }, (error, stdout) => {
      const m = /^Screen version (.+)$/m.exec(String(stdout));
      if (m) resolve(`screen ${m[1]!.trim()}`);
      else reject(new Error(`screen -v printed ${JSON.stringify(String(stdout).trim())}, not "Screen version …"${error ? ` (${error.message})` : ''}`));
    });
  });
}
