/**
 * `npx termprobe` in the user's own terminal: wall time of the whole command
 * (full corpus, report included) inside a private tmux and inside the node-pty
 * + xterm.js host, pipelined (the default) and one probe at a time (--window 1:
 * write, queries, wait for the reply, next), measured in the same run, the
 * two modes alternating so a slow spell of the machine hits both. The ratio
 * is taken on the probing time the results file records (run.probingMs: from
 * the first probe of the corpus written to the last answer recorded).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResultsFile } from '../results/results-schema.js';
import { findProgram } from '../targets/common/find-program.js';
import { PrivateTmux } from '../test-support/private-tmux.js';
import { childArgv, childConfig, hostExit, readChildReport, scratchDir, startInHost, waitForFile } from '../test-support/self-run.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { median } from './measure.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Runs of each mode: wall times on this shared 2-core machine vary by up to 1.5× from one second to the next. */
const RUNS = 5;
/** DESIGN.md: VTE terminals answer 10–30 ms late (on their next redraw). */
const VTE_LATENCY_MS = 10;

interface Timing {
  wallMs: number;
  probingMs: number;
  probes: number;
}


function readRun(dir: string, config: ReturnType<typeof childConfig>): Timing {
  const report = readChildReport(config);
  if (report.code !== 0) throw new Error(`termprobe exited ${report.code ?? report.signal}`);
  const results = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as ResultsFile;
  return { wallMs: report.wallMs, probingMs: results.run.probingMs ?? results.run.elapsedMs, probes: results.probes.filter((p) => p.status !== 'skipped').length };
}

async function inTmux(args: string[], npx = false): Promise<Timing> {
  const dir = scratchDir();
  const tmux = new PrivateTmux();
  try {
    // --no-pager: the report is longer than the pane, and nobody is there to quit a pager.
    const config = childConfig(dir, ['--out', join(dir, 'out.json'), '--no-pager', ...args], true);
    if (npx) Object.assign(config, { cmd: ['npx', '--no', '--', 'termprobe', '--out', join(dir, 'out.json'), '--no-pager', ...args], cwd: ROOT });
    tmux.start(childArgv(config), 80, 24, dir);
    await waitForFile(config.report, 60_000);
    try {
      return readRun(dir, config);
    } catch (e) {
      throw new Error(`${(e as Error).message} in tmux; the pane shows:\n${tmux.lines().slice(-5).join('\n')}`);
    }
  } finally {
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function inPtyHost(args: string[], latencyMs = 0): Promise<Timing> {
  const dir = scratchDir();
  const { host, config } = startInHost(dir, ['--out', join(dir, 'out.json'), '--no-pager', ...args], { latencyMs });
  try {
    await hostExit(host, 60_000);
    return readRun(dir, config);
  } finally {
    host.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A terminal that answers nothing: the whole command's wall time (it exits 1, saying so). */
async function silentWallMs(): Promise<number> {
  const dir = scratchDir();
  const { host, config } = startInHost(dir, ['--out', join(dir, 'out.json')], { answer: 'silent' });
  try {
    await hostExit(host, 60_000);
    return readChildReport(config).wallMs;
  } finally {
    host.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The engine over an instant terminal in fresh processes: its CPU for the corpus, cold and warmed up (engine-floor.ts). */
function engineFloor(): BenchFigure[] {
  const runs: { coldMs: number; warmMs: number; probes: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, [fileURLToPath(new URL('./engine-floor.js', import.meta.url))], { encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`engine-floor exited ${r.status ?? r.signal}: ${r.stderr.trim()}`);
    runs.push(JSON.parse(r.stdout) as { coldMs: number; warmMs: number; probes: number });
  }
  const n = runs[0]!.probes;
  return [
    { name: `engine alone over an instant terminal, ${n} probes, fresh process (cold)`, value: median(runs.map((r) => r.coldMs)), unit: 'ms', note: 'the floor of the pipelined time in a real terminal' },
    { name: `engine alone over an instant terminal, ${n} probes, same process warmed up`, value: median(runs.map((r) => r.warmMs)), unit: 'ms' },
  ];
}

async function measure(where: string, run: (args: string[]) => Promise<Timing>, wallTarget?: number): Promise<BenchFigure[]> {
  const piped: Timing[] = [];
  const single: Timing[] = [];
  for (let i = 0; i < RUNS; i++) {
    piped.push(await run([]));
    single.push(await run(['--window', '1']));
  }
  const [pw, sw] = [median(piped.map((t) => t.wallMs)), median(single.map((t) => t.wallMs))];
  const [pp, sp] = [median(piped.map((t) => t.probingMs)), median(single.map((t) => t.probingMs))];
  const n = piped[0]!.probes;
  return [
    { name: `${where}: \`termprobe\` wall time, ${n} probes pipelined`, value: pw, unit: 'ms', ...(wallTarget ? { target: { op: '<' as const, value: wallTarget } } : {}) },
    { name: `${where}: \`termprobe --window 1\` wall time (one at a time)`, value: sw, unit: 'ms' },
    { name: `${where}: probing time pipelined / one at a time`, value: pp, unit: 'ms', note: `${sp.toFixed(0)} ms one at a time` },
    { name: `${where}: one at a time ÷ pipelined (probing time)`, value: sp / pp, unit: 'x', target: { op: '>=', value: 5 } },
    { name: `${where}: one at a time ÷ pipelined (whole command)`, value: sw / pw, unit: 'x' },
  ];
}

export const selfBench: BenchModule = {
  title: `\`npx termprobe\` in your own terminal (median of ${RUNS} runs each)`,
  async run() {
    const figures: BenchFigure[] = engineFloor();
    if (findProgram('tmux')) {
      figures.push(...(await measure('tmux 80x24', (args) => inTmux(args), 3000)));
      const viaNpx = await inTmux([], true);
      figures.push({ name: 'tmux 80x24: literally `npx termprobe` (one run)', value: viaNpx.wallMs, unit: 'ms', target: { op: '<', value: 3000 } });
    } else {
      figures.push({ name: 'tmux: not installed (apt-get install tmux), not measured', value: 0, unit: 'ms' });
    }
    figures.push(...(await measure('node-pty + xterm.js 80x24', (args) => inPtyHost(args))));
    const silent: number[] = [];
    for (let i = 0; i < RUNS; i++) silent.push(await silentWallMs());
    figures.push({ name: 'node-pty host that answers nothing: `termprobe` wall time', value: median(silent), unit: 'ms', target: { op: '<', value: 3000 } });
    figures.push(...(await measure(`node-pty + xterm.js, replies ${VTE_LATENCY_MS} ms late (like VTE)`, (args) => inPtyHost(args, VTE_LATENCY_MS))));
    return figures;
  },
};
