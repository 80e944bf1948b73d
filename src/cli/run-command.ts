/**
 * `termprobe run`: the corpus against one or more targets, one results file
 * each. Every option is checked before the first target starts (see
 * src/cli/options/); results go to --out, by default termprobe-results/
 * (the published set in results/ is rewritten only with --out results).
 */
import { loadCorpus } from '../corpus/load-corpus.js';
import { runTarget } from '../engine/run-target.js';
import { differencesTable } from '../report/differences-table.js';
import type { ProbeResult, ResultsFile } from '../results/results-schema.js';
import { supportMark } from '../classify/support-mark.js';
import { outputWidth } from './options/width-option.js';
import { writeResultsWithPictures } from '../results/picture-files.js';
import { resultsFileFor } from '../results/write-results.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { expandTargets } from './expand-targets.js';
import { withInterrupts } from './interrupts.js';
import { DEFAULT_RUN_JOBS, spareCpu } from './options/jobs-option.js';
import { longestFirst, publishedRuns, SHIPPED_RESULTS } from './target-order.js';
import { outFile, requireFolderFor, type OutPath } from './options/out-option.js';
import { DEFAULT_SIZE, type Size } from './options/size-option.js';
import { planTargetOptions } from './options/target-option-pairs.js';
import { OWN_RESULTS_DIR } from './results-dirs.js';
import { runMany, validateOutcomes, type TargetOutcome } from './run-many.js';
import { selectProbes } from './select-probes.js';
import { wantsBrowserInput } from './embedded-input.js';
import { plural } from '../util/plural.js';

export interface RunOptions {
  /** Registry names (or "all"), already checked (target-names.ts). */
  target?: string[];
  out?: OutPath;
  probe?: string[];
  category?: string[];
  probes?: string;
  size?: Size;
  /** --option pairs, syntax checked; checked against the targets here. */
  option?: Record<string, string>;
  window?: number;
  jobs?: number;
  quiet?: boolean;
  /** Runs read from files, shown in the differences table beside the new ones. */
  alsoCompare?: ResultsFile[];
  /** Pictures of GUI terminals' windows after screen probes (--pictures; default none). */
  pictures?: boolean;
  /** --embedded-input / --no-embedded-input: the input probes of xterm.js and ghostty (in headless Chromium); see embedded-input.ts for the default. */
  embeddedInput?: boolean;
  /** Fit the differences table to this many columns (--width; default: the terminal's, see width-option.ts). */
  width?: number;
  /** List only this many differences, the most telling first, naming `allOption` for the rest (the bare command: 20, --all). */
  limit?: number;
  allOption?: string;
}

export async function runCommand(opts: RunOptions): Promise<ResultsFile[]> {
  const named = opts.target && opts.target.length > 0 ? opts.target : [...EMBEDDED_TARGETS];
  const { targets, unavailable } = await expandTargets(named);
  const out: OutPath = opts.out ?? { kind: 'dir', path: OWN_RESULTS_DIR };
  requireFolderFor(out, targets.length, `this run (${targets.length > 4 ? `${targets.length} targets` : targets.join(', ')})`);
  const plan = await planTargetOptions(targets, opts.option ?? {});
  const corpus = await loadCorpus(opts.probes);
  const probes = selectProbes(corpus, opts);
  const size = opts.size ?? DEFAULT_SIZE;
  const { window, quiet, pictures } = opts;
  const browserInput = wantsBrowserInput(opts, probes);
  const fileFor = (results: ResultsFile, options: Record<string, string>) => outFile(out, resultsFileFor(results, options));
  if (!quiet) for (const note of plan.notes) process.stderr.write(`termprobe: note: ${note}\n`);
  const runs: ResultsFile[] = [];
  let outcomes: TargetOutcome[] = [];
  const jobs = opts.jobs ?? DEFAULT_RUN_JOBS;
  const ordered = targets.length > jobs;
  // Read only where they serve: the order of a run of many targets, the spare instances of the input probes.
  // Every target's time to order many; else only these targets' restarts.
  const published = ordered ? publishedRuns(SHIPPED_RESULTS) : probes.some((p) => p.input) ? publishedRuns(SHIPPED_RESULTS, targets) : undefined;
  const restartsExpected = published?.restarts;
  if (targets.length > 1 || unavailable.size > 0) {
    // The longest first (as the published runs timed them): the run does not end on a long target started last.
    const order = ordered ? longestFirst(targets, published!.times) : targets;
    // Without --jobs, more at once while the CPUs stand mostly idle (--jobs N is N at once, no more).
    const spare = opts.jobs === undefined && targets.length > jobs ? spareCpu(jobs) : undefined;
    outcomes = await withInterrupts((signal) => runMany(order, { corpus, probes, size, options: plan.perTarget, window, fileFor, jobs, quiet, signal, unavailable, pictures, browserInput, spare, restartsExpected }));
    for (const o of outcomes) if (o.status === 'done' && o.results) runs.push(o.results);
  } else {
    await withInterrupts(async (signal) => {
      for (const target of targets) {
        const t0 = performance.now();
        const options = plan.perTarget.get(target) ?? {};
        const expected = restartsExpected?.get(target);
        const run = await runTarget(target, corpus, probes, { ...size, options, signal, window, pictures, browserInput, ...(expected ? { restartsExpected: expected } : {}) });
        const { gaveUp } = run;
        const file = fileFor(run.results, options);
        // The commit point: a Ctrl-C that came while the target closed means no file, exit 130.
        if (signal.aborted) throw signal.reason;
        const results = writeResultsWithPictures(file, run.results, run.pictures ?? new Map());
        runs.push(results);
        const secs = ((performance.now() - t0) / 1000).toFixed(2);
        const noReply = results.probes.filter((p) => p.status !== 'ok').length;
        const shots = run.pictures?.size ? `, ${plural(run.pictures.size, 'picture')}` : '';
        if (!quiet) process.stderr.write(`${target}: ${results.target.identity.name} ${results.target.identity.version}, ${plural(probes.length, 'probe')} in ${secs} s${noReply ? `, ${noReply} without a full answer` : ''}${shots} → ${file}\n`);
        if (gaveUp) process.stderr.write(`${target}: ${gaveUp}\n`);
      }
    });
  }
  const shown = [...runs, ...(opts.alsoCompare ?? [])];
  if (!quiet && shown.length > 1) {
    const marks = new Map<ResultsFile, Map<string, ProbeResult>>(shown.map((r) => [r, new Map(r.probes.map((p) => [p.id, p]))]));
    const mark = (run: ResultsFile, id: string) => supportMark(corpus.byId.get(id), marks.get(run)!.get(id), run.settings).support;
    process.stdout.write(differencesTable(shown, { color: process.stdout.isTTY && !process.env.NO_COLOR, files: [out.kind === 'dir' ? `${out.path}/*.json` : out.path], width: outputWidth(opts.width), limit: opts.limit, allOption: opts.allOption, mark }));
  }
  validateOutcomes(outcomes);
  return runs;
}
