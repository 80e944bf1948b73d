/**
 * A GUI terminal as a target: a private display (Xvfb, or weston for Wayland
 * terminals), a scratch HOME, the terminal running the FIFO relay as its
 * command, a start-up check from inside (the tty's size, and a CPR from the
 * bottom-right corner), then the engine's bytes through the relay. Every
 * process started ends at close(), on failure and on abort.
 */
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { FifoRelay } from '../common/fifo-relay.js';
import { writeSessionBusConfig } from './session-bus-config.js';
import { checkPrograms, type Requirement } from '../common/find-program.js';
import { guiIdentity, upstreamVersion } from '../common/package-identity.js';
import { FRONT_ENDS } from '../../results/engines.js';
import { dpkgVersion } from '../common/program-version.js';
import { exited, spawnGroup, stopGroup, sweepMarked } from '../common/marked-processes.js';
import { markedSessionProcesses } from '../common/session-processes.js';
import { findRecipe, type GuiRecipe, type LaunchContext } from './gui-recipes.js';
import { createScratch, type Scratch } from '../common/scratch-home.js';
import { GuiSession } from './gui-session.js';
import type { PixelReader } from './pixels/pixel-reader.js';
import { kittyVersionTriple } from './kitty-remote.js';
import type { Availability, EngineIdentity, OpenOptions, TargetFactory, TargetSession } from '../target.js';
import { TargetStartError, wrongSizeMessage } from '../target-start-error.js';
import { TargetOptionError, validateTargetOptions } from '../target-options.js';
import { installUrxvtExtension } from './urxvt-screen-dump.js';
import { startLimits, type GuiOpenTuning } from '../common/start-limits.js';
import { startWeston } from './wayland-compositor.js';
import { startXvfb, XVFB_SCREEN } from './x-display.js';
import { FOOT_READ_KEY, writeFootConfig } from './foot-pipe-visible.js';
import { pictureMethod } from './x-picture.js';
import { sizeWindowToCells, type SizedWindow } from './x-window-cells.js';
import { makeFolders } from '../../util/make-folders.js';
import { INPUT_QUIRKS } from './gui-input-quirks.js';

/** The terminal started, but not at the size asked for: the message names the size it got, `got` holds it. */
export class WrongSizeError extends TargetStartError {
  override name = 'WrongSizeError';
  constructor(message: string, readonly got: { cols: number; rows: number }) {
    super(message);
  }
}

/** How the pixels are read, as the results' settings say it (the calibration itself is settings.pixels). */
const PIXELS_NOTE = 'styles of every screen cell read from the window\'s pixels (GetImage after the terminal has drawn, DAMAGE-fenced as pictures are), against a calibration sheet the terminal drew at the start: see settings.pixels';

/** How long the relay waits for the tty to reach the size asked for (qterminal and cool-retro-term start their command before their final size). */
const SIZE_WAIT_MS = 3000;

export function requirements(recipe: GuiRecipe): Requirement[] {
  return [
    { program: recipe.program, pkg: recipe.pkg },
    { program: 'Xvfb', pkg: 'xvfb' },
    ...(recipe.display === 'wayland' ? [{ program: 'weston', pkg: 'weston' }] : []),
    ...(recipe.dbus ? [{ program: 'dbus-run-session', pkg: 'dbus' }] : []),
  ];
}

export function guiTarget(recipe: GuiRecipe): TargetFactory {
  const calibrations: Calibrations = new Map();
  return {
    name: recipe.id,
    kind: 'gui',
    description: `${recipe.custom ? `${recipe.name} from the command template "${recipe.id.slice(recipe.display.length + 1)}"` : `${recipe.name} (Debian ${recipe.pkg})`} on a private ${recipe.display === 'wayland' ? 'weston compositor' : 'Xvfb display'}${recipe.screen === 'none' ? '' : `; screen read by ${recipe.screen}`}`,
    available: async (): Promise<Availability> => {
      const found = checkPrograms(requirements(recipe));
      // A program of one's own has no package to install: say where termprobe looked.
      if (!found.ok && recipe.notPackaged && found.reason.startsWith(`${recipe.program} `)) return { ok: false, reason: `${recipe.program} is not on PATH and is no file termprobe can run (give its path, e.g. x11:./build/${recipe.name} -e {command})` };
      return found;
    },
    // A fresh instance (after a crash, a menu, a font-size shortcut) takes an earlier instance's calibration where it
    // draws alike (PixelReader.again): per factory, so per run of this target.
    open: (opts) => openGui(recipe, opts, {}, calibrations),
  };
}

function logTail(path: string): string {
  try {
    const lines = readFileSync(path, 'utf8').trim().split('\n').filter(Boolean).slice(-3);
    return lines.length > 0 ? ` (its output: ${lines.join(' | ').slice(0, 400)})` : '';
  } catch {
    return '';
  }
}

/**
 * Selected variables of the relay's environment, as the terminal set it up: read
 * from the relay's `cat` (the process whose stdin is the relay's `in` FIFO).
 */
function relayEnvironment(relayDir: string): Record<string, string> {
  const keep = new Set(['TERM', 'COLORTERM', 'TERM_PROGRAM', 'TERM_PROGRAM_VERSION', 'VTE_VERSION', 'KONSOLE_VERSION', 'KITTY_WINDOW_ID']);
  const input = join(relayDir, 'in');
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/fd/0`) !== input) continue;
      const env: Record<string, string> = {};
      for (const pair of readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0')) {
        const eq = pair.indexOf('=');
        if (eq > 0 && keep.has(pair.slice(0, eq))) env[pair.slice(0, eq)] = pair.slice(eq + 1);
      }
      return env;
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return {};
}

/** The engine behind a GUI terminal: VTE or qtermwidget for their front ends (version from its Debian package), else the terminal itself. */
async function guiEngine(id: string, version: string): Promise<EngineIdentity> {
  const known = FRONT_ENDS[id];
  if (!known) return version === 'unknown' ? { name: id } : { name: id, version };
  const dpkg = known.pkg ? await dpkgVersion(known.pkg) : undefined;
  return { name: known.name, ...(dpkg ? { version: upstreamVersion(dpkg) } : {}), source: [known.pkg && dpkg ? `Debian ${known.pkg}=${dpkg}` : undefined, known.note].filter(Boolean).join('; ') || undefined };
}

/** How the screen is read, as the results' settings say it. */
const SCREEN_NOTES: Record<GuiRecipe['screen'], string> = {
  decrqcra: 'decrqcra (one DECRQCRA per cell: code points, no styles)',
  'remote-control': 'remote-control (kitty get-text over its socket: text, no styles)',
  snapshot: 'hardcopy (mlterm OSC 5379 snapshot: the screen as text in a file, no styles)',
  'perl-dump': 'hardcopy (a perl extension termprobe loads writes every cell to a file on OSC 777: text, no styles)',
  selection: 'selection (the pointer drags across the grid through XTEST and termprobe converts the X PRIMARY selection, over one X connection: text, no styles; mouse modes off first, PRIMARY taken back and the pointer moved away after)',
  'pipe-visible': `hardcopy (foot's pipe-visible key binding, ${FOOT_READ_KEY} in a scratch foot.ini, sent by xdotool to weston's X window, writes the visible text to a file: text, no styles; columns by display width)`,
  none: 'none (answers are cursor reports and replies only)',
};

export type { GuiOpenTuning };

/** The recipe's read-back method, or none (and why: a missing helper program). */
const FOOT_READ_HELPERS = [{ program: 'xdotool', pkg: 'xdotool' }];

function screenMethod(recipe: GuiRecipe): { method: GuiRecipe['screen']; note?: string } {
  if (recipe.screen === 'none' && recipe.noScreenBecause) return { method: 'none', note: `none: ${recipe.noScreenBecause}; where the window's pixels are read (the pixels setting), the text is the sheet's glyphs they match, else the answers are cursor reports and replies only` };
  if (recipe.screen !== 'pipe-visible') return { method: recipe.screen };
  const missing = checkPrograms(FOOT_READ_HELPERS);
  if (missing.ok) return { method: recipe.screen };
  return { method: 'none', note: `none: the pipe-visible read-back needs ${FOOT_READ_HELPERS.map((h) => h.program).join(', ')}; ${missing.reason} (${missing.install})` };
}

/** Calibrations made in a target's earlier instances, by size (`COLSxROWS`). */
export type Calibrations = Map<string, PixelReader>;

export async function openGui(recipe: GuiRecipe, opts: OpenOptions, tuning: GuiOpenTuning = {}, calibrations?: Calibrations): Promise<TargetSession> {
  const sizeWaitMs = tuning.sizeWaitMs ?? SIZE_WAIT_MS;
  const limits = startLimits(tuning, recipe.program);
  validateTargetOptions(recipe.id, opts.options, {});
  const { cols, rows, signal } = opts;
  if (recipe.fixedSize && (recipe.fixedSize.cols !== cols || recipe.fixedSize.rows !== rows)) {
    throw new TargetOptionError(`${recipe.id} runs only at ${recipe.fixedSize.cols}x${recipe.fixedSize.rows} here, not ${cols}x${rows}: ${recipe.fixedSize.because}`);
  }
  if (signal?.aborted) throw new Error(`${recipe.id}: the run was cancelled before the terminal started`);

  const scratch: Scratch = createScratch(`termprobe-${recipe.slug ?? recipe.id}-`);
  const stops: (() => Promise<void>)[] = [];
  let terminal: ChildProcess | undefined;
  // Everything at once: the terminal's group, and every process carrying the
  // session's marker (D-Bus, activated servers, the display); then the display's
  // own stop (a no-op unless it outlived the sweep), a last sweep, the scratch dir.
  const stopAll = async () => {
    const t0 = performance.now();
    // After Ctrl-C (or a timeout) nothing is left to save: no grace before SIGKILL, so the run ends within the
    // issue's 200 ms even when a loaded machine is slow to deliver SIGTERM's exits (measured: 65–130 ms of 220).
    const grace = signal?.aborted ? 0 : 1000;
    await Promise.all([stopGroup(terminal, grace), sweepMarked(scratch.marker, grace)]);
    const t1 = performance.now();
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
    const t2 = performance.now();
    await sweepMarked(scratch.marker);
    scratch.remove();
    if (process.env['TERMPROBE_DEBUG_GUI']) process.stderr.write(`[gui] stop: processes ${Math.round(t1 - t0)} ms, display ${Math.round(t2 - t1)} ms, rest ${Math.round(performance.now() - t2)} ms\n`);
  };

  let relay: FifoRelay | undefined;
  let session: GuiSession | undefined;
  try {
    const baseEnv = scratch.env({ LIBGL_ALWAYS_SOFTWARE: '1', ...recipe.env });
    for (const [path, text] of Object.entries({ ...recipe.homeFiles, ...tuning.homeFiles })) {
      const file = join(scratch.home, path);
      makeFolders(dirname(file));
      writeFileSync(file, text);
    }
    let env: NodeJS.ProcessEnv;
    // The X display the window is seen on (under Wayland, weston's output window): where its screen is read, its
    // pictures taken and foot's read-back key sent.
    let displayEnv: NodeJS.ProcessEnv;
    let compositorPid: number | undefined;
    // The display is the start's first step, and has the start's limit (a last resort: both tell when they are ready):
    // at a load of 26 on two cores (the test suite and busy loops), an Xvfb took more than 10 s, three starts in a row.
    if (recipe.display === 'wayland') {
      const weston = await startWeston({ env: baseEnv, runtimeDir: scratch.runtime, logFile: join(scratch.dir, 'weston.log'), signal, timeoutMs: limits.startMs });
      stops.push(weston.stop);
      env = { ...baseEnv, WAYLAND_DISPLAY: weston.socket };
      displayEnv = { ...baseEnv, DISPLAY: weston.display };
      compositorPid = weston.pid;
    } else {
      const x = await startXvfb({ env: baseEnv, signal, timeoutMs: limits.startMs });
      stops.push(x.stop);
      env = { ...baseEnv, DISPLAY: x.display };
      displayEnv = env;
    }

    // A window sized in pixels is resized while the relay waits: the relay waits as long as a start may take (the
    // sizing tells it to stop waiting when it gives up).
    relay = await FifoRelay.create({ expectSize: { cols, rows }, sizeWaitMs: recipe.startPixels ? Math.max(sizeWaitMs, limits.startMs) : sizeWaitMs, prefix: `termprobe-${recipe.slug ?? recipe.id}-relay-` });
    const ctx: LaunchContext = {
      argv: relay.argv, command: relay.command, cols, rows, kittySocket: join(scratch.runtime, 'kitty.sock'),
      perlLib: recipe.screen === 'perl-dump' ? installUrxvtExtension(scratch.dir) : '',
      footIni: recipe.screen === 'pipe-visible' ? writeFootConfig(scratch.dir) : '',
    };
    const screen = screenMethod(recipe);
    session = new GuiSession(relay, signal, { stop: stopAll, ...(opts.idleTimeoutMs ? { exchangeMs: opts.idleTimeoutMs } : {}), cols, rows, screen: screen.method, kittySocket: ctx.kittySocket, home: scratch.home, displayEnv, multiClick: recipe.multiClick ?? 'spaced', keepsSelection: recipe.keepsSelection, curvedScreen: recipe.curvedScreen, awaitClaimCheck: !recipe.vte, awaitViewUpdate: recipe.awaitViewUpdate, footDir: scratch.dir, processes: () => markedSessionProcesses(scratch.marker), inCompositor: recipe.display === 'wayland', inputQuirks: INPUT_QUIRKS[recipe.id], compositorPid, lagging: recipe.viewLags === true || recipe.display === 'wayland' });

    const logPath = join(scratch.dir, 'terminal.log');
    const logFd = openSync(logPath, 'w');
    const [program, args] = recipe.dbus ? ['dbus-run-session', [...writeSessionBusConfig(scratch.dir), '--', recipe.program, ...recipe.args(ctx)]] : [recipe.program, recipe.args(ctx)];
    try {
      terminal = spawnGroup(program, args, env, ['ignore', logFd, logFd]);
    } finally {
      closeSync(logFd);
    }
    const started = terminal;
    const dpkg = recipe.notPackaged ? Promise.resolve(undefined) : dpkgVersion(recipe.pkg);
    started.once('error', (error) => relay?.fail(new TargetStartError(`${recipe.id} could not be started: ${error.message}`)));
    void exited(started).then(({ code, signal: sig }) => {
      const how = sig ?? `code ${code}`;
      relay?.fail(new TargetStartError(`${recipe.id} exited (${how}) before it ran its command${logTail(logPath)}`));
      if (session && !session.closed) session.noteExit(`${recipe.id} exited (${how}) during the run${logTail(logPath)}`);
    });

    let sized: Promise<SizedWindow | undefined> | undefined;
    if (recipe.startPixels) {
      const r = relay;
      sized = sizeWindowToCells({ display: displayEnv['DISPLAY']!, want: { cols, rows }, ttySize: () => r.currentSize(), limitMs: limits.startMs, signal, ready: () => r.size })
        .catch(() => undefined)
        .then((w) => {
          if (!w) r.stopWaiting();
          return w;
        });
    }
    let size;
    try {
      size = await relay.connected({ timeoutMs: limits.startMs, signal });
    } catch (error) {
      if (error instanceof Error && error.name === 'RelayStartError') throw new TargetStartError(`${recipe.id}: ${error.message}${logTail(logPath)}`);
      throw error;
    }
    const window = await sized;
    if (size.cols !== cols || size.rows !== rows) {
      const how = recipe.startPixels ? `the size its command saw after its window was sized from the cell measured${window ? '' : ' (the sizing gave up)'}` : `the size its command saw, after waiting ${sizeWaitMs / 1000} s for it to settle`;
      throw new WrongSizeError(wrongSizeMessage(recipe.id, size, { cols, rows }, how), size);
    }

    // From inside: the terminal's own grid must agree with the tty, and it must answer.
    // CUP far beyond the grid stops at its last row and column: 999, or 9999 for a grid that large.
    const far = cols >= 999 || rows >= 999 ? 9999 : 999;
    const events = await session.exchange(`\x1b[${far};${far}H\x1b[6n\x1b[>0q\x1b[H`, limits.checkMs).catch((error: Error) => {
      if (signal?.aborted) throw signal.reason ?? error;
      throw new TargetStartError(`${recipe.id} ran its command but did not answer: ${error.message}${logTail(logPath)}`);
    });
    const cpr = events.find((ev) => ev.kind === 'cpr' && !ev.private);
    if (!cpr || cpr.kind !== 'cpr' || cpr.row !== rows || cpr.col !== cols) {
      const got = cpr && cpr.kind === 'cpr' ? { cols: cpr.col ?? 0, rows: cpr.row ?? 0 } : { cols: 0, rows: 0 };
      throw new WrongSizeError(wrongSizeMessage(recipe.id, got, { cols, rows }, `its tty is ${cols}x${rows}, but the cursor stops at ${cpr ? `${got.rows};${got.cols}` : '(no cursor report)'} when sent to row ${far}, column ${far}`), got);
    }
    if (screen.method === 'selection' && recipe.fillScrollback) await fillScrollback(session, recipe.fillScrollback, rows, limits.checkMs, signal);
    // foot's read-back key goes to weston's window: give it the X focus now, before any probe could ask for focus reports.
    let screenNote = screen.note ?? SCREEN_NOTES[screen.method];
    await session.foot?.focus().catch((error: Error) => {
      session!.dropTextRead();
      screenNote = `none: foot's pipe-visible read-back could not give weston's window the X focus (${error.message}); answers are cursor reports and replies only`;
    });
    const windowOpts = { display: displayEnv['DISPLAY']!, viewLags: recipe.viewLags, inCompositor: recipe.display === 'wayland' };
    // TERMPROBE_PIXELS=off leaves the pixel read-back out (npm run bench -- pixels measures a run without it).
    const sizeKey = `${cols}x${rows}`;
    const earlier = calibrations?.get(sizeKey);
    const windowStart = await session.startWindow({ ...windowOpts, pictures: opts.pictures === true, pixels: opts.pixels !== false && process.env['TERMPROBE_PIXELS'] !== 'off', ...(recipe.font ? { font: recipe.font } : {}), ...(recipe.blinksOnlyIdle ? { blinksOnlyIdle: true } : {}), ...(earlier ? { earlier } : {}) });
    if (session.pixels && calibrations && !windowStart.reused) calibrations.set(sizeKey, session.pixels);
    const pictures = windowStart.pictures === undefined ? undefined : windowStart.pictures.startsWith('none:') ? windowStart.pictures : `${pictureMethod(windowOpts)}; ${windowStart.pictures}`;
    const xt = events.find((ev) => ev.kind === 'xtversion');
    const identity = guiIdentity({ name: recipe.name, pkg: recipe.pkg, dpkg: await dpkg, xtversion: xt?.kind === 'xtversion' ? xt.text : undefined, xtversionNames: recipe.xtversionNames, anyXtversion: recipe.anyXtversion });
    if (recipe.screen === 'remote-control') session.parts.kittyVersion = kittyVersionTriple(identity.version);
    const relayEnv = relayEnvironment(relay.dir);
    const engine = await guiEngine(recipe.custom ? identity.name : recipe.id, identity.version);
    const term = relay.term ?? relayEnv['TERM'];
    session.description = {
      ...identity,
      engine,
      chain: { ...identity.chain, ...(Object.keys(relayEnv).length > 0 ? { env: relayEnv } : {}) },
      settings: {
        cols,
        rows,
        ...(term ? { term } : {}),
        options: {
          ...recipe.options(ctx),
          display: recipe.display === 'wayland' ? `weston (x11 backend, pixman) on Xvfb ${XVFB_SCREEN}` : `Xvfb ${XVFB_SCREEN}`,
          ...(recipe.dbus ? { dbus: 'dbus-run-session (private session bus)' } : {}),
          env: ['scratch HOME and XDG dirs', 'LANG=C.UTF-8', 'LIBGL_ALWAYS_SOFTWARE=1', ...Object.entries(recipe.env ?? {}).map(([k, v]) => `${k}=${v}`)].join(', '),
          screen: screenNote,
          ...(screen.method === 'selection' && recipe.fillScrollback ? { 'scrollback-filled': `${recipe.fillScrollback + rows} line feeds at start fill its ${recipe.fillScrollback}-line scrollback, so the selection read-back's view of the screen stays put (see gui-recipes.ts, fillScrollback)` } : {}),
          'size-check': `tty size seen by the command and CPR from row ${far}, column ${far}; a terminal at another size fails to open`,
          ...(recipe.startPixels ? { 'window-pixels': windowPixelsNote(recipe.startPixels, window) } : {}),
          ...(pictures ? { pictures } : {}),
          ...(session.pixels || windowStart.pixels ? { pixels: windowStart.pixels ?? (windowStart.reused ? `${PIXELS_NOTE} (this instance, a fresh one, drew the grid and the sheet's first page as the instance before it, pixel for pixel, and reads by its calibration)` : PIXELS_NOTE) } : {}),
        },
        ...(session.pixels ? { pixels: session.pixels.model } : {}),
      },
    };
    return session;
  } catch (error) {
    if (session) await session.close();
    else {
      await relay?.close();
      await stopAll();
    }
    throw error;
  }
}

/** How a window sized in pixels got its size, for the results' settings. */
function windowPixelsNote(start: { width: number; height: number }, window: SizedWindow | undefined): string {
  const px = (n: number) => String(Math.round(n * 10) / 10);
  const launched = `launched at ${start.width}x${start.height} px (it takes no size in cells)`;
  if (!window || window.steps === 0) return `${launched}, which gave the size asked for`;
  return `${launched}, then resized to ${window.width}x${window.height} px from the cell measured (${px(window.cellW)}×${px(window.cellH)} px, whatever the font), in ${window.steps} step${window.steps === 1 ? '' : 's'}`;
}

/** Line feeds at the bottom row until the scrollback is full, then a clear screen (the first probe's prelude clears it again). */
async function fillScrollback(session: GuiSession, lines: number, rows: number, timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
  await session.exchange(`\x1b[${rows};1H${'\n'.repeat(lines + rows)}\x1b[2J\x1b[H`, timeoutMs).catch((error: Error) => {
    if (signal?.aborted) throw signal.reason ?? error;
    throw new TargetStartError(`filling the scrollback: ${error.message}`);
  });
}

/** The factory for a recipe's registry name (the registry loads this module lazily). */
export function guiTargetById(id: string): TargetFactory {
  const recipe = findRecipe(id);
  if (!recipe) throw new Error(`no GUI recipe named "${id}"`);
  return guiTarget(recipe);
}
