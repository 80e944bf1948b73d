/**
 * Append one entry to the divergence registry as text (comments and layout of
 * the rest stay as they are), then re-read the whole file: the result must
 * validate and hold the new entry last, or nothing is written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dumpYaml } from '../util/yaml-lines.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { DivergenceFileError } from './divergence-error.js';
import { divergenceEntrySchema, type DivergenceEntryInput } from './divergence-schema.js';
import { parseDivergences, type DivergenceEntry } from './load-divergences.js';

const NEW_FILE = `# Registry entries: see probes/divergences/README.md in termprobe for the fields and classes.
divergences:
`;

/** Check an entry on its own first, so the message names the field, not a line in the file. */
export function validateEntry(entry: DivergenceEntryInput, file: string): void {
  const parsed = divergenceEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DivergenceFileError(file, `${issue.path.join('.')}: ${issue.message}`, 'new entry');
  }
}

export function appendDivergence(path: string, shown: string, entry: DivergenceEntryInput): DivergenceEntry {
  validateEntry(entry, shown);
  let text = existsSync(path) ? readFileSync(path, 'utf8') : NEW_FILE;
  const before = parseDivergences(text, shown).entries.length;
  text = text.replace(/^divergences:\s*\[\]\s*$/m, 'divergences:');
  const indent = /^([ \t]*)- probe:/m.exec(text)?.[1] ?? '  ';
  const item = dumpYaml([entry])
    .trimEnd()
    .split('\n')
    .map((l) => indent + l)
    .join('\n');
  const next = `${text.replace(/\s*$/, '\n')}${item}\n`;
  const after = parseDivergences(next, shown);
  const added = after.entries[after.entries.length - 1];
  if (after.entries.length !== before + 1 || !added || added.probe !== entry.probe || added.target !== entry.target) {
    throw new DivergenceFileError(shown, `could not append the entry safely; add it by hand:\n${item}`);
  }
  writeFileAtomic(path, next);
  return added;
}
