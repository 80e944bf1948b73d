/** `termprobe run`: the corpus against one or more targets, one results file each. */
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { runTarget } from '../engine/run-target.js';
import { differencesTable } from '../report/differences-table.js';
import type { ResultsFile } from '../results/results-schema.js';
import { resultsFileName, writeResults } from '../results/write-results.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { UsageError } from './errors.js';
import { expandTargets } from './expand-targets.js';
import { withInterrupts } from './interrupts.js';
import { runMany, validateOutcomes } from './run-many.js';
import { parseOptions, parseSize, selectProbes, splitList } from './select-probes.js';

export interface RunOptions {
  target?: string[];
  out?: string;
  probe?: string[];
  category?: string[];
  probes?: string;
  size?: string;
  option?: string[];
  window?: string;
  jobs?: string;
  quiet?: boolean;
}

/** Targets run at once when several are named (`--jobs`); two suits a 2-core machine. */
const DEFAULT_JOBS = 2;

function parseJobs(text: string | undefined): number {
  const jobs = Number(text ?? DEFAULT_JOBS);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64) throw new UsageError(`--jobs "${text}" is not a number from 1 to 64`);
  return jobs;
}

export async function runCommand(opts: RunOptions): Promise<ResultsFile[]> {
  const corpus = await loadCorpus(opts.probes);
  const probes = selectProbes(corpus, opts);
  const named = splitList(opts.target);
  if (named.length === 0) named.push(...EMBEDDED_TARGETS);
  const { targets, unavailable } = await expandTargets(named); // unknown names fail before anything runs
  const size = parseSize(opts.size ?? '80x24');
  const options = parseOptions(opts.option);
  const outDir = opts.out ?? 'results';
  const window = opts.window ? Number(opts.window) : undefined;
  const jobs = parseJobs(opts.jobs);
  if (targets.length > 1 || unavailable.size > 0) {
    const outcomes = await withInterrupts((signal) => runMany(targets, { corpus, probes, size, options, window, outDir, jobs, quiet: opts.quiet, signal, unavailable }));
    const runs = outcomes.flatMap((o) => (o.status === 'done' && o.results ? [o.results] : []));
    if (!opts.quiet && runs.length > 1) process.stdout.write(differencesTable(runs, { color: process.stdout.isTTY && !process.env.NO_COLOR, files: [join(outDir, '*.json')] }));
    validateOutcomes(outcomes);
    return runs;
  }
  const runs: ResultsFile[] = [];
  await withInterrupts(async (signal) => {
    for (const target of targets) {
      const t0 = performance.now();
      const { results, gaveUp } = await runTarget(target, corpus, probes, { ...size, options, signal, window });
      const file = join(outDir, resultsFileName(results.target.identity.name, results.target.identity.version));
      writeResults(file, results);
      runs.push(results);
      const secs = ((performance.now() - t0) / 1000).toFixed(2);
      const noReply = results.probes.filter((p) => p.status !== 'ok').length;
      if (!opts.quiet) process.stderr.write(`${target}: ${results.target.identity.name} ${results.target.identity.version}, ${probes.length} probes in ${secs} s${noReply ? `, ${noReply} without a full answer` : ''} → ${file}\n`);
      if (gaveUp) process.stderr.write(`${target}: ${gaveUp}\n`);
    }
  });
  return runs;
}
