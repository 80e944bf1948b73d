/**
 * The shipped corpus, compiled at build time (`npm run build` runs this file):
 * dist/corpus.compiled.json holds the validated probes and the sha256 of every
 * probe file they came from, and the bytes of every probe that does not depend
 * on the terminal's size. loadCorpus uses it only when the files on disk are
 * exactly those, so an edited probe file is always parsed and validated again.
 * Every command loads the corpus, and YAML parsing was the largest part of it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Corpus } from './load-corpus.js';
import type { Probe } from './probe-schema.js';
import { categoryFiles } from './category-files.js';
import { hashProbe } from './corpus-hash.js';
import { rememberProbeHashes } from './corpus-history.js';
import { rememberWires, sizeIndependentWires, type ProbeWires } from './probe-wires.js';
import { shownPath } from './shown-path.js';

const COMPILED = fileURLToPath(new URL('../corpus.compiled.json', import.meta.url));
const SHIPPED = fileURLToPath(new URL('../../probes/', import.meta.url));

interface CompiledCorpus {
  files: Record<string, string>;
  categories: string[];
  hash: string;
  probes: Omit<Probe, 'file'>[];
  /** By probe id: the bytes of `send` and `cleanup` as wires, where they do not depend on the size. */
  wires: Record<string, ProbeWires>;
  /** By probe id: its measurement hash (hashProbe), which compare and site need for runs of an earlier corpus. */
  probeHashes?: Record<string, string>;
}

function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of categoryFiles(dir)) out[basename(file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  return out;
}

/**
 * The compiled corpus read last, by the file it was read from: compare asked for it three times (its corpus check
 * twice, the probe lookup once). Each call still hashes the probe files, so an edit is seen; only the parse is kept.
 */
let lastRead: { file: string; dir: string; cwd: string; files: Record<string, string>; corpus: Corpus } | undefined;

/** The compiled corpus, when `dir` is the shipped probes folder and its files are unchanged; otherwise null. */
export function readCompiledCorpus(dir: string, where: { compiled?: string; shipped?: string } = {}): Corpus | null {
  if (resolve(dir) !== resolve(where.shipped ?? SHIPPED)) return null;
  const file = where.compiled ?? COMPILED;
  let compiled: CompiledCorpus;
  try {
    const now = fileHashes(dir);
    const same = (files: Record<string, string>) => {
      const names = Object.keys(now);
      return names.length === Object.keys(files).length && names.every((n) => files[n] === now[n]);
    };
    // The same files as the copy read last (a probe's `file` is shown relative to the working folder): that copy.
    if (lastRead && lastRead.file === file && lastRead.dir === dir && lastRead.cwd === process.cwd() && same(lastRead.files)) return lastRead.corpus;
    compiled = JSON.parse(readFileSync(file, 'utf8')) as CompiledCorpus;
    if (!same(compiled.files)) return null;
  } catch {
    return null;
  }
  // One shown path per category file, not per probe (path.relative for each of 1,113 probes was ~20 ms of every command).
  const shown = new Map<string, string>();
  const fileOf = (category: string): string => {
    let f = shown.get(category);
    if (f === undefined) shown.set(category, (f = shownPath(join(dir, `${category}.yaml`))));
    return f;
  };
  const probes: Probe[] = compiled.probes.map((p) => ({ ...p, file: fileOf(p.category) }) as Probe);
  for (const probe of probes) {
    const wires = compiled.wires?.[probe.id];
    if (wires) rememberWires(probe, wires);
  }
  const corpus: Corpus = { dir, probes, byId: new Map(probes.map((p) => [p.id, p])), categories: compiled.categories, hash: compiled.hash };
  if (compiled.probeHashes) rememberProbeHashes(corpus, compiled.probeHashes);
  lastRead = { file, dir, cwd: process.cwd(), files: compiled.files, corpus };
  return corpus;
}

/** Build step: parse and validate the shipped corpus and write dist/corpus.compiled.json. */
export async function compileShippedCorpus(dir = SHIPPED, file = COMPILED): Promise<{ file: string; probes: number }> {
  const { parseCorpus } = await import('./parse-corpus.js');
  const { writeFileAtomic } = await import('../util/write-file-atomic.js');
  const corpus = parseCorpus(dir);
  const compiled: CompiledCorpus = {
    files: fileHashes(dir),
    categories: corpus.categories,
    hash: corpus.hash,
    probes: corpus.probes.map(({ file: _file, ...rest }) => rest),
    wires: {},
    probeHashes: {},
  };
  for (const probe of corpus.probes) {
    const wires = sizeIndependentWires(probe);
    if (wires) compiled.wires[probe.id] = wires;
    compiled.probeHashes![probe.id] = hashProbe(probe);
  }
  writeFileAtomic(file, JSON.stringify(compiled) + '\n');
  return { file, probes: corpus.probes.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  compileShippedCorpus().then(
    ({ probes }) => console.log(`compiled ${probes} probes → dist/${basename(COMPILED)}`),
    (e: Error) => {
      // A broken probe file must not stop the build: the CLI reports it (one line, exit 2) when it loads the corpus.
      console.error(`corpus not compiled: ${e.message}`);
    },
  );
}
