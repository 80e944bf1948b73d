/**
 * Where results are, by default, and reading them. One rule (README, "Where
 * results go"): the bare command and `run` write to termprobe-results/ in the
 * current folder; compare, site, triage and explain read termprobe-results/*.json
 * when it holds any, else results/*.json (the published runs, in a clone).
 * `check` always checks against results/: the registry is about the published runs.
 */
import { resolve } from 'node:path';
import { viewRun, type RunView } from '../classify/run-view.js';
import { readResults } from '../results/read-results.js';
import { UsageError } from './errors.js';
import { expandFolders, jsonIn } from './json-files.js';
import { warnIfNewer } from './newer-tool.js';

import { newestVersions } from '../classify/newest-versions.js';
import { CONTRIBUTED_RESULTS_DIR, OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR } from './results-dirs.js';

export { jsonIn, OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR };
/** What `check` reads by default. */
export const DEFAULT_RESULTS_DIR = PUBLISHED_RESULTS_DIR;

/** Files as given; a folder stands for the *.json files in it (e.g. the results of each CI platform). */
function unique(args: string[]): string[] {
  const seen = new Set<string>();
  return expandFolders(args).filter((f) => !seen.has(resolve(f)) && seen.add(resolve(f)));
}

/** The files named, or results/*.json (for `check`). */
export function resultsFiles(args: string[] | undefined): string[] {
  return args && args.length > 0 ? unique(args) : jsonIn(DEFAULT_RESULTS_DIR);
}

/**
 * The files named, or termprobe-results/*.json when it holds any, else the
 * published runs: results/*.json, then the contributed ones
 * (results/contributed/*.json). The version histories (results/history/, run
 * with each release's own settings) are read by `termprobe history` and the site.
 */
export function defaultRunFiles(args: string[] | undefined): string[] {
  if (args && args.length > 0) return unique(args);
  const own = jsonIn(OWN_RESULTS_DIR);
  return own.length > 0 ? own : [...jsonIn(PUBLISHED_RESULTS_DIR), ...jsonIn(CONTRIBUTED_RESULTS_DIR)];
}

export function loadRuns(files: string[]): RunView[] {
  return files.map((f) => {
    const run = readResults(f);
    warnIfNewer(f, run);
    return viewRun(f, run);
  });
}

/**
 * Files given, or the default folders'; a usage error when there are none.
 * From the default folders, each terminal's newest version only (see
 * newest-versions.ts), unless allVersions; files named are all kept.
 */
export function requireRuns(args: string[] | undefined, opts: { allVersions?: boolean } = {}): RunView[] {
  const files = defaultRunFiles(args);
  if (files.length === 0) {
    throw new UsageError(`no results files given, and neither ${OWN_RESULTS_DIR}/ nor ${PUBLISHED_RESULTS_DIR}/ holds any; run \`termprobe\` or \`termprobe run\` first, or name the files`);
  }
  const views = loadRuns(files);
  return opts.allVersions || (args && args.length > 0) ? views : newestVersions(views).shown;
}
