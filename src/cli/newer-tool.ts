/**
 * A results file written by a newer termprobe is read (its answers are data
 * this one understands: the schema version is checked), but with a warning on
 * stderr naming both versions, once per file: a newer corpus or newer rules may
 * judge some answers differently.
 */
import { compareVersions } from '../classify/version-range.js';
import type { ResultsFile } from '../results/results-schema.js';
import { toolVersion } from '../util/tool-version.js';

const warned = new Set<string>();

/** The warning for this file, or undefined when it is from this termprobe or an older one. */
export function newerToolNote(file: string, run: Pick<ResultsFile, 'tool'>): string | undefined {
  const ours = toolVersion();
  if (compareVersions(run.tool.version, ours) <= 0) return undefined;
  return `warning: ${file} was written by termprobe ${run.tool.version}, newer than this termprobe ${ours}: probes or rules it knows may be judged differently here; update termprobe (npm install termprobe@latest) to read it as it was meant`;
}

/** Say it on stderr, once per file per process. */
export function warnIfNewer(file: string, run: Pick<ResultsFile, 'tool'>): void {
  const note = newerToolNote(file, run);
  if (!note || warned.has(file)) return;
  warned.add(file);
  process.stderr.write(`termprobe: ${note}\n`);
}
