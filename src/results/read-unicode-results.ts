/** Reading a Unicode results file: untrusted input, validated whole; a bad one fails with its name and the place. */
import { readFileSync } from 'node:fs';
import { BadInputError } from '../util/bad-input-error.js';
import { unicodeResultsSchema, UNICODE_RESULTS_SCHEMA_ID, type UnicodeResults } from './unicode-results-schema.js';

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
  if (schema !== UNICODE_RESULTS_SCHEMA_ID) throw new BadInputError(`${file}: not a Unicode results file (schema is ${JSON.stringify(schema)}, not "${UNICODE_RESULTS_SCHEMA_ID}"); these come from \`termprobe run --suite unicode\``);
  const parsed = unicodeResultsSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadInputError(`${file}: at ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const r = parsed.data;
  for (const pass of ['off', 'on'] as const) {
    if (r.answers[pass].length !== r.suite.items) throw new BadInputError(`${file}: at answers.${pass}: ${r.answers[pass].length} answers for a suite of ${r.suite.items} items`);
  }
  return r;
}
