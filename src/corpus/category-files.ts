/**
 * Which files of a probes folder are category files: every *.yaml but the
 * divergence registry. Parsing and the compiled corpus's freshness check must
 * agree on this, so both ask here (and it loads nothing heavy).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CorpusError } from './corpus-error.js';

const NOT_CATEGORY_FILES = new Set(['divergences.yaml']);

/** The category files of `dir`, sorted, as paths. */
export function categoryFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new CorpusError(dir, 'the probes folder cannot be read');
  }
  return names.filter((n) => n.endsWith('.yaml') && !NOT_CATEGORY_FILES.has(n)).sort().map((n) => join(dir, n));
}
