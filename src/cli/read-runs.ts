/**
 * Which results files a command reads, and reading them as runs without loading
 * zod (read-results-lazily.ts: the schema is imported only for a file the
 * hand-written check refuses). The rule for the default files is in
 * results-args.ts, which re-exports these beside its synchronous readers.
 */
import { resolve } from 'node:path';
import { newestVersions } from '../classify/newest-versions.js';
import { viewRun, type RunView } from '../classify/run-view.js';
import type { ResultsFile } from '../results/results-schema.js';
import { readResultsLazily } from '../results/read-results-lazily.js';
import { UsageError } from './errors.js';
import { expandFolders, jsonIn } from './json-files.js';
import { warnIfNewer } from './newer-tool.js';
import { CONTRIBUTED_RESULTS_DIR, OWN_RESULTS_DIR, PUBLISHED_RESULTS_DIR } from './results-dirs.js';

/** Files as given; a folder stands for the *.json files in it (e.g. the results of each CI platform). */
function unique(args: string[]): string[] {
  const seen = new Set<string>();
  return expandFolders(args).filter((f) => !seen.has(resolve(f)) && seen.add(resolve(f)));
}

/** The files named, or results/*.json (for `check`). */
export function resultsFiles(args: string[] | undefined): string[] {
  return args && args.length > 0 ? unique(args) : jsonIn(PUBLISHED_RESULTS_DIR);
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

/** A file read as a run (with the warning for one from a newer termprobe). */
export function runOf(file: string, run: ResultsFile): RunView {
  warnIfNewer(file, run);
  return viewRun(file, run);
}

/** The files requireRuns reads: named, or the default folders'; a usage error when there are none. */
export function requiredRunFiles(args: string[] | undefined): string[] {
  const files = defaultRunFiles(args);
  if (files.length === 0) {
    throw new UsageError(`no results files given, and neither ${OWN_RESULTS_DIR}/ nor ${PUBLISHED_RESULTS_DIR}/ holds any; run \`termprobe\` or \`termprobe run\` first, or name the files`);
  }
  return files;
}

/** From the default folders, each terminal's newest version only (see newest-versions.ts), unless allVersions; files named are all kept. */
export function keptRuns(views: RunView[], args: string[] | undefined, opts: { allVersions?: boolean }): RunView[] {
  return opts.allVersions || (args && args.length > 0) ? views : newestVersions(views).shown;
}

/** As loadRuns (results-args.ts), without loading zod for files that pass the hand-written check. */
export async function loadRunsLazily(files: string[]): Promise<RunView[]> {
  const views: RunView[] = [];
  for (const f of files) views.push(runOf(f, await readResultsLazily(f)));
  return views;
}

/** As requireRuns (results-args.ts), without loading zod for files that pass the hand-written check. */
export async function requireRunsLazily(args: string[] | undefined, opts: { allVersions?: boolean } = {}): Promise<RunView[]> {
  return keptRuns(await loadRunsLazily(requiredRunFiles(args)), args, opts);
}
