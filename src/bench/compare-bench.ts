/**
 * `termprobe compare` on a published-size set: 21 results files × 200 probes
 * (made from one run of each embedded target, relabelled as 21 terminals, screen
 * cells included), timed as whole processes like a user runs it (median of 5).
 * Also `node dist/bench/compare-bench.js` on its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from '../corpus/load-corpus.js';
import { runTarget } from '../engine/run-target.js';
import { writeResults } from '../results/write-results.js';
import { EMBEDDED_TARGETS, TARGETS } from '../targets/registry.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN, median, timedCli } from './measure.js';

const FILES = 21;
const RESULTS = join(BIN, '../../results');
const PROBES = 200;


/** 21 files: the embedded runs, then copies named after the other targets (xterm.js stays the reference). */
async function writeSet(dir: string): Promise<string[]> {
  const corpus = await loadCorpus();
  const probes = corpus.probes.slice(0, PROBES);
  const runs = [];
  for (const t of EMBEDDED_TARGETS) runs.push((await runTarget(t, corpus, probes)).results);
  const names = [...EMBEDDED_TARGETS, ...Object.keys(TARGETS).filter((n) => !(EMBEDDED_TARGETS as string[]).includes(n))];
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const base = structuredClone(runs[i % runs.length]!);
    const name = names[i] ?? `terminal-${i}`;
    if (i >= runs.length) base.target = { id: name, identity: { ...base.target.identity, name, version: `1.${i}` } };
    const file = join(dir, `${String(i).padStart(2, '0')}-${name}.json`);
    writeResults(file, base);
    files.push(file);
  }
  return files;
}

function wallMs(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`termprobe ${args[0]} exited ${r.status}: ${r.stderr.trim()}`);
  return ms;
}

export const compareBench: BenchModule = {
  title: `termprobe compare, ${FILES} results files × ${PROBES} probes`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-compare-bench-'));
    try {
      const files = await writeSet(dir);
      const figures: BenchFigure[] = [];
      for (const format of ['text', 'markdown', 'json']) {
        const ms = median([0, 1, 2, 3, 4].map(() => wallMs(['compare', ...files, '--format', format])));
        figures.push({ name: `\`termprobe compare\` (${format}) process wall time`, value: ms, unit: 'ms', target: { op: '<', value: 1000 } });
      }
      const published = readdirSync(RESULTS).filter((f) => f.endsWith('.json')).map((f) => join(RESULTS, f));
      if (published.length > 0) {
        // Issue 26: 0.8 s for the whole process, median of 10. On a shared machine the wall time counts the neighbours
        // too: the CPU time (GNU time) and the load average say how much of it was termprobe's.
        for (const format of ['text', 'json']) {
          const runs = Array.from({ length: 10 }, () => timedCli(['compare', ...published, '--format', format]));
          const cpu = runs.every((r) => r.cpuMs !== undefined) ? median(runs.map((r) => r.cpuMs!)) : undefined;
          figures.push({ name: `\`termprobe compare results/*.json -f ${format}\` (the ${published.length} published files)`, value: median(runs.map((r) => r.wallMs)), unit: 'ms', target: { op: '<', value: 800 }, note: `${cpu === undefined ? '' : `CPU ${cpu.toFixed(0)} ms; `}load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores` });
        }
      }
      figures.push({ name: '`termprobe --version` process wall time (floor)', value: median([0, 1, 2, 3, 4].map(() => wallMs(['--version']))), unit: 'ms' });
      return figures;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const f of await compareBench.run()) console.log(`  ${f.name.padEnd(56)} ${f.value.toFixed(0).padStart(6)} ${f.unit}${f.target ? `  (target ${f.target.op} ${f.target.value})` : ''}`);
}
