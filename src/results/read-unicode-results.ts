/**
 * Reading a Unicode results file: untrusted input, validated whole; a bad one
 * fails with its name and the place. Both formats are read (termprobe-unicode/2,
 * run-length encoded, and /1, plain); in memory the answers are plain strings.
 */
import { readFileSync } from 'node:fs';
import { BadInputError } from '../util/bad-input-error.js';
import { decodeAnswers, encodeAnswers } from './unicode-answers-rle.js';
import { unicodeResultsSchema, unicodeResultsSchemaV1, UNICODE_RESULTS_SCHEMA_ID, UNICODE_RESULTS_SCHEMA_V1, type UnicodeResults } from './unicode-results-schema.js';

/** No suite this termprobe could know has more items than this: a file claiming more is refused before its answers are expanded. */
const MAX_ITEMS = 1_000_000;

export function readUnicodeResults(file: string): UnicodeResults {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new BadInputError(`${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new BadInputError(`${file}: not JSON (${(e as Error).message})`);
  }
  const schema = (data as { schema?: unknown } | null)?.schema;
  if (schema !== UNICODE_RESULTS_SCHEMA_ID && schema !== UNICODE_RESULTS_SCHEMA_V1) {
    throw new BadInputError(`${file}: not a Unicode results file (schema is ${JSON.stringify(schema)}, not "${UNICODE_RESULTS_SCHEMA_ID}"); these come from \`termprobe run --suite unicode\``);
  }
  const parsed = (schema === UNICODE_RESULTS_SCHEMA_ID ? unicodeResultsSchema : unicodeResultsSchemaV1).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadInputError(`${file}: at ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const r = parsed.data as UnicodeResults;
  if (r.suite.items > MAX_ITEMS) throw new BadInputError(`${file}: at suite.items: ${r.suite.items} items, more than any width suite has (${MAX_ITEMS})`);
  for (const pass of ['off', 'on'] as const) {
    const plain = schema === UNICODE_RESULTS_SCHEMA_ID ? decodeAnswers(r.answers[pass], r.suite.items) : r.answers[pass];
    if (plain === undefined || plain.length !== r.suite.items) throw new BadInputError(`${file}: at answers.${pass}: ${plain === undefined ? `more than ${r.suite.items}` : plain.length} answers for a suite of ${r.suite.items} items`);
    r.answers[pass] = plain;
  }
  return r;
}

/** The file's text: answers run-length encoded, one field a line at the top. */
export function serializeUnicodeResults(results: UnicodeResults): string {
  const onDisk = { ...results, schema: UNICODE_RESULTS_SCHEMA_ID, answers: { off: encodeAnswers(results.answers.off), on: encodeAnswers(results.answers.on) } };
  return JSON.stringify(onDisk, null, 1) + '\n';
}
