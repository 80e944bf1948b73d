/**
 * The reference every answer is compared with: a results file (a path), one of
 * the runs given (by target name), or a target run now, at the same size and
 * over the same probes as the runs being compared. Verdicts know no targets and
 * run nothing themselves: the caller (the CLI) hands in a ReferenceRunner that
 * knows the target registry and the engine.
 */
import { BadInputError } from '../util/bad-input-error.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readResultsLazily } from '../results/read-results-lazily.js';
import type { ResultsFile } from '../results/results-schema.js';
import { viewRun, type RunView } from './run-view.js';
import { compareVersionStrings } from './newest-versions.js';

export const DEFAULT_REFERENCE = 'xterm.js';

export class ReferenceChoiceError extends BadInputError {
  override name = 'ReferenceChoiceError';
}

export interface Reference {
  view: RunView;
  /** "given": one of the compared runs; "file": read from --reference; "run": run now. */
  source: 'given' | 'file' | 'run';
  notes: string[];
}

/** What a run made now is asked to cover: the probes of the runs compared, at their size. */
export interface ReferenceRunRequest {
  target: string;
  probeIds: ReadonlySet<string>;
  cols: number;
  rows: number;
  /** Probe folder (default: the shipped corpus). */
  probes?: string;
}

/** Runs a target now, for a reference that is neither a file nor among the runs. */
export interface ReferenceRunner {
  /** The targets it can run (named in the error for an unknown reference). */
  readonly targets: readonly string[];
  run(request: ReferenceRunRequest): Promise<{ results: ResultsFile; corpusHash: string; missing: number; probes: number }>;
}

export interface ReferenceOptions {
  /** Probe folder for a run made now (default: the shipped corpus). */
  probes?: string;
  /** Without one, a reference must be a results file or one of the runs given. */
  runner?: ReferenceRunner;
}

function looksLikePath(spec: string): boolean {
  return spec.endsWith('.json') || spec.includes('/') || existsSync(spec);
}

export async function chooseReference(spec: string, views: RunView[], opts: ReferenceOptions = {}): Promise<Reference> {
  if (looksLikePath(spec)) {
    const given = views.find((v) => resolve(v.file) === resolve(spec));
    if (given) return { view: given, source: 'given', notes: [] };
    return { view: viewRun(spec, await readResultsLazily(spec)), source: 'file', notes: [] };
  }
  let matches = views.filter((v) => v.targetId === spec);
  if (matches.length === 0) matches = views.filter((v) => v.name === spec);
  // Several versions of the emulator (a history): its newest, unless two runs share that version.
  if (matches.length > 1) {
    const newest = [...matches].sort((a, b) => compareVersionStrings(b.version, a.version));
    if (compareVersionStrings(newest[0]!.version, newest[1]!.version) !== 0) return { view: newest[0]!, source: 'given', notes: [`against the newest of ${matches.length} versions of ${spec} given (${newest[0]!.version})`] };
  }
  if (matches.length > 1) throw new ReferenceChoiceError(`reference "${spec}" matches ${matches.length} files (${matches.map((m) => m.file).join(', ')}); pass one file as --reference`);
  if (matches[0]) return { view: matches[0], source: 'given', notes: [] };
  const runner = opts.runner;
  if (!runner || !runner.targets.includes(spec)) {
    const seen = [...new Set(views.map((v) => v.targetId))].join(', ');
    const targets = runner ? `, and not a target (${runner.targets.join(', ')})` : '';
    throw new ReferenceChoiceError(`reference "${spec}" is not a results file${runner ? ',' : ' and'} not among the runs given (${seen || 'none'})${targets}`);
  }
  return runReferenceNow(runner, spec, views, opts.probes);
}

/** The reference run now, at the first run's size, over the probes the runs hold; the notes say what differs. */
async function runReferenceNow(runner: ReferenceRunner, target: string, views: RunView[], probes: string | undefined): Promise<Reference> {
  const first = views[0]?.run.settings ?? { cols: 80, rows: 24 };
  const sizes = new Set(views.map((v) => `${v.run.settings.cols}x${v.run.settings.rows}`));
  const probeIds = new Set(views.flatMap((v) => v.run.probes.map((p) => p.id)));
  const ran = await runner.run({ target, probeIds, cols: first.cols, rows: first.rows, ...(probes ? { probes } : {}) });
  const { results } = ran;
  const label = `${results.target.identity.name} ${results.target.identity.version}`;
  const notes = [`reference ${label} was run now at ${first.cols}x${first.rows} over ${ran.probes} probes`];
  if (sizes.size > 1) notes.push(`the runs compared have different sizes (${[...sizes].join(', ')}); the reference ran at the first one`);
  if (views.some((v) => v.run.corpus.hash !== ran.corpusHash)) notes.push(`the reference used the shipped corpus (${ran.corpusHash.slice(0, 19)}…), which differs from the corpus of some runs`);
  if (ran.missing > 0) notes.push(`${ran.missing} probe${ran.missing === 1 ? ' is' : 's are'} not in the shipped corpus: the reference has no answer there`);
  return { view: viewRun(`(${target}, run now)`, results), source: 'run', notes };
}
