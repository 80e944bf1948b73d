/**
 * Read and validate a results file. A results file is untrusted input: a
 * truncated or wrong-schema file fails with one line naming the file and what
 * is wrong, and so does one past the limits (RESULTS_LIMITS, in the README):
 * its size is checked before it is read, its entry count before it is validated,
 * so no command spends memory or time in proportion to a file it will refuse.
 */
import { BadInputError } from '../util/bad-input-error.js';
import { readFileSync, statSync } from 'node:fs';
import { jsonProblem } from './json-problem.js';
import { issueText } from './schema-issue.js';
import { looksLikeValidResults } from './fast-results-check.js';
import { resultsFileSchema, RESULTS_SCHEMA_ID, type ResultsFile } from './results-schema.js';

export class ResultsFileError extends BadInputError {
  constructor(readonly file: string, readonly problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ResultsFileError';
  }
}

/**
 * A run of the shipped corpus (262 probes) is about 0.2 MB: the limits leave
 * room for a corpus forty times larger and for screens read cell by cell.
 */
export const RESULTS_LIMITS = { maxBytes: 16 * 1024 * 1024, maxProbes: 10_000 } as const;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Each probe once: a second entry for an id would be an answer nobody could tell from the first. */
function checkUnique(results: ResultsFile, file: string): void {
  const seen = new Map<string, number>();
  for (let i = 0; i < results.probes.length; i++) {
    const id = results.probes[i]!.id;
    const first = seen.get(id);
    if (first !== undefined) throw new ResultsFileError(file, `probe "${id}" appears twice (probes[${first}] and probes[${i}])`);
    seen.set(id, i);
  }
}

/** ' (probe "id")' when a problem lies inside a probe's entry that has an id, so the message names the probe, not only its index. */
function probeNamed(data: unknown, path: readonly PropertyKey[]): string {
  if (path[0] !== 'probes' || typeof path[1] !== 'number' || path.length < 3) return '';
  const id = ((data as { probes: unknown[] }).probes[path[1]] as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? ` (probe ${JSON.stringify(id)})` : '';
}

export function parseResults(text: string, file: string): ResultsFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError(file, jsonProblem(text, e as Error));
  }
  const entries = (data as { probes?: unknown } | null)?.probes;
  if (Array.isArray(entries) && entries.length > RESULTS_LIMITS.maxProbes) {
    throw new ResultsFileError(file, `holds ${entries.length} probe entries; a results file holds at most ${RESULTS_LIMITS.maxProbes}`);
  }
  if (data && typeof data === 'object' && 'schema' in data && (data as { schema: unknown }).schema !== RESULTS_SCHEMA_ID) {
    throw new ResultsFileError(file, `schema is ${JSON.stringify((data as { schema: unknown }).schema)}, expected "${RESULTS_SCHEMA_ID}"`);
  }
  // The hand-written check says yes for a valid file in a few milliseconds; zod (which costs some 250 ms to warm up
  // over the published files) is asked only for a file that fails it, and its message is the one given.
  if (looksLikeValidResults(data)) {
    checkUnique(data as ResultsFile, file);
    return data as ResultsFile;
  }
  const parsed = resultsFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const { path, what } = issueText(issue);
    throw new ResultsFileError(file, `not a termprobe results file: ${path}${probeNamed(data, issue.path)}: ${what}`);
  }
  checkUnique(parsed.data, file);
  return parsed.data;
}

export function readResults(file: string): ResultsFile {
  let text: string;
  try {
    const { size } = statSync(file);
    if (size > RESULTS_LIMITS.maxBytes) throw new ResultsFileError(file, `is ${mb(size)}; a results file is at most ${mb(RESULTS_LIMITS.maxBytes)}`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof ResultsFileError) throw e;
    throw new ResultsFileError(file, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseResults(text, file);
}
