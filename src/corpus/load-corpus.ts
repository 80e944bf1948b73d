/**
 * Load the probe corpus. The shipped corpus is compiled at build time
 * (compiled-corpus.ts) and loads without YAML or the schemas; anything else
 * is parsed and validated (parse-corpus.ts, imported only then).
 */
import { fileURLToPath } from 'node:url';
import { readCompiledCorpus } from './compiled-corpus.js';
import type { Probe } from './probe-schema.js';

export const DEFAULT_PROBES_DIR = fileURLToPath(new URL('../../probes/', import.meta.url));

export interface Corpus {
  dir: string;
  probes: Probe[];
  byId: Map<string, Probe>;
  categories: string[];
  /** sha256 over the canonical JSON of every probe, sorted by id. */
  hash: string;
}

/**
 * Load the corpus. When the shipped corpus's files are byte for byte the ones
 * compiled, the compiled copy is used: no YAML is parsed and neither the YAML
 * packages nor zod are loaded (zod alone took 90 ms and 4 MB of heap at start-up).
 * Any edit falls back to parsing and validating the files.
 */
export async function loadCorpus(dir: string = DEFAULT_PROBES_DIR): Promise<Corpus> {
  const compiled = readCompiledCorpus(dir);
  if (compiled) return compiled;
  const { parseCorpus } = await import('./parse-corpus.js');
  return parseCorpus(dir);
}
