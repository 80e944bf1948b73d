/**
 * Embedded targets: wall time of the whole `termprobe run --target X` process over
 * the full corpus (median of 5), and the per-probe cost inside one process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { runTarget } from '../engine/run-target.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { median, timedCli } from './measure.js';




export const embeddedBench: BenchModule = {
  title: 'Embedded emulators, full corpus',
  async run() {
    const corpus = await loadCorpus();
    const n = corpus.probes.length;
    const figures: BenchFigure[] = [{ name: 'probes in the corpus', value: n, unit: 'probes' }];
    const out = mkdtempSync(join(tmpdir(), 'termprobe-bench-'));
    try {
      for (const target of EMBEDDED_TARGETS) {
        // Issue 26: 0.6 s for xterm.js's whole process; the CPU time and the load average say how much of a wall time on a shared machine was termprobe's.
        const runs = [0, 1, 2, 3, 4].map(() => timedCli(['run', '--target', target, '--out', out, '--quiet']));
        const cpu = runs.every((r) => r.cpuMs !== undefined) ? median(runs.map((r) => r.cpuMs!)) : undefined;
        figures.push({ name: `\`termprobe run --target ${target}\` process wall time`, value: median(runs.map((r) => r.wallMs)), unit: 'ms', ...(target === 'xterm.js' ? { target: { op: '<', value: 600 } } : {}), note: `${cpu === undefined ? '' : `CPU ${cpu.toFixed(0)} ms; `}load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores` });
        await runTarget(target, corpus, corpus.probes); // warm up
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          await runTarget(target, corpus, corpus.probes);
          times.push(performance.now() - t0);
        }
        figures.push({ name: `${target}: in-process, per probe (amortised)`, value: median(times) / n, unit: 'ms', target: { op: '<', value: 3 } });
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    return figures;
  },
};
