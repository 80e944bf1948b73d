/**
 * Screen read-back for foot (Wayland, under weston's X11 backend): foot's
 * `pipe-visible` key binding (foot.ini(5), [key-bindings], foot 1.13.1) pipes
 * the visible text to a command. A scratch foot.ini binds it to
 * Control+Shift+F12 (no default binding uses that key) with a command that
 * writes the text to a file and renames it into place when done; xdotool sends
 * that key through XTEST to weston's X window, which has the X input focus, and
 * weston hands it to foot, the focused surface. foot consumes a bound key: the
 * program inside gets nothing (checked by the tests).
 *
 * Why the text is current: foot parses the pty's bytes and writes its replies
 * as it goes, so once the probe's DA1 reply is back the grid holds the probe;
 * the key arrives after that, and the binding reads the grid, not the drawing.
 *
 * The text: rows joined where a line wrapped, trailing blanks and trailing
 * empty rows left out, a wide character once: rows are split again by display
 * width (as for mlterm's snapshot).
 */
import { brokeredExecFile } from '../../util/exec-broker.js';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { shellQuote } from '../common/fifo-relay.js';
import { screenFromRows, ScreenReadError, splitWrappedRows } from './gui-screen-read.js';

export const FOOT_READ_KEY = 'Control+Shift+F12';
/** The key foot turns into the input probes' marker text, and that text (see writeFootConfig). */
export const FOOT_MARKER_KEY = 'XF86Tools';
export const FOOT_MARKER_TEXT = '\u2603';
const XDOTOOL_KEY = 'ctrl+shift+F12';
const READ_LIMIT_MS = 5000;

/** Write the scratch foot.ini and the command it runs; returns the ini's path. */
export function writeFootConfig(dir: string): string {
  const script = join(dir, 'pipe-visible.sh');
  const part = join(dir, 'visible.part');
  writeFileSync(script, `# termprobe: foot pipes its visible text here\ncat > ${shellQuote(part)} && mv ${shellQuote(part)} ${shellQuote(visibleFile(dir))}\n`);
  const ini = join(dir, 'foot.ini');
  // The input probes' marker (gui-input.ts): weston compiles its keymap from the X server's layout names once, so a
  // keysym given to a spare keycode later never reaches foot; a text binding on a key the layout has and no probe
  // presses sends the marker's text instead, in every keyboard mode.
  writeFileSync(ini, `# termprobe: foot's defaults, plus a key that writes the visible text to a file, and the input probes' marker key\n[key-bindings]\npipe-visible=[/bin/sh "${script}"] ${FOOT_READ_KEY}\n[text-bindings]\n${FOOT_MARKER_TEXT}=${FOOT_MARKER_KEY}\n`);
  return ini;
}

function visibleFile(dir: string): string {
  return join(dir, 'visible.txt');
}

function xdotool(args: string[], env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    // Started by the exec helper (util/exec-broker.ts): one per read, and a start from termprobe's own process blocks it.
    const onAbort = () => run.kill();
    const run = brokeredExecFile('xdotool', args, { env, timeout: 5000 }, (error, stdout, stderr) => {
      signal?.removeEventListener('abort', onAbort);
      if (error && signal?.aborted) reject(signal.reason instanceof Error ? signal.reason : error);
      else if (error) reject(new ScreenReadError(`xdotool ${args.join(' ')}: ${String(stderr).trim() || error.message}`));
      else resolve(String(stdout));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FootVisibleReader {
  private focused: Promise<void> | undefined;

  /** `env` holds the DISPLAY of weston's X server; `dir` the files writeFootConfig wrote. */
  constructor(private readonly env: NodeJS.ProcessEnv, private readonly dir: string) {}

  /**
   * Give weston's window the X input focus, with the pointer off it, so keys reach weston wherever the
   * pointer is and no pointer event reaches foot later. Done once, before the first probe (a focus change
   * mid-run could send a focus report to a probe that asked for them).
   */
  focus(): Promise<void> {
    this.focused ??= (async () => {
      const found = (await xdotool(['search', '--class', '^Weston Compositor$'], this.env)).trim().split('\n')[0];
      if (!found) throw new ScreenReadError("weston's window was not found on its X display");
      // The far corner of the display, right of and below weston's window (see x-display.ts for the size).
      await xdotool(['mousemove', '10000', '10000', 'windowfocus', '--sync', found], this.env);
    })();
    return this.focused;
  }

  async read(region: Region, cols: number, rows: number, signal?: AbortSignal): Promise<ScreenAnswer> {
    await this.focus();
    const file = visibleFile(this.dir);
    rmSync(file, { force: true });
    await xdotool(['key', XDOTOOL_KEY], this.env, signal);
    const started = performance.now();
    while (!existsSync(file)) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      if (performance.now() - started > READ_LIMIT_MS) throw new ScreenReadError(`foot wrote no visible text within ${READ_LIMIT_MS / 1000} s of ${FOOT_READ_KEY}`);
      await sleep(2);
    }
    const text = readFileSync(file, 'utf8');
    rmSync(file, { force: true });
    const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
    return screenFromRows(region, cols, rows, splitWrappedRows(lines, cols).slice(0, rows), 'hardcopy');
  }
}
