/**
 * Read and validate a results file. A results file is untrusted input: a
 * truncated or wrong-schema file fails with one line naming the file and what is wrong.
 */
import { BadInputError } from '../util/bad-input-error.js';
import { readFileSync } from 'node:fs';
import { jsonProblem } from './json-problem.js';
import { resultsFileSchema, RESULTS_SCHEMA_ID, type ResultsFile } from './results-schema.js';

export class ResultsFileError extends BadInputError {
  constructor(readonly file: string, readonly problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ResultsFileError';
  }
}

export function parseResults(text: string, file: string): ResultsFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError(file, jsonProblem(text, e as Error));
  }
  if (data && typeof data === 'object' && 'schema' in data && (data as { schema: unknown }).schema !== RESULTS_SCHEMA_ID) {
    throw new ResultsFileError(file, `schema is ${JSON.stringify((data as { schema: unknown }).schema)}, expected "${RESULTS_SCHEMA_ID}"`);
  }
  const parsed = resultsFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
    const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
    throw new ResultsFileError(file, `not a termprobe results file: ${path || '(top)'}: ${what}`);
  }
  return parsed.data;
}

export function readResults(file: string): ResultsFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ResultsFileError(file, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseResults(text, file);
}
