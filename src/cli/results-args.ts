/** Results files from the command line, or results/*.json when none are given; read and validated once. */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { viewRun, type RunView } from '../classify/run-view.js';
import { readResults } from '../results/read-results.js';
import { UsageError } from './errors.js';

export const DEFAULT_RESULTS_DIR = 'results';

export function resultsFiles(args: string[] | undefined): string[] {
  if (args && args.length > 0) {
    const seen = new Set<string>();
    return args.filter((f) => !seen.has(resolve(f)) && seen.add(resolve(f)));
  }
  let names: string[] = [];
  try {
    names = readdirSync(DEFAULT_RESULTS_DIR).filter((n) => n.endsWith('.json')).sort();
  } catch {
    // no results folder: same as an empty one
  }
  return names.map((n) => join(DEFAULT_RESULTS_DIR, n));
}

export function loadRuns(files: string[]): RunView[] {
  return files.map((f) => viewRun(f, readResults(f)));
}

/** Files given, or results/*.json; a usage error when there are none. */
export function requireRuns(args: string[] | undefined): RunView[] {
  const files = resultsFiles(args);
  if (files.length === 0) throw new UsageError(`no results files given and ${DEFAULT_RESULTS_DIR}/*.json matches none; run \`termprobe run\` first or name the files`);
  return loadRuns(files);
}
