/**
 * Screen read-back through the X PRIMARY selection, for X11 terminals that offer
 * no other way: xdotool drags the pointer across the terminal's window from its
 * first cell to its last, the terminal puts the selected text in PRIMARY, xclip
 * reads it. Text only (no styles); columns are counted by display width, and a
 * row the terminal joined to the next because it wrapped is split again.
 *
 * So that the read changes nothing the next probe sees: mouse reporting is
 * switched off first (a probe may have turned it on, and the drag must select,
 * not report), the pointer leaves the window after the drag, and PRIMARY is
 * taken back after the read (so the terminal drops its selection). Stale text is never read: PRIMARY is first given
 * a one-off token (xclip -i), and the read waits until the terminal owns the
 * selection again (the token is gone); X delivers the drag before the request
 * that reads it, so the terminal answers with the whole drag.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { screenFromRows, ScreenReadError, splitWrappedRows } from './gui-screen-read.js';

/** Mouse reporting modes (X10, normal, highlight, button, any-event, focus, UTF-8, SGR, urxvt, SGR-pixels): all off before a drag. */
export const MOUSE_MODES_OFF = '\x1b[?9l\x1b[?1000l\x1b[?1001l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1016l';

/** How long one drag waits for the terminal to own PRIMARY. */
const TAKE_LIMIT_MS = 1500;
/** Longer than any multi-click interval of the terminals read this way (st's triple click: 600 ms; GTK, Qt: 400 ms). */
const MULTI_CLICK_MS = 650;

function run(program: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, { env, timeout: 5000, maxBuffer: 16 * 1024 * 1024, encoding: 'buffer' }, (error, stdout, stderr) => {
      if (error) reject(new ScreenReadError(`${program} ${args.join(' ')}: ${String(stderr).trim() || error.message}`));
      else resolve(new TextDecoder().decode(stdout));
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

interface WindowBox {
  id: string;
  width: number;
  height: number;
}

/** The terminal's window: the largest visible top-level window on the private display, the root aside. */
async function findWindow(env: NodeJS.ProcessEnv): Promise<WindowBox> {
  const tree = await run('xwininfo', ['-root', '-children'], env);
  let best: WindowBox | undefined;
  for (const m of tree.matchAll(/^\s+(0x[0-9a-f]+) .*?\s(\d+)x(\d+)\+-?\d+\+-?\d+\s/gm)) {
    const box = { id: m[1]!, width: Number(m[2]), height: Number(m[3]) };
    const info = await run('xwininfo', ['-id', box.id], env).catch(() => '');
    if (!/Map State: IsViewable/.test(info)) continue;
    if (!best || box.width * box.height > best.width * best.height) best = box;
  }
  if (!best) throw new ScreenReadError('no visible terminal window on the display');
  return best;
}

/** A mouse report in SGR form (CSI < b ; col ; row M), 1-based. */
interface MouseCell {
  col: number;
  row: number;
}

/** Where the grid's cells are on the window, learned from the terminal's own mouse reports. */
interface Grid {
  x0: number;
  y0: number;
  cellW: number;
  cellH: number;
}

const REPORT_LIMIT_MS = 3000;

export class XSelectionReader {
  private window: Promise<WindowBox> | undefined;
  private grid: Promise<Grid> | undefined;
  /** When the last drag pressed the button (performance.now()). */
  private lastPress = -Infinity;
  private drags = 0;

  /**
   * `exchange` writes bytes to the terminal and resolves once it has processed them (DA1 round trip);
   * `listen` hands the terminal's raw replies to a sink until the returned function is called.
   */
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly exchange: (bytes: string) => Promise<unknown>,
    private readonly listen: (sink: (chunk: Uint8Array) => void) => () => void,
    /** The terminal counts a press soon after another as a double click wherever it is (so drags are spaced in time). */
    private readonly clicksByTime = true,
  ) {}

  private async claimToken(): Promise<string> {
    const token = `termprobe-${randomBytes(8).toString('hex')}`;
    await this.claim(token);
    return token;
  }

  /** Give PRIMARY to a token held by a short-lived xclip (it exits once the terminal takes the selection). */
  private async claim(token: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('xclip', ['-i', '-selection', 'primary'], { env: this.env, stdio: ['pipe', 'ignore', 'pipe'] });
      child.on('error', reject);
      // xclip forks a server and its first process exits once PRIMARY is owned.
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new ScreenReadError(`xclip -i exited with code ${code}`))));
      child.stdin.end(token);
    });
  }

  /**
   * The grid's origin and cell size, from the terminal itself: with mouse
   * reporting on (normal tracking, SGR form), the pointer presses at points near
   * the window's centre and the terminal names the cell under each (the press
   * goes to the program, not to a selection); two column boundaries ten cells
   * apart, and two row boundaries, give the cell size to a tenth of a pixel.
   * Toolkit chrome (menu bars, tab bars, scroll bars) is thereby never clicked.
   */
  private async calibrate(window: WindowBox, cols: number, rows: number): Promise<Grid> {
    await this.exchange('\x1b[?1000h\x1b[?1006h');
    const reports: MouseCell[] = [];
    let wake: (() => void) | undefined;
    let text = '';
    const unlisten = this.listen((chunk) => {
      text += new TextDecoder('latin1').decode(chunk);
      // SGR presses (CSI < b ; col ; row M), or the X10 form (CSI M b col row, each + 32) where SGR is not spoken.
      const re = /\x1b\[<(\d+);(\d+);(\d+)([Mm])|\x1b\[M([\x20-\xff])([\x20-\xff])([\x20-\xff])/g;
      let m: RegExpExecArray | null;
      let last = 0;
      while ((m = re.exec(text))) {
        last = re.lastIndex;
        if (m[1] !== undefined) {
          if (m[4] === 'M' && (Number(m[1]) & 3) === 0) reports.push({ col: Number(m[2]), row: Number(m[3]) });
        } else if (((m[5]!.charCodeAt(0) - 32) & 3) === 0) reports.push({ col: m[6]!.charCodeAt(0) - 32, row: m[7]!.charCodeAt(0) - 32 });
      }
      text = text.slice(last).slice(-64);
      wake?.();
    });
    const next = async (): Promise<MouseCell> => {
      const t0 = performance.now();
      while (reports.length === 0) {
        if (performance.now() - t0 > REPORT_LIMIT_MS) throw new ScreenReadError(`the terminal sent no mouse report within ${REPORT_LIMIT_MS / 1000} s of a button press (mode 1000)`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return reports.shift()!;
    };
    const cellAt = async (x: number, y: number): Promise<MouseCell> => {
      await run('xdotool', ['mousemove', '--window', window.id, String(Math.round(x)), String(Math.round(y)), 'mousedown', '1', 'mouseup', '1'], this.env);
      return next();
    };
    try {
      const cx = Math.round(window.width / 2);
      const cy = Math.round(window.height / 2);
      /** The smallest coordinate in (lo, hi] whose cell index is above `index` (cells grow with the coordinate). */
      const boundary = async (axis: 'x' | 'y', lo: number, hi: number, index: number): Promise<number> => {
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          const cell = axis === 'x' ? await cellAt(mid, cy) : await cellAt(cx, mid);
          if ((axis === 'x' ? cell.col : cell.row) > index) hi = mid;
          else lo = mid;
        }
        return hi;
      };
      const centre = await cellAt(cx, cy);
      const ubW = window.width / cols + 1;
      const ubH = window.height / rows + 1;
      const kx = Math.max(1, Math.min(10, cols - centre.col - 1));
      const ky = Math.max(1, Math.min(8, rows - centre.row - 1));
      const bx1 = await boundary('x', cx, cx + ubW, centre.col);
      const bx2 = await boundary('x', bx1, bx1 + (kx + 1) * ubW, centre.col + kx);
      const by1 = await boundary('y', cy, cy + ubH, centre.row);
      const by2 = await boundary('y', by1, by1 + (ky + 1) * ubH, centre.row + ky);
      const cellW = (bx2 - bx1) / kx;
      const cellH = (by2 - by1) / ky;
      return { x0: bx1 - centre.col * cellW, y0: by1 - centre.row * cellH, cellW, cellH };
    } finally {
      unlisten();
      await this.exchange(MOUSE_MODES_OFF);
    }
  }

  /** One drag across every cell; the text the terminal then gives for PRIMARY. */
  /** The token PRIMARY holds now (claimed after the last read, which also dropped the terminal's selection). */
  private token: string | undefined;

  /** One drag across every cell; the text the terminal then gives for PRIMARY, or undefined when it did not take the selection. */
  private async drag(window: WindowBox, grid: Grid, cols: number, rows: number): Promise<string | undefined> {
    const token = this.token ?? (await this.claimToken());
    this.token = token;
    const w = window.id;
    const px = (v: number) => String(Math.round(v));
    // From just inside the first cell to just inside the right edge of the last; every other drag presses lower
    // in the first cell (presses 5 px or more apart are no double click to GTK and Qt).
    const [x1, y1] = [grid.x0 + grid.cellW * 0.25, grid.y0 + grid.cellH * (this.drags++ % 2 === 0 ? 0.2 : 0.8)];
    const [x2, y2] = [grid.x0 + cols * grid.cellW - 1, grid.y0 + (rows - 0.5) * grid.cellH];
    // A press soon after the last one is a double or triple click (a word or line selection): st, xterm and
    // zutty count clicks by time alone (st: 300 ms double, 600 ms triple), so presses are kept MULTI_CLICK_MS apart.
    const since = performance.now() - this.lastPress;
    if (this.clicksByTime && since < MULTI_CLICK_MS) await new Promise((resolve) => setTimeout(resolve, MULTI_CLICK_MS - since));
    this.lastPress = performance.now();
    // The drag moves in steps (Qt starts a selection only once the pointer has moved with the button down);
    // after the release the pointer leaves the window, so no hover effect or later motion touches the terminal.
    const steps = [0.02, 0.1, 0.3, 0.6, 1].flatMap((f) => ['mousemove', '--window', w, px(x1 + (x2 - x1) * f), px(y1 + (y2 - y1) * f)]);
    await run('xdotool', ['mousemove', '--window', w, px(x1), px(y1), 'mousedown', '1', ...steps, 'mouseup', '1', 'mousemove', String(window.width + 10), String(window.height + 10)], this.env);
    const t0 = performance.now();
    for (;;) {
      const text = await run('xclip', ['-o', '-selection', 'primary'], this.env).catch(() => token);
      if (text !== token) {
        this.token = undefined;
        return text;
      }
      if (performance.now() - t0 > TAKE_LIMIT_MS) return undefined;
    }
  }

  async read(region: Region, cols: number, rows: number): Promise<ScreenAnswer> {
    const window = await (this.window ??= findWindow(this.env));
    const grid = await (this.grid ??= this.calibrate(window, cols, rows));
    await this.exchange(MOUSE_MODES_OFF);
    // An empty selection is taken as final only when a second and third drag give it too, and a drag the
    // terminal did not take is made again: zutty, konsole and st now and then answer with nothing though
    // the drag selected text, or miss a drag, under load.
    let text: string | undefined;
    for (let attempt = 0; attempt < 3 && (text === undefined || text === ''); attempt++) {
      text = (await this.drag(window, grid, cols, rows)) ?? text;
    }
    if (text === undefined) throw new ScreenReadError(`the terminal did not take the X selection after 3 drags (${TAKE_LIMIT_MS / 1000} s each)`);
    // Leave nothing selected: PRIMARY goes to an xclip holding the next read's token, so the terminal drops
    // its selection and its highlight.
    this.token = await this.claimToken();
    const lines = text.replace(/\n$/, '').split('\n');
    const screen = splitWrappedRows(lines, cols).slice(0, rows);
    return screenFromRows(region, cols, rows, screen, 'selection');
  }
}
