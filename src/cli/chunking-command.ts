/**
 * `termprobe run --chunking`: the chunking property over the corpus, one
 * target at a time; each report goes to <out>/chunking/<terminal>-<version>.json
 * (the published set: --out results), beside — never over — the results files.
 */
import { join } from 'node:path';
import { runChunking, type ChunkingReport } from '../chunking/run-chunking.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { resultsFileName } from '../results/write-results.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { plural } from '../util/plural.js';
import { UsageError } from './errors.js';
import { expandTargets } from './expand-targets.js';
import { withInterrupts } from './interrupts.js';
import { DEFAULT_SIZE } from './options/size-option.js';
import { OWN_RESULTS_DIR } from './results-dirs.js';
import type { RunOptions } from './run-command.js';
import { selectProbes } from './select-probes.js';

export function chunkingLine(r: ChunkingReport): string {
  const found = r.findings.length === 0 ? 'no probe depends on the cut' : `${plural(r.findings.length, 'probe')} answer differently when cut: ${r.findings.slice(0, 5).map((f) => f.probe).join(', ')}${r.findings.length > 5 ? ', …' : ''}`;
  return `${r.target.id}: ${r.target.name} ${r.target.version}, ${plural(r.corpus.probes, 'probe')} in ${plural(r.run.variants, 'variant')} (${(r.run.elapsedMs / 1000).toFixed(1)} s): ${found}`;
}

export async function chunkingCommand(opts: RunOptions): Promise<ChunkingReport[]> {
  const named = opts.target && opts.target.length > 0 ? opts.target : [...EMBEDDED_TARGETS];
  const { targets, unavailable } = await expandTargets(named);
  if (opts.out?.kind === 'file') throw new UsageError(`--out ${opts.out.path}: --chunking writes a chunking/ folder of reports; name a folder`);
  const dir = join(opts.out?.path ?? OWN_RESULTS_DIR, 'chunking');
  const corpus = await loadCorpus(opts.probes);
  const probes = selectProbes(corpus, opts);
  const size = opts.size ?? DEFAULT_SIZE;
  const reports: ChunkingReport[] = [];
  await withInterrupts(async (signal) => {
    for (const target of targets) {
      if (unavailable.has(target)) {
        if (!opts.quiet) process.stderr.write(`${target}: not run: ${unavailable.get(target)}\n`);
        continue;
      }
      const report = await runChunking(target, corpus, probes, { ...size, signal, window: opts.window });
      if (signal.aborted) throw signal.reason;
      const file = join(dir, resultsFileName(report.target.name, report.target.version));
      writeFileAtomic(file, JSON.stringify(report, null, 1) + '\n');
      reports.push(report);
      if (!opts.quiet) process.stderr.write(`${chunkingLine(report)} → ${file}\n`);
    }
  });
  return reports;
}
