/**
 * A private Wayland compositor for Wayland-only terminals (foot): weston's X11
 * backend on a private Xvfb of its own (weston's headless backend has no seat,
 * and foot refuses to start without one). Software rendering (pixman), no idle
 * blanking. Ready once its socket exists in XDG_RUNTIME_DIR.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { exited, isRunning, spawnGroup, stopGroup } from '../common/marked-processes.js';
import { startXvfb, type XDisplay } from './x-display.js';

export interface WaylandCompositor {
  /** The socket's name, for WAYLAND_DISPLAY */
  socket: string;
  /** The X display weston's output window is on (":N"): what the compositor shows can be read there, and key events sent there reach the focused client. */
  display: string;
  /** weston's process: held (SIGSTOP) while a FocusIn pair is written to it (gui-input.ts, focusInWhole). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export class CompositorStartError extends Error {
  override name = 'CompositorStartError';
}

export interface WestonOptions {
  env: NodeJS.ProcessEnv;
  /** Must be the XDG_RUNTIME_DIR of env: weston puts its socket there. */
  runtimeDir: string;
  /** Where weston writes its log (read back for error messages). */
  logFile: string;
  socket?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The desktop's colour (0xRRGGBB): a pure blue no terminal draws by default, so a window stands out from it. */
export const WESTON_BACKGROUND = 0x0000ff;

/**
 * weston.ini: no animations, so what the output shows is the clients' last frames, not a fade in progress (the
 * desktop shell fades the output in for about a second after start by default: a picture taken then is dimmed);
 * no panel (its clock redraws it), and a plain background (the image named does not exist, so the shell paints
 * the colour) against which the terminal's window is found.
 */
export const WESTON_INI = [
  '[shell]',
  ...['startup-animation', 'animation', 'close-animation', 'focus-animation', 'panel-position'].map((key) => `${key}=none`),
  'background-image=/nonexistent',
  `background-color=0xff${WESTON_BACKGROUND.toString(16).padStart(6, '0')}`,
  '',
].join('\n');

export async function startWeston(opts: WestonOptions): Promise<WaylandCompositor> {
  const socket = opts.socket ?? 'wayland-termprobe';
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const x: XDisplay = await startXvfb({ env: opts.env, signal: opts.signal, timeoutMs });
  const config = join(dirname(opts.logFile), 'weston.ini');
  writeFileSync(config, WESTON_INI);
  const args = ['--backend=x11-backend.so', '--use-pixman', `--socket=${socket}`, '--idle-time=0', `--log=${opts.logFile}`, `--config=${config}`];
  const weston = spawnGroup('weston', args, { ...opts.env, DISPLAY: x.display, WAYLAND_DISPLAY: undefined, WAYLAND_SOCKET: undefined });
  let spawnError: Error | undefined;
  weston.once('error', (error) => (spawnError = error));
  const stop = async () => {
    await stopGroup(weston, 1000);
    await x.stop();
  };
  const logTail = () => {
    try {
      const lines = readFileSync(opts.logFile, 'utf8').trim().split('\n').slice(-3).join(' | ');
      return lines ? ` (weston log: ${lines})` : '';
    } catch {
      return '';
    }
  };
  try {
    const path = join(opts.runtimeDir, socket);
    const started = performance.now();
    let gone = false;
    void exited(weston).then(() => (gone = true));
    while (!existsSync(path)) {
      if (spawnError) throw new CompositorStartError(`weston could not be started: ${spawnError.message}`);
      if (gone || (weston.pid !== undefined && !isRunning(weston.pid))) throw new CompositorStartError(`weston exited before its socket appeared${logTail()}`);
      if (opts.signal?.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted');
      if (performance.now() - started > timeoutMs) throw new CompositorStartError(`weston's socket ${path} did not appear within ${timeoutMs / 1000} s${logTail()}`);
      await sleep(10);
    }
    return { socket, display: x.display, pid: weston.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
