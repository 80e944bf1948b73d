/**
 * Read and validate a results file. A results file is untrusted input: a
 * truncated or wrong-schema file fails with one line naming the file and what
 * is wrong, and so does one past the limits (RESULTS_LIMITS, in the README):
 * its size is checked before it is read, its entry count before it is validated,
 * so no command spends memory or time in proportion to a file it will refuse.
 * The reading and the hand-written check are read-results-lazily.ts's (which
 * loads this module, and zod, only for a file that check refuses).
 */
import { acceptedResults, checkUnique, parseResultsJson, readResultsText, ResultsFileError } from './read-results-lazily.js';
import { issueText } from './schema-issue.js';
import { resultsFileSchema, type ResultsFile } from './results-schema.js';

export { RESULTS_LIMITS, ResultsFileError } from './read-results-lazily.js';

/** ' (probe "id")' when a problem lies inside a probe's entry that has an id, so the message names the probe, not only its index. */
function probeNamed(data: unknown, path: readonly PropertyKey[]): string {
  if (path[0] !== 'probes' || typeof path[1] !== 'number' || path.length < 3) return '';
  const id = ((data as { probes: unknown[] }).probes[path[1]] as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? ` (probe ${JSON.stringify(id)})` : '';
}

/** Parsed JSON that the hand-written check refused, through zod: its first issue is the message. */
export function schemaChecked(data: unknown, file: string): ResultsFile {
  const parsed = resultsFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const { path, what } = issueText(issue);
    throw new ResultsFileError(file, `not a termprobe results file: ${path}${probeNamed(data, issue.path)}: ${what}`);
  }
  return checkUnique(parsed.data, file);
}

export function parseResults(text: string, file: string): ResultsFile {
  const data = parseResultsJson(text, file);
  // The hand-written check says yes for a valid file in a few milliseconds; zod (which costs some 250 ms to warm up
  // over the published files) is asked only for a file that fails it, and its message is the one given.
  return acceptedResults(data, file) ?? schemaChecked(data, file);
}

export function readResults(file: string): ResultsFile {
  return parseResults(readResultsText(file), file);
}
