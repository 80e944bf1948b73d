/**
 * Reading the screen of the terminal termprobe runs in, where it can be read:
 * - inside tmux, the pane through tmux (`capture-pane -p -e`, styles included),
 *   as the tmux target reads its own;
 * - inside GNU screen, the window through screen (`hardcopy`: text), as the
 *   screen target does;
 * - on X, the terminal's own window (self-window.ts): its pixels, read as a
 *   GUI target's are — calibrated on a sheet drawn in the alternate screen,
 *   text matched against the glyphs it drew there — without ever moving the
 *   pointer, clicking, or taking the focus;
 * - anywhere else, not at all, and the run says why in one line.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Region } from '../../corpus/probe-schema.js';
import type { PixelModel, ScreenAnswer } from '../../results/results-schema.js';
import { StyledRowsReader } from '../multiplexers/capture-cells.js';
import { hardcopyAnswer } from '../multiplexers/hardcopy-text.js';
import { FENCE_WAIT_MS, PixelReader } from '../gui/pixels/pixel-reader.js';
import { WindowPictures } from '../gui/x-picture.js';
import type { ScreenReadHints } from '../target.js';
import { findOwnWindow } from './self-window.js';

export interface SelfScreen {
  /** How the screen is read, for the results' settings. */
  note: string;
  read(region: Region, hints?: ScreenReadHints): Promise<ScreenAnswer>;
  /** The pixel calibration, where the screen is read from the pixels. */
  pixels?: PixelModel;
  close(): void;
}

export interface SelfScreenOptions {
  env: NodeJS.ProcessEnv;
  cols: number;
  rows: number;
  /** Writes bytes to the terminal and resolves once it has answered the DA1 after them. */
  exchange: (bytes: string) => Promise<unknown>;
  signal: AbortSignal;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => execFile(cmd, args, { env, timeout: 3000, maxBuffer: 1 << 22 }, (err, out) => (err ? reject(err) : resolve(out))));
}

function inTmux(opts: SelfScreenOptions): SelfScreen {
  const pane = opts.env['TMUX_PANE'];
  const cells = new StyledRowsReader();
  return {
    note: `capture-pane (the tmux pane this run is in${pane ? `, ${pane}` : ''}: text and styles)`,
    async read(region) {
      const out = await run('tmux', ['capture-pane', '-p', '-e', '-N', ...(pane ? ['-t', pane] : []), '-S', String(region.top - 1), '-E', String(region.bottom - 1)], opts.env);
      return cells.read(out.replace(/\n$/, '').split('\n'), region, opts.cols, opts.rows, 'capture-pane');
    },
    close: () => cells.dispose(),
  };
}

function inScreen(opts: SelfScreenOptions): SelfScreen {
  const dir = mkdtempSync(join(tmpdir(), 'termprobe-self-hardcopy-'));
  const session = opts.env['STY']!;
  const win = opts.env['WINDOW'];
  let reads = 0;
  return {
    note: `hardcopy (the GNU screen window this run is in, ${session}${win ? ` window ${win}` : ''}: text)`,
    async read(region) {
      const file = join(dir, `hardcopy-${++reads}`);
      await run('screen', ['-S', session, ...(win ? ['-p', win] : []), '-X', 'hardcopy', file], opts.env);
      // -X returns once the request is sent: the file is complete once it holds every row.
      for (let waited = 0; waited < 2000; waited += 5) {
        let bytes: Buffer | undefined;
        try {
          bytes = readFileSync(file);
        } catch {
          // not there yet
        }
        if (bytes && bytes.filter((b) => b === 0x0a).length >= opts.rows) {
          rmSync(file, { force: true });
          return hardcopyAnswer(bytes, region, opts.cols, opts.rows, false);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      throw Object.assign(new Error(`screen wrote no hardcopy ${file} within 2 s`), { name: 'ScreenReadError' });
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function onX(opts: SelfScreenOptions): Promise<SelfScreen | { reason: string }> {
  const found = await findOwnWindow(opts.env, opts.signal);
  if ('reason' in found) return found;
  let window: WindowPictures;
  try {
    window = await WindowPictures.open({ display: opts.env['DISPLAY']!, windowId: found.id, cols: opts.cols, rows: opts.rows, gridFrom: 'given', exchange: opts.exchange, listen: () => () => undefined, signal: opts.signal });
  } catch (error) {
    return { reason: `its window (${found.how}) cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const deps = { exchange: opts.exchange, frame: (r: Parameters<WindowPictures['frame']>[0], ms?: number, since?: number) => window.frame(r, ms, since), nextOwnFrame: (r: Parameters<WindowPictures['frame']>[0], ms: number, quiet?: boolean) => window.nextOwnFrame(r, ms, quiet), mark: () => window.mark() };
    const pixels = await PixelReader.calibrate(deps, window.area, opts.cols, opts.rows, undefined, { ownTerminal: true });
    return {
      note: `pixels (its own window, found by ${found.how}: text matched against the glyphs it drew on a calibration sheet in the alternate screen, styles as for a GUI target; see settings.pixels)`,
      pixels: pixels.model,
      async read(region, hints) {
        // A cursor that may stand in the region is hidden while it is read (the next probe's prelude shows it again).
        const at = hints?.at;
        const inside = at === undefined || (at.row >= region.top && at.row <= region.bottom && at.col >= region.left && at.col <= region.right);
        // The cursor's cell fences the frame, as for a GUI terminal whose view lags: it is hidden, and the terminal's
        // drawing of that, which comes once what the probe wrote before it is drawn, is waited for. The frames asked
        // for at once after the answer showed the probe before in lxterminal (VTE 0.70.6), now and then: 'AZ09─' read
        // as the '≤≥π≠£' of the probe before it. Where nothing is drawn (the cursor was hidden already) the wait ends.
        const fence = at !== undefined && at.row >= 1 && at.col >= 1 && at.row <= opts.rows && at.col <= opts.cols ? at : undefined;
        const since = fence ? await window.mark() : undefined;
        const covered = inside || fence !== undefined;
        if (covered) await opts.exchange('\x1b[?25l');
        if (fence && since !== undefined) await window.drawnSince(pixels.rectOf({ top: fence.row, left: fence.col, bottom: fence.row, right: fence.col }), since, FENCE_WAIT_MS);
        try {
          const look = await pixels.look(region, { ...(hints?.sgrs ? { sgrs: hints.sgrs } : {}), cursorClear: covered || !pixels.cursorTouches(region, at) });
          return pixels.cells(look, undefined, covered ? undefined : at);
        } finally {
          if (covered) await opts.exchange('\x1b[?25h');
        }
      },
      close: () => window.close(),
    };
  } catch (error) {
    window.close();
    if (opts.signal.aborted) throw opts.signal.reason ?? error;
    return { reason: `its window (${found.how}) could not be calibrated: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The way this terminal's screen is read, or why it is not. */
export async function openSelfScreen(opts: SelfScreenOptions): Promise<SelfScreen | { reason: string }> {
  if (opts.env['TMUX']) return inTmux(opts);
  if (opts.env['STY']) return inScreen(opts);
  const x = await onX(opts);
  if ('reason' in x) return { reason: `the screen is not read: ${x.reason}; not inside tmux or GNU screen either` };
  return x;
}
