/**
 * `npm run bench -- fuzz`: 60 s of fuzzing xterm.js against ghostty (seed 1):
 * cases per second through the run-and-compare loop (target ≥ 2,000; shrinking
 * is timed apart), the count of shrunk divergences, and whether the known
 * zero-parameter class (HPR 0, VPR 0, CBT 0: xterm.js reads 0 as 1, ghostty
 * takes it literally) is among them.
 */
import { loadCorpus } from '../corpus/load-corpus.js';
import { fuzzTargets } from '../fuzz/fuzz-run.js';
import { TargetSet } from '../replay/target-pair.js';
import type { BenchFigure, BenchModule } from './bench-types.js';

const SECONDS = Number(process.env.TERMPROBE_FUZZ_BENCH_SECONDS ?? 60);
const CLASS = [
  ['HPR 0', '\x1b[0a'],
  ['VPR 0', '\x1b[0e'],
  ['CBT 0', '\x1b[0Z'],
] as const;

export const fuzzBench: BenchModule = {
  title: `Fuzz xterm.js vs ghostty for ${SECONDS} s (seed 1, 20x6)`,
  async run() {
    const corpus = await loadCorpus();
    const set = await TargetSet.open(['xterm.js', 'ghostty'], 20, 6);
    try {
      const r = await fuzzTargets(set, corpus, { seed: 1, seconds: SECONDS, cols: 20, rows: 6 });
      const found = CLASS.filter(([, seq]) => r.findings.some((f) => Buffer.from(f.minimal).toString('latin1').endsWith(seq)));
      const figures: BenchFigure[] = [
        { name: 'cases per second (generate, run in both, compare)', value: r.cases / r.runSeconds, unit: 'cases/s', target: { op: '>=', value: 2000 }, note: `${r.cases} cases, ${r.differing} differed` },
        { name: `shrunk divergences, one per shape, in ${SECONDS} s`, value: r.findings.length, unit: 'found', note: `shrinking took ${r.shrinkSeconds.toFixed(1)} s of it (${r.shrinkCases} cases)` },
        { name: 'of the HPR/VPR/CBT-zero class', value: found.length, unit: 'found', target: { op: '>=', value: 3 }, note: found.length ? `found: ${found.map(([n]) => n).join(', ')}` : 'none found' },
      ];
      return figures;
    } finally {
      await set.close();
    }
  },
};
