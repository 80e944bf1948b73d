/**
 * `termprobe diff` when its files are speed files (results/speed/): the figures
 * that changed beyond their spread (report/speed-diff.ts). Exit 0 none, 1 some,
 * 2 when a file is unreadable, not a speed file while the other is, or the two
 * measured different payloads.
 */
import { readFileSync, statSync } from 'node:fs';
import { readSpeedResults, SPEED_FILE_MAX_BYTES } from '../results/read-speed-results.js';
import { SPEED_RESULTS_SCHEMA_ID } from '../results/speed-results-schema.js';
import { diffSpeed, SPEED_DIFF_RENDERERS, speedDiffExitCode } from '../report/speed-diff.js';
import type { Format } from '../report/output-formats.js';
import { BadInputError } from '../util/bad-input-error.js';
import { writeOut } from './write-out.js';

/** Whether a file says it is a speed file (its schema field); unreadable, too large or not JSON: not one (the results reader says why). */
function saysSpeed(file: string): boolean {
  try {
    if (statSync(file).size > SPEED_FILE_MAX_BYTES) return false;
    const head = readFileSync(file, 'utf8');
    return head.includes(SPEED_RESULTS_SCHEMA_ID) && (JSON.parse(head) as { schema?: unknown } | null)?.schema === SPEED_RESULTS_SCHEMA_ID;
  } catch {
    return false;
  }
}

/** Diff two speed files and return true; false when neither is one (the caller diffs results files). */
export async function diffIfSpeed(a: string, b: string, format: Format): Promise<boolean> {
  const [sa, sb] = [saysSpeed(a), saysSpeed(b)];
  if (!sa && !sb) return false;
  if (sa !== sb) throw new BadInputError(`${sa ? b : a} is not a speed results file, but ${sa ? a : b} is: diff compares two speed files, or two results files`);
  const diff = diffSpeed(a, readSpeedResults(a), b, readSpeedResults(b));
  writeOut(SPEED_DIFF_RENDERERS[format](diff));
  process.exitCode = speedDiffExitCode(diff);
  return true;
}
