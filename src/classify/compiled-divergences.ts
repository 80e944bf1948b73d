/**
 * The shipped divergence registry, compiled at build time (`npm run build` runs this file), as the corpus is
 * (corpus/compiled-corpus.ts): dist/divergences.compiled.json holds, per YAML file of probes/divergences/, its
 * sha256 and its entries and conventions as validated, with their positions. loadDivergences uses a file's
 * compiled form only when the file on disk has exactly that hash, so an edited registry file is always parsed
 * and validated again. Parsing the YAML and validating it was 63-77 ms of every compare.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DivergenceEntryData, ReplyConventionData } from './divergence-schema.js';

const COMPILED = fileURLToPath(new URL('../divergences.compiled.json', import.meta.url));

/** An entry or convention as its file states it (after validation), with its 1-based index and its line. */
export interface Placed<T> {
  data: T;
  index: number;
  line?: number;
}

export interface CompiledRegistryFile {
  sha256: string;
  entries: Placed<DivergenceEntryData>[];
  conventions: Placed<ReplyConventionData>[];
}

type CompiledRegistry = Record<string, CompiledRegistryFile>;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The compiled form of each of these files (by name, with its text as read now); undefined when any one differs. */
export function compiledRegistryFiles(files: readonly { name: string; text: string }[], file = COMPILED): CompiledRegistryFile[] | undefined {
  let compiled: CompiledRegistry;
  try {
    compiled = JSON.parse(readFileSync(file, 'utf8')) as CompiledRegistry;
  } catch {
    return undefined;
  }
  const out: CompiledRegistryFile[] = [];
  for (const { name, text } of files) {
    const c = compiled[name];
    if (!c || c.sha256 !== sha256(text)) return undefined;
    out.push(c);
  }
  return out;
}

/** Build step: parse and validate every file of the shipped registry and write dist/divergences.compiled.json. */
export async function compileShippedRegistry(file = COMPILED): Promise<{ files: number; entries: number }> {
  const { DEFAULT_REGISTRY, parseFolderFiles } = await import('./load-divergences.js');
  const { writeFileAtomic } = await import('../util/write-file-atomic.js');
  const out: CompiledRegistry = {};
  let entries = 0;
  for (const { name, text, parsed } of parseFolderFiles(DEFAULT_REGISTRY)) {
    const strip = <T extends { index: number; line?: number; file: string; range: unknown }>({ index, line, file: _f, range: _r, ...rest }: T) => ({ index, line, rest });
    out[name] = {
      sha256: sha256(text),
      entries: parsed.entries.map((e) => {
        const { index, line, rest } = strip(e);
        const { glob: _g, answers: _a, matchesProbe: _m, ...data } = rest;
        return { data, index, line };
      }),
      conventions: parsed.conventions.map((c) => {
        const { index, line, rest } = strip(c);
        const { what: _w, ...data } = rest;
        return { data, index, line };
      }),
    };
    entries += parsed.entries.length;
  }
  writeFileAtomic(file, JSON.stringify(out) + '\n');
  return { files: Object.keys(out).length, entries };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  compileShippedRegistry().then(
    ({ files, entries }) => console.log(`compiled ${entries} divergence entries of ${files} files → dist/${basename(COMPILED)}`),
    // A broken registry file must not stop the build: the CLI reports it (one line, exit 2) when it loads the registry.
    (e: Error) => console.error(`divergence registry not compiled: ${e.message}`),
  );
}
