/**
 * `termprobe gate` with the full corpus, as a terminal author's CI runs it: a
 * fresh process in the folder holding the profile, after `termprobe init` wrote
 * it. On a GUI terminal (xterm through an `x11:` command, read back through the
 * X selection; issue target ≤ 15 s) and on a `stdio:` adapter (the reference
 * xterm.js adapter; ≤ 2 s). Each gate runs three times: the worst and the
 * median wall time, the CPU time of the whole process tree (the CLI and what it
 * started: getrusage of the waited-for children), and the load average, since
 * on shared cores the wall time measures the neighbours too. For the x11 command
 * also without the input probes (--no-input: what they cost) and with fewer
 * instances (what the split buys).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../corpus/load-corpus.js';
import { checkPrograms } from '../targets/common/find-program.js';
import { findRecipe } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN, median } from './measure.js';

const ADAPTER = `stdio:node ${fileURLToPath(new URL('../adapters/xterm-js-adapter.js', import.meta.url))}`;
const X11 = 'x11:xterm -geometry {cols}x{rows} -e {command}';
const TRIES = 3;

interface Timed {
  wallS: number;
  cpuS: number;
}

/** One CLI run in `dir`: wall time, and CPU time of the process tree (GNU time's user + system). */
function timed(args: string[], dir: string, expectCode = 0): Timed {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 600_000, env: { ...process.env, NO_COLOR: '1' } });
  const wallS = (performance.now() - t0) / 1000;
  if (r.status !== expectCode) {
    // A gate that should pass and did not: what it found, for the report.
    const found = r.stdout.split('\n').filter((l) => /^[A-Z][A-Z ]+ {2}\S|^ {2}(committed|now):|^note:/.test(l)).slice(0, 12).join(' | ');
    throw new Error(`termprobe ${args.join(' ')} exited ${r.status ?? r.signal}: ${found || r.stderr.trim().split('\n').slice(-2).join(' ')}`);
  }
  const [user, sys] = r.stderr.trim().split('\n').slice(-1)[0]!.split(' ').map(Number);
  return { wallS, cpuS: (user ?? 0) + (sys ?? 0) };
}

function gateFigures(label: string, dir: string, probes: number, targetS: number | undefined, extra: string[] = []): BenchFigure[] {
  const runs: Timed[] = [];
  const loads: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    loads.push(loadavg()[0]!);
    runs.push(timed(['gate', '--out', join(dir, `out-${i}`), ...extra], dir));
  }
  const walls = runs.map((r) => r.wallS);
  const cpu = median(runs.map((r) => r.cpuS));
  const note = `median ${median(walls).toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (process tree); load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${cpus().length} cores`;
  return [{ name: `gate ${label}, ${probes} probes (worst of ${TRIES})`, value: Math.max(...walls), unit: 's', ...(targetS ? { target: { op: '<', value: targetS } } : {}), note }];
}

export const gateBench: BenchModule = {
  title: 'termprobe gate, the whole corpus: wall time as a CI job sees it',
  async run() {
    const figures: BenchFigure[] = [];
    const corpus = (await loadCorpus()).probes;
    const all = corpus.length;
    const output = corpus.filter((p) => !p.input).length;
    const stdioDir = mkdtempSync(join(tmpdir(), 'termprobe-bench-gate-'));
    try {
      timed(['init', '--target', ADAPTER], stdioDir);
      figures.push(...gateFigures('on a stdio: adapter (xterm.js; its input probes are skipped, no events there)', stdioDir, all, 2));
    } finally {
      rmSync(stdioDir, { recursive: true, force: true });
    }
    if (!checkPrograms(requirements(findRecipe('xterm')!)).ok) {
      figures.push({ name: 'gate on x11:xterm', value: 0, unit: 's', note: 'not run: xterm or Xvfb is not installed' });
      return figures;
    }
    const x11Dir = mkdtempSync(join(tmpdir(), 'termprobe-bench-gate-'));
    try {
      timed(['init', '--target', X11], x11Dir);
      figures.push(...gateFigures('on a GUI terminal (x11:xterm, 16 instances, the default)', x11Dir, all, 15));
      figures.push(...gateFigures('on x11:xterm --no-input', x11Dir, output, undefined, ['--no-input']));
      figures.push(...gateFigures('on x11:xterm, 4 instances', x11Dir, all, undefined, ['--instances', '4']));
    } finally {
      rmSync(x11Dir, { recursive: true, force: true });
    }
    return figures;
  },
};
