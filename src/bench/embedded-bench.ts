/**
 * Embedded targets: wall time of the whole `termprobe run --target X` process over
 * the full corpus (median of 5), and the per-probe cost inside one process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { runTarget } from '../engine/run-target.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { median, runWallMs } from './measure.js';




export const embeddedBench: BenchModule = {
  title: 'Embedded emulators, full corpus',
  async run() {
    const corpus = await loadCorpus();
    const n = corpus.probes.length;
    const figures: BenchFigure[] = [{ name: 'probes in the corpus', value: n, unit: 'probes' }];
    const out = mkdtempSync(join(tmpdir(), 'termprobe-bench-'));
    try {
      for (const target of EMBEDDED_TARGETS) {
        const wall = median([0, 1, 2, 3, 4].map(() => runWallMs(target, out)));
        figures.push({ name: `\`termprobe run --target ${target}\` process wall time`, value: wall, unit: 'ms', ...(target === 'xterm.js' ? { target: { op: '<', value: 1500 } } : {}) });
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
