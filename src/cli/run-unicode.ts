/**
 * `termprobe run --suite unicode`: the Unicode width suite against one or more
 * targets, at most --jobs at a time, one Unicode results file each, in the
 * folder's unicode/ subfolder (termprobe-results/unicode/, or results/unicode/
 * for the published set), and one verdict line per target.
 */
import { join } from 'node:path';
import { unicodeVerdict, verdictSentence } from '../classify/unicode-verdict.js';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import type { WidthSuite } from '../corpus/width-suite/width-item.js';
import { runUnicodeTarget } from '../engine/run-unicode.js';
import type { UnicodeResults } from '../results/unicode-results-schema.js';
import { resultsFileName } from '../results/write-results.js';
import { serializeUnicodeResults } from '../results/read-unicode-results.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { plural } from '../util/plural.js';
import { expandTargets } from './expand-targets.js';
import { withInterrupts } from './interrupts.js';
import { DEFAULT_JOBS } from './options/jobs-option.js';
import { requireFolderFor, type OutPath } from './options/out-option.js';
import { DEFAULT_SIZE, type Size } from './options/size-option.js';
import { planTargetOptions } from './options/target-option-pairs.js';
import { createProgress } from './progress-lines.js';
import { OWN_RESULTS_DIR } from './results-dirs.js';
import { runPool } from './run-pool.js';
import { TargetsFailedError } from './run-many.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';

export interface RunUnicodeOptions {
  target?: string[];
  out?: OutPath;
  size?: Size;
  option?: Record<string, string>;
  jobs?: number;
  quiet?: boolean;
}

/** The Unicode results file for one run: "<name>-<version>[-<option>-<value>].json". */
export function unicodeFileFor(results: UnicodeResults, options: Record<string, string>): string {
  const { name, version } = results.target.identity;
  const base = resultsFileName(results.target.id === 'self' ? `self-${name}` : name, version).slice(0, -'.json'.length);
  const suffix = Object.keys(options).sort().map((k) => `-${k}-${options[k]}`.replace(/[^A-Za-z0-9._+-]+/g, '-')).join('');
  return `${base}${suffix}.json`;
}

export { serializeUnicodeResults };

function summaryLine(results: UnicodeResults, suite: WidthSuite, seconds: number): string {
  const measured = results.suite.items + [...results.answers.on].filter((c) => c !== '.').length;
  const rate = Math.round(measured / Math.max(seconds, 1e-3));
  return `${plural(measured, 'measurement')} in ${seconds.toFixed(2)} s (${rate.toLocaleString('en-US')}/s): ${verdictSentence(unicodeVerdict(results, suite))}`;
}

export async function runUnicodeCommand(opts: RunUnicodeOptions): Promise<UnicodeResults[]> {
  const named = opts.target && opts.target.length > 0 ? opts.target : [...EMBEDDED_TARGETS];
  const { targets, unavailable } = await expandTargets(named);
  const out: OutPath = opts.out ?? { kind: 'dir', path: OWN_RESULTS_DIR };
  requireFolderFor(out, targets.length, `this run (${targets.length > 4 ? `${targets.length} targets` : targets.join(', ')})`);
  const plan = await planTargetOptions(targets, opts.option ?? {});
  const suite = loadWidthSuite();
  const size = opts.size ?? DEFAULT_SIZE;
  const fileFor = (results: UnicodeResults, options: Record<string, string>) => (out.kind === 'file' ? out.path : join(out.path, 'unicode', unicodeFileFor(results, options)));
  if (!opts.quiet) for (const note of plan.notes) process.stderr.write(`termprobe: note: ${note}\n`);
  const runs: UnicodeResults[] = [];
  const failed: string[] = [];
  await withInterrupts(async (signal) => {
    const progress = createProgress(targets, { quiet: opts.quiet });
    try {
      for (const [target, why] of unavailable) progress.update(target, { state: 'unavailable', reason: why });
      const runnable = targets.filter((t) => !unavailable.has(t));
      await runPool(runnable, opts.jobs ?? DEFAULT_JOBS, async (target) => {
        const t0 = performance.now();
        const seconds = () => (performance.now() - t0) / 1000;
        progress.update(target, { state: 'running' });
        try {
          const options = plan.perTarget.get(target) ?? {};
          const onProgress = (done: number, total: number) => progress.update(target, { state: 'running', done, total });
          const { results, gaveUp } = await runUnicodeTarget(target, suite, { ...size, options, signal, onProgress });
          if (signal.aborted) throw signal.reason;
          const file = fileFor(results, options);
          writeFileAtomic(file, serializeUnicodeResults(results));
          runs.push(results);
          const who = `${results.target.identity.name} ${results.target.identity.version}`;
          progress.update(target, { state: 'done', seconds: seconds(), detail: `(${who}) ${summaryLine(results, suite, seconds())}${gaveUp ? `; ${gaveUp}` : ''} → ${file}` });
        } catch (error) {
          if (signal.aborted) throw signal.reason ?? error;
          const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
          failed.push(`${target} (${reason})`);
          progress.update(target, { state: 'failed', seconds: seconds(), reason });
        }
      }, signal);
    } finally {
      progress.finish();
    }
  });
  if (failed.length > 0) throw new TargetsFailedError(`${failed.length} of ${plural(targets.length, 'target')} failed: ${failed.join('; ')}`);
  return runs;
}
