/**
 * The site at 60 results files (issue 16): the 21 published runs, and each of
 * them again as if contributed from macOS and (18 of them) Windows — copies in a
 * scratch folder with run.platform set and "bench copy" in its release, so every
 * file is a row of its own (terminal, version, platform) — plus the history pages
 * from results/history/. `termprobe site` over them as a whole process, median of 3.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResultsFile } from '../results/results-schema.js';
import { folderBytes } from '../report/site/write-site.js';
import type { BenchFigure } from './bench-types.js';
import { median } from './measure.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/termprobe.js');
const FILES = 60;

/** The 60 files: the published ones as they are, then copies per platform until there are 60. */
function sixtyFiles(dir: string): string[] {
  const published = readdirSync(join(ROOT, 'results')).filter((f) => f.endsWith('.json')).sort();
  mkdirSync(dir, { recursive: true });
  const out = published.map((f) => join(ROOT, 'results', f));
  for (const os of ['macos', 'windows']) {
    for (const f of published) {
      if (out.length >= FILES) break;
      const run = JSON.parse(readFileSync(join(ROOT, 'results', f), 'utf8')) as ResultsFile;
      run.run.platform = { os, release: 'bench copy of a Debian 12 run' };
      // A copy stands for a run elsewhere: its pictures (beside the published file only) do not come along.
      for (const p of run.probes) delete p.picture;
      if (run.settings.pixels) delete run.settings.pixels.sheet;
      const path = join(dir, `${os}-${f}`);
      writeFileSync(path, JSON.stringify(run));
      out.push(path);
    }
  }
  return out;
}

/**
 * The same build in this process, with its CPU time (user + system): on a machine
 * shared with other work the wall time says more about the neighbours than about
 * termprobe; the CPU time is what the build itself spent (it is single-threaded,
 * so on an idle machine its wall time is about this).
 */
async function inProcess(files: string[], history: string[], against: string, out: string): Promise<{ wall: number; cpu: number }> {
  const { siteCommand } = await import('../cli/site-command.js');
  const { parseOutDir } = await import('../cli/options/out-option.js');
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await siteCommand(files, { out: parseOutDir(out), against: { kind: 'file', path: against }, history, quiet: true });
  const cpu = process.cpuUsage(c0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 };
}

export async function sixtyFileFigures(work: string): Promise<BenchFigure[]> {
  if (!existsSync(join(ROOT, 'results'))) return [];
  const files = sixtyFiles(join(work, 'sixty'));
  const out = join(work, 'sixty-site');
  const history = existsSync(join(ROOT, 'results/history')) ? [join(ROOT, 'results/history')] : [];
  // The Linux xterm.js run is the emulator: its copies on other platforms share its name and version.
  const against = join(ROOT, 'results/xterm.js-6.0.0.json');
  const args = [BIN, 'site', ...files, ...history.flatMap((h) => ['--history', h]), '--against', against, '--out', out, '--quiet'];
  const times = [0, 1, 2].map(() => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`termprobe site over ${files.length} files exited ${r.status}: ${r.stderr.trim()}`);
    return performance.now() - t0;
  });
  const index = JSON.parse(readFileSync(join(out, 'data.json'), 'utf8')) as { api: string };
  const data = JSON.parse(readFileSync(join(out, index.api), 'utf8')) as { terminals: unknown[] };
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await inProcess(files, history, against, join(work, 'sixty-site-in-process')));
  return [
    { name: `\`termprobe site\` over ${files.length} results files (${data.terminals.length} rows, history pages), process wall time`, value: median(times) / 1000, unit: 's', target: { op: '<', value: 5 } },
    { name: `the same build in-process, CPU time (user + system)`, value: median(runs.map((r) => r.cpu)) / 1000, unit: 's', target: { op: '<', value: 5 }, note: `wall ${(median(runs.map((r) => r.wall)) / 1000).toFixed(2)} s; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores` },
    { name: `site size from ${files.length} results files`, value: folderBytes(out) / 1e6, unit: 'MB' },
  ];
}
