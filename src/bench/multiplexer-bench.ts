/**
 * tmux and GNU screen: wall time of the whole `termprobe run --target X` process
 * over the full corpus (start-up, probes, shutdown; median of 3), the two
 * together (they run side by side), and inside one process the start-up alone
 * and the per-probe cost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { runTarget } from '../engine/run-target.js';
import { loadTarget } from '../targets/registry.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { median, runWallMs } from './measure.js';

const TARGETS = ['tmux', 'screen'] as const;



export const multiplexerBench: BenchModule = {
  title: 'Multiplexers (tmux, GNU screen), full corpus',
  async run() {
    const corpus = await loadCorpus();
    const n = corpus.probes.length;
    const figures: BenchFigure[] = [];
    const out = mkdtempSync(join(tmpdir(), 'termprobe-bench-'));
    try {
      for (const target of TARGETS) {
        const availability = await (await loadTarget(target)).available();
        if (!availability.ok) {
          figures.push({ name: `${target}: not available`, value: 0, unit: 's', note: availability.reason });
          continue;
        }
        const wall = median([0, 1, 2].map(() => runWallMs(target, out)));
        figures.push({ name: `\`termprobe run --target ${target}\` process wall time`, value: wall / 1000, unit: 's', target: { op: '<', value: 5 } });
        const factory = await loadTarget(target);
        const opens: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          const session = await factory.open({ cols: 80, rows: 24, options: {} });
          opens.push(performance.now() - t0);
          await session.close();
        }
        figures.push({ name: `${target}: start-up (open, relay connected)`, value: median(opens), unit: 'ms' });
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) runs.push((await runTarget(target, corpus, corpus.probes)).results.run.elapsedMs);
        figures.push({ name: `${target}: in-process, per probe (amortised)`, value: median(runs) / n, unit: 'ms' });
      }
      const both = median([0, 1, 2].map(() => runWallMs(TARGETS.join(','), out)));
      figures.push({ name: '`termprobe run --target tmux,screen` process wall time', value: both / 1000, unit: 's', target: { op: '<', value: 5 } });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    return figures;
  },
};
