/**
 * Several targets in one run (`--target all` or a list): at most `jobs` at a
 * time, one progress line each, one results file each. A target that fails
 * (cannot start, wrong size, stops answering, not installed when named) is
 * reported and the others still run; the run fails at the end if any did.
 */
import { setMaxListeners } from 'node:events';
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { runTarget } from '../engine/run-target.js';
import type { ResultsFile } from '../results/results-schema.js';
import { writeResultsWithPictures } from '../results/picture-files.js';
import { createProgress, type ProgressSink } from './progress-lines.js';
import { runPool, type SpareCpu } from './run-pool.js';
import { plural } from '../util/plural.js';

export class TargetsFailedError extends Error {
  override name = 'TargetsFailedError';
}

export interface RunManyOptions {
  corpus: Corpus;
  probes: Probe[];
  size: { cols: number; rows: number };
  /** Each target's --option settings (see planTargetOptions). */
  options: ReadonlyMap<string, Record<string, string>>;
  window?: number;
  /** Where a target's results file goes. */
  fileFor: (results: ResultsFile, options: Record<string, string>) => string;
  jobs: number;
  quiet?: boolean;
  signal: AbortSignal;
  /** Targets known not to be available here, with why: listed, not run, not failures. */
  unavailable?: Map<string, string>;
  /** Pictures of GUI terminals' windows (default true). */
  pictures?: boolean;
  /** The input probes of targets that make their events in a browser (xterm.js, ghostty; see embedded-input.ts). */
  browserInput?: boolean;
  /** More targets at once than `jobs` while the machine has CPU to spare (run-pool.ts). */
  spare?: SpareCpu;
  /** By target, the probes after which its published run started afresh, and why (RunTargetOptions.restartsExpected). */
  restartsExpected?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

export interface TargetOutcome {
  target: string;
  status: 'done' | 'failed' | 'unavailable';
  seconds: number;
  results?: ResultsFile;
  file?: string;
  reason?: string;
}

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

async function runOne(target: string, o: RunManyOptions, progress: ProgressSink): Promise<TargetOutcome> {
  const t0 = performance.now();
  const seconds = () => (performance.now() - t0) / 1000;
  progress.update(target, { state: 'running' });
  // One signal per target, so each target's listeners go away with it.
  const own = new AbortController();
  const forward = () => own.abort(o.signal.reason);
  o.signal.addEventListener('abort', forward, { once: true });
  try {
    const onProgress = (done: number, total: number) => progress.update(target, { state: 'running', done, total });
    const options = o.options.get(target) ?? {};
    const expected = o.restartsExpected?.get(target);
    const run = await runTarget(target, o.corpus, o.probes, { ...o.size, options, signal: own.signal, window: o.window, onProgress, pictures: o.pictures, browserInput: o.browserInput, ...(expected ? { restartsExpected: expected } : {}) });
    const { gaveUp } = run;
    const file = o.fileFor(run.results, options);
    if (own.signal.aborted) throw o.signal.reason; // interrupted while it closed: no file
    const results = writeResultsWithPictures(file, run.results, run.pictures ?? new Map());
    const noReply = results.probes.filter((p) => p.status !== 'ok').length;
    const answered = results.probes.length - noReply;
    // A terminal that answered nothing failed; one that crashed or fell silent part-way
    // (zutty aborts on one probe) is a finding: its results are kept and the reason shown.
    if (gaveUp && answered === 0) {
      progress.update(target, { state: 'failed', seconds: seconds(), reason: `${gaveUp} (results in ${file})` });
      return { target, status: 'failed', seconds: seconds(), results, file, reason: gaveUp };
    }
    const who = `${results.target.identity.name} ${results.target.identity.version}`;
    const partial = gaveUp ? `; ${gaveUp}` : '';
    progress.update(target, { state: 'done', seconds: seconds(), detail: `(${who}${noReply ? `, ${noReply} without a full answer${partial}` : ''}) → ${file}` });
    return { target, status: 'done', seconds: seconds(), results, file };
  } catch (error) {
    if (o.signal.aborted) throw o.signal.reason ?? error;
    progress.update(target, { state: 'failed', seconds: seconds(), reason: oneLine(error) });
    return { target, status: 'failed', seconds: seconds(), reason: oneLine(error) };
  } finally {
    o.signal.removeEventListener('abort', forward);
  }
}

export async function runMany(targets: string[], o: RunManyOptions): Promise<TargetOutcome[]> {
  const progress = createProgress(targets, { quiet: o.quiet });
  const outcomes = new Map<string, TargetOutcome>();
  const runnable: string[] = [];
  for (const target of targets) {
    const why = o.unavailable?.get(target);
    if (why === undefined) {
      runnable.push(target);
      continue;
    }
    progress.update(target, { state: 'unavailable', reason: why });
    outcomes.set(target, { target, status: 'unavailable', seconds: 0, reason: why });
  }
  // Each running target listens on the run's signal (runOne): at --jobs 11, or as many with the spare places, more
  // than the 10 node warns of (a leak warning printed into the run's output), none of them leaked.
  setMaxListeners(Math.max(o.jobs, o.spare?.max ?? 0) + 10, o.signal);
  try {
    await runPool(runnable, o.jobs, async (target) => void outcomes.set(target, await runOne(target, o, progress)), o.signal, o.spare);
  } finally {
    progress.finish();
  }
  return targets.map((t) => outcomes.get(t)).filter((x): x is TargetOutcome => x !== undefined);
}

/** Throw when any target failed, naming each with its reason. */
export function validateOutcomes(outcomes: readonly TargetOutcome[]): void {
  const failed = outcomes.filter((o) => o.status === 'failed');
  if (failed.length === 0) return;
  throw new TargetsFailedError(`${failed.length} of ${plural(outcomes.length, 'target')} failed: ${failed.map((f) => `${f.target} (${f.reason})`).join('; ')}`);
}
