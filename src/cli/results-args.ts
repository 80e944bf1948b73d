/**
 * Where results are, by default, and reading them. One rule (README, "Where
 * results go"): the bare command and `run` write to termprobe-results/ in the
 * current folder; compare, site, triage and explain read termprobe-results/*.json
 * when it holds any, else results/*.json (the published runs, in a clone).
 * `check` always checks against results/: the registry is about the published runs.
 * The file rules and the readers that load no zod are read-runs.ts's.
 */
import type { RunView } from '../classify/run-view.js';
import { readResults } from '../results/read-results.js';
import { keptRuns, requiredRunFiles, runOf } from './read-runs.js';
import { PUBLISHED_RESULTS_DIR } from './results-dirs.js';

export { jsonIn } from './json-files.js';
export { OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR } from './results-dirs.js';
export { defaultRunFiles, resultsFiles } from './read-runs.js';
/** What `check` reads by default. */
export const DEFAULT_RESULTS_DIR = PUBLISHED_RESULTS_DIR;

export function loadRuns(files: string[]): RunView[] {
  return files.map((f) => runOf(f, readResults(f)));
}

/**
 * Files given, or the default folders'; a usage error when there are none.
 * From the default folders, each terminal's newest version only (see
 * newest-versions.ts), unless allVersions; files named are all kept.
 */
export function requireRuns(args: string[] | undefined, opts: { allVersions?: boolean } = {}): RunView[] {
  return keptRuns(loadRuns(requiredRunFiles(args)), args, opts);
}
