/**
 * Ctrl-C latency: SIGINT to the real CLI (`termprobe run --target X`) at spread
 * moments of its start-up and run, and the time from the signal to the process's
 * end, cleanup included (the target: 200 ms). Runs that had already
 * finished when the signal came are counted apart. Also the start-up check alone:
 * a GUI terminal that runs its command but never answers, aborted in-process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPrograms } from '../targets/common/find-program.js';
import { findRecipe, type GuiRecipe } from '../targets/gui/gui-recipes.js';
import { openGui, requirements } from '../targets/gui/gui-target.js';
import { loadTarget } from '../targets/registry.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN, median } from './measure.js';
import { plural } from '../util/plural.js';

const DELAYS_MS = [60, 120, 180, 240, 300, 400, 500, 650, 900];
const TARGET_MS = 200;

/** ms from SIGINT to exit, or undefined when the run had ended before the signal. */
function interruptOnce(target: string, delayMs: number): Promise<number | undefined> {
  const out = mkdtempSync(join(tmpdir(), 'termprobe-bench-int-'));
  const child = spawn(process.execPath, [BIN, 'run', '--target', target, '--out', out, '-q'], { stdio: 'ignore' });
  return new Promise((resolve) => {
    let sentAt = 0;
    const timer = setTimeout(() => {
      sentAt = performance.now();
      child.kill('SIGINT');
    }, delayMs);
    child.on('close', () => {
      clearTimeout(timer);
      rmSync(out, { recursive: true, force: true });
      resolve(sentAt === 0 ? undefined : performance.now() - sentAt);
    });
  });
}

async function cliFigures(target: string): Promise<BenchFigure> {
  const times: number[] = [];
  for (const delay of DELAYS_MS) {
    const ms = await interruptOnce(target, delay);
    if (ms !== undefined) times.push(ms);
  }
  const name = `Ctrl-C → exit, \`run --target ${target}\` (worst of ${times.length})`;
  if (times.length === 0) return { name, value: 0, unit: 'ms', note: 'every run had finished before the signal' };
  return { name, value: Math.max(...times), unit: 'ms', target: { op: '<', value: TARGET_MS }, note: `median ${median(times).toFixed(0)} ms; ${plural(DELAYS_MS.length - times.length, 'run')} had finished first` };
}

/** Abort during the start-up check of a terminal that never answers: the in-process time to a rejected open, cleanup included. */
async function checkAbortMs(): Promise<number> {
  const silent: GuiRecipe = { ...findRecipe('xterm')!, id: 'silent', program: 'script', screen: 'none', args: (ctx) => ['-qfec', `stty rows ${ctx.rows} cols ${ctx.cols}; exec ${ctx.command}`, '/dev/null'] };
  const controller = new AbortController();
  const opening = openGui(silent, { cols: 80, rows: 24, options: {}, signal: controller.signal }, { startTimeoutMs: 3_600_000 }).catch(() => undefined);
  while (!readdirSync(tmpdir()).some((d) => d.startsWith('termprobe-silent-relay-') && existsSync(join(tmpdir(), d, 'size')))) await new Promise((r) => setTimeout(r, 10));
  const t0 = performance.now();
  controller.abort(new Error('cancelled'));
  await opening;
  return performance.now() - t0;
}

export const interruptBench: BenchModule = {
  title: 'Ctrl-C during start-up and run: signal to process end, cleanup included',
  async run() {
    const figures: BenchFigure[] = [];
    // One target of each kind, and of each way a GUI or hosted terminal's screen is read.
    for (const target of ['xterm.js', 'tmux', 'screen', 'xterm', 'xfce4-terminal', 'st', 'konsole', 'foot', 'mosh', 'neovim', 'vim', 'emacs', 'dvtm']) {
      const avail = await (await loadTarget(target)).available();
      if (!avail.ok) {
        figures.push({ name: `Ctrl-C → exit, \`run --target ${target}\``, value: 0, unit: 'ms', note: `not run: ${avail.reason}` });
        continue;
      }
      figures.push(await cliFigures(target));
    }
    if (checkPrograms(requirements(findRecipe('xterm')!)).ok) {
      const times = [];
      for (let i = 0; i < 3; i++) times.push(await checkAbortMs());
      figures.push({ name: 'abort during a GUI start-up check → open() rejected (worst of 3)', value: Math.max(...times), unit: 'ms', target: { op: '<', value: TARGET_MS } });
    }
    return figures;
  },
};
