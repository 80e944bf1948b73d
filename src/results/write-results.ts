/**
 * Write a results file atomically (see util/write-file-atomic.ts), and the
 * file names results go under.
 */
import { writeFileAtomic } from '../util/write-file-atomic.js';
import type { ResultsFile } from './results-schema.js';

export function serializeResults(results: ResultsFile): string {
  return JSON.stringify(results, null, 2) + '\n';
}

export function writeResults(path: string, results: ResultsFile): void {
  writeFileAtomic(path, serializeResults(results));
}

const clean = (s: string) => s.replace(/[^A-Za-z0-9._+-]+/g, '-').replace(/^-+|-+$/g, '') || 'unknown';

/** A file name safe for any file system: "xterm.js-6.0.0.json", "tmux-3.3a.json". */
export function resultsFileName(name: string, version: string): string {
  return `${clean(name)}-${clean(version)}.json`;
}

/**
 * The file name of one run: the terminal's name and version, "self-" first for
 * the terminal termprobe ran in (so it never takes the name of a `run --target`
 * of the same terminal), and the settings given with --option last
 * ("xterm.js-6.0.0-unicode-6.json"), so a run with other settings never
 * replaces the default one.
 */
export function resultsFileFor(results: Pick<ResultsFile, 'target'>, options: Record<string, string> = {}): string {
  const { name, version } = results.target.identity;
  // A terminal given by command (`x11:…`, `stdio:…`) is named with its kind first, so it never replaces the registry's run of the same terminal.
  const kind = /^(x11|wayland|stdio):/.exec(results.target.id)?.[1];
  const base = resultsFileName(results.target.id === 'self' ? `self-${name}` : kind ? `${kind}-${name}` : name, version).slice(0, -'.json'.length);
  const suffix = Object.keys(options).sort().map((k) => `-${clean(k)}-${clean(options[k]!)}`).join('');
  return `${base}${suffix}.json`;
}
