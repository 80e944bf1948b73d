/**
 * Reading a results file without loading zod. A file the hand-written check
 * (fast-results-check.ts) accepts needs no schema library; one it refuses is
 * handed to read-results.ts, imported then, whose zod message names the field.
 * zod and the results schema cost about 80 ms of CPU at every start of compare,
 * which reads only valid files in the common case. The limits and the error
 * are the ones read-results.ts exports (it re-exports them from here).
 */
import { readFileSync, statSync } from 'node:fs';
import { BadInputError } from '../util/bad-input-error.js';
import { looksLikeValidResults } from './fast-results-check.js';
import { jsonProblem } from './json-problem.js';
import { RESULTS_SCHEMA_ID } from './results-constants.js';
import type { ResultsFile } from './results-schema.js';

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

/** The file's text; its size is checked before it is read. */
export function readResultsText(file: string): string {
  try {
    const { size } = statSync(file);
    if (size > RESULTS_LIMITS.maxBytes) throw new ResultsFileError(file, `is ${mb(size)}; a results file is at most ${mb(RESULTS_LIMITS.maxBytes)}`);
    return readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof ResultsFileError) throw e;
    throw new ResultsFileError(file, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** The JSON, its entry count checked before anything validates it, and its schema id. */
export function parseResultsJson(text: string, file: string): unknown {
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
  return data;
}

/** Each probe once: a second entry for an id would be an answer nobody could tell from the first. */
export function checkUnique(results: ResultsFile, file: string): ResultsFile {
  const seen = new Map<string, number>();
  for (let i = 0; i < results.probes.length; i++) {
    const id = results.probes[i]!.id;
    const first = seen.get(id);
    if (first !== undefined) throw new ResultsFileError(file, `probe "${id}" appears twice (probes[${first}] and probes[${i}])`);
    seen.set(id, i);
  }
  return results;
}

/** The results when the hand-written check accepts them (each probe once); undefined: ask the schema why not. */
export function acceptedResults(data: unknown, file: string): ResultsFile | undefined {
  return looksLikeValidResults(data) ? checkUnique(data as ResultsFile, file) : undefined;
}

/** As readResults (read-results.ts), loading zod only for a file the hand-written check refuses. */
export async function readResultsLazily(file: string): Promise<ResultsFile> {
  const data = parseResultsJson(readResultsText(file), file);
  return acceptedResults(data, file) ?? (await import('./read-results.js')).schemaChecked(data, file);
}
