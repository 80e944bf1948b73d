/**
 * The reference every answer is compared with: a results file (a path), one of
 * the runs given (by target name), or an embedded target run now, at the same
 * size and over the same probes as the runs being compared.
 */
import { BadInputError } from '../util/bad-input-error.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readResults } from '../results/read-results.js';
import { isTargetName, TARGETS } from '../targets/registry.js';
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

export interface ReferenceOptions {
  /** Probe folder for a run made now (default: the shipped corpus). */
  probes?: string;
}

function looksLikePath(spec: string): boolean {
  return spec.endsWith('.json') || spec.includes('/') || existsSync(spec);
}

export async function chooseReference(spec: string, views: RunView[], opts: ReferenceOptions = {}): Promise<Reference> {
  if (looksLikePath(spec)) {
    const given = views.find((v) => resolve(v.file) === resolve(spec));
    if (given) return { view: given, source: 'given', notes: [] };
    return { view: viewRun(spec, readResults(spec)), source: 'file', notes: [] };
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
  if (!isTargetName(spec)) {
    const seen = [...new Set(views.map((v) => v.targetId))].join(', ');
    throw new ReferenceChoiceError(`reference "${spec}" is not a results file, not among the runs given (${seen || 'none'}), and not a target (${Object.keys(TARGETS).join(', ')})`);
  }
  return runReferenceNow(spec, views, opts);
}

async function runReferenceNow(target: string, views: RunView[], opts: ReferenceOptions): Promise<Reference> {
  const [{ loadCorpus }, { runTarget }] = await Promise.all([import('../corpus/load-corpus.js'), import('../engine/run-target.js')]);
  const corpus = await loadCorpus(opts.probes);
  const notes: string[] = [];
  const wanted = new Set(views.flatMap((v) => v.run.probes.map((p) => p.id)));
  const probes = corpus.probes.filter((p) => wanted.has(p.id));
  const missing = [...wanted].filter((id) => !corpus.byId.has(id)).length;
  const first = views[0]?.run.settings ?? { cols: 80, rows: 24 };
  const sizes = new Set(views.map((v) => `${v.run.settings.cols}x${v.run.settings.rows}`));
  const { results } = await runTarget(target, corpus, probes, { cols: first.cols, rows: first.rows });
  const label = `${results.target.identity.name} ${results.target.identity.version}`;
  notes.push(`reference ${label} was run now at ${first.cols}x${first.rows} over ${probes.length} probes`);
  if (sizes.size > 1) notes.push(`the runs compared have different sizes (${[...sizes].join(', ')}); the reference ran at the first one`);
  if (views.some((v) => v.run.corpus.hash !== corpus.hash)) notes.push(`the reference used the shipped corpus (${corpus.hash.slice(0, 19)}…), which differs from the corpus of some runs`);
  if (missing > 0) notes.push(`${missing} probe${missing === 1 ? ' is' : 's are'} not in the shipped corpus: the reference has no answer there`);
  return { view: viewRun(`(${target}, run now)`, results), source: 'run', notes };
}
