/**
 * The site at 60 results files (issue 16): the 21 published runs, and each of
 * them again as if contributed from macOS and (18 of them) Windows — copies in a
 * scratch folder with run.platform set and "bench copy" in its release, so every
 * file is a row of its own (terminal, version, platform) — plus the history pages
 * from results/history/. `termprobe site` over them as a whole process, median of 3.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
      const path = join(dir, `${os}-${f}`);
      writeFileSync(path, JSON.stringify(run));
      out.push(path);
    }
  }
  return out;
}

export function sixtyFileFigures(work: string): BenchFigure[] {
  if (!existsSync(join(ROOT, 'results'))) return [];
  const files = sixtyFiles(join(work, 'sixty'));
  const out = join(work, 'sixty-site');
  const history = join(ROOT, 'results/history');
  // The Linux xterm.js run is the emulator: its copies on other platforms share its name and version.
  const args = [BIN, 'site', ...files, ...(existsSync(history) ? ['--history', history] : []), '--against', join(ROOT, 'results/xterm.js-6.0.0.json'), '--out', out, '--quiet'];
  const times = [0, 1, 2].map(() => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`termprobe site over ${files.length} files exited ${r.status}: ${r.stderr.trim()}`);
    return performance.now() - t0;
  });
  const data = JSON.parse(readFileSync(join(out, 'data.json'), 'utf8')) as { terminals: unknown[] };
  return [
    { name: `\`termprobe site\` over ${files.length} results files (${data.terminals.length} rows, history pages), process wall time`, value: median(times) / 1000, unit: 's', target: { op: '<', value: 5 } },
    { name: `site size from ${files.length} results files`, value: folderBytes(out) / 1e6, unit: 'MB' },
  ];
}
