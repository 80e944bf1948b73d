/**
 * `termprobe speed` (and `run --suite speed`): how fast each terminal is, one
 * speed results file each in the folder's speed/ subfolder (termprobe-results/speed/,
 * or results/speed/ for the published set). Terminals are measured one at a
 * time, never side by side: two at once would share the cores and slow each
 * other. `--target all` is every GUI terminal and multiplexer available here.
 */
import { join } from 'node:path';
import { runSpeedTarget, SPEED_KINDS } from '../engine/run-speed.js';
import { resultsFileFor } from '../results/write-results.js';
import type { SpeedResults } from '../results/speed-results-schema.js';
import { serializeSpeedResults } from '../results/read-speed-results.js';
import { speedTable } from '../report/speed-table.js';
import { loadTarget } from '../targets/registry.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { plural } from '../util/plural.js';
import { UsageError } from './errors.js';
import { expandTargets } from './expand-targets.js';
import { withInterrupts } from './interrupts.js';
import { requireFolderFor, type OutPath } from './options/out-option.js';
import { DEFAULT_SIZE, type Size } from './options/size-option.js';
import { planTargetOptions } from './options/target-option-pairs.js';
import { createProgress } from './progress-lines.js';
import { OWN_RESULTS_DIR } from './results-dirs.js';
import { TargetsFailedError } from './run-many.js';

export interface SpeedCommandOptions {
  target?: string[];
  out?: OutPath;
  size?: Size;
  option?: Record<string, string>;
  trials?: number;
  quiet?: boolean;
}

/** The targets of a speed run: `all` keeps the GUI terminals and multiplexers; any other kind named is refused. */
async function speedTargets(named: string[]): Promise<{ targets: string[]; unavailable: Map<string, string> }> {
  const { targets, unavailable } = await expandTargets(named);
  const kept: string[] = [];
  for (const t of targets) {
    const kind = (await loadTarget(t)).kind;
    if ((SPEED_KINDS as readonly string[]).includes(kind)) kept.push(t);
    else if (named.includes(t)) throw new UsageError(`--target ${t}: speed runs measure GUI terminals and multiplexers (${t} is ${kind})`);
  }
  return { targets: kept, unavailable: new Map([...unavailable].filter(([t]) => kept.includes(t))) };
}

export async function speedCommand(opts: SpeedCommandOptions): Promise<SpeedResults[]> {
  if (!opts.target || opts.target.length === 0) throw new UsageError('name the terminals to measure: --target NAME (repeatable, or a,b), or --target all for every GUI terminal and multiplexer here');
  const { targets, unavailable } = await speedTargets(opts.target);
  if (targets.length === 0) throw new UsageError('no GUI terminal or multiplexer among the targets named');
  const out: OutPath = opts.out ?? { kind: 'dir', path: OWN_RESULTS_DIR };
  requireFolderFor(out, targets.length, `this run (${targets.length > 4 ? `${targets.length} targets` : targets.join(', ')})`);
  const plan = await planTargetOptions(targets, opts.option ?? {});
  const size = opts.size ?? DEFAULT_SIZE;
  const fileFor = (r: SpeedResults, options: Record<string, string>) => (out.kind === 'file' ? out.path : join(out.path, 'speed', resultsFileFor(r, options)));
  if (!opts.quiet) for (const note of plan.notes) process.stderr.write(`termprobe: note: ${note}\n`);
  const runs: SpeedResults[] = [];
  const failed: string[] = [];
  const t0 = performance.now();
  await withInterrupts(async (signal) => {
    const progress = createProgress(targets, { quiet: opts.quiet });
    try {
      for (const [target, why] of unavailable) progress.update(target, { state: 'unavailable', reason: why });
      for (const target of targets.filter((t) => !unavailable.has(t))) {
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        progress.update(target, { state: 'running' });
        try {
          const options = plan.perTarget.get(target) ?? {};
          const onProgress = (done: number, total: number) => progress.update(target, { state: 'running', done, total });
          const results = await runSpeedTarget(target, { ...size, options, trials: opts.trials, signal, onProgress });
          if (signal.aborted) throw signal.reason;
          const file = fileFor(results, options);
          writeFileAtomic(file, serializeSpeedResults(results));
          runs.push(results);
          const odd = results.figures.filter((f) => f.status !== 'measured').map((f) => `${f.id} ${f.status}`);
          progress.update(target, { state: 'done', seconds: seconds(), detail: `(${results.target.identity.name} ${results.target.identity.version}, other work ${results.load.otherCores} of ${results.load.cpus} cores${odd.length ? `; ${odd.join(', ')}` : ''}) → ${file}` });
        } catch (error) {
          if (signal.aborted) throw signal.reason ?? error;
          const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
          failed.push(`${target} (${reason})`);
          progress.update(target, { state: 'failed', seconds: seconds(), reason });
        }
      }
    } finally {
      progress.finish();
    }
  });
  if (!opts.quiet && runs.length > 0) process.stdout.write(speedTable(runs) + `${plural(runs.length, 'terminal')} measured in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  if (failed.length > 0) throw new TargetsFailedError(`${failed.length} of ${plural(targets.length, 'target')} failed: ${failed.join('; ')}`);
  return runs;
}
