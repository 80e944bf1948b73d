/**
 * The corpus versions termprobe knows: probes/corpus-history.json lists every
 * corpus that main has shipped (recorded from git by record-corpus-history.ts,
 * and again by `npm run regenerate-results` whenever the published results
 * are made with a new corpus), each with the hash of every probe in it. A
 * results file made with one of them can be judged on the probes it shares
 * with the corpus at hand (same id, same probe hash); a corpus hash in no
 * entry and not the current one comes from a newer termprobe (or was edited),
 * and is refused by `termprobe contribute`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashProbe } from './corpus-hash.js';
import type { Corpus } from './load-corpus.js';

export const CORPUS_HISTORY_FILE = fileURLToPath(new URL('../../probes/corpus-history.json', import.meta.url));

export interface KnownCorpus {
  hash: string;
  /** The main commit that first shipped it (absent for the corpus at hand when it is not recorded yet). */
  commit?: string;
  /** That commit's date (ISO 8601). */
  date?: string;
  /** Probe id → probe hash (hashProbe). */
  probes: Record<string, string>;
}

export interface CorpusHistory {
  about?: string;
  /** Oldest first. */
  corpora: KnownCorpus[];
}

export function readCorpusHistory(file = CORPUS_HISTORY_FILE): CorpusHistory {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CorpusHistory;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { corpora: [] };
    throw e;
  }
}

const known = new WeakMap<Corpus, KnownCorpus>();

/** The probe hashes of a corpus, known already (the compiled corpus holds them, made at build time by hashProbe). */
export function rememberProbeHashes(corpus: Corpus, probes: Record<string, string>): void {
  known.set(corpus, { hash: corpus.hash, probes });
}

/** The corpus at hand as a history entry (hashed once per corpus: a gate asks for it twice, at ~0.1 ms a probe). */
export function knownCorpusOf(corpus: Corpus): KnownCorpus {
  let entry = known.get(corpus);
  if (!entry || entry.hash !== corpus.hash) known.set(corpus, (entry = { hash: corpus.hash, probes: Object.fromEntries(corpus.probes.map((p) => [p.id, hashProbe(p)])) }));
  return entry;
}

/** A corpus by hash: the one at hand, or a recorded one; undefined for a hash never seen. */
export function findCorpus(hash: string, current: Corpus, history: CorpusHistory = readCorpusHistory()): KnownCorpus | undefined {
  if (hash === current.hash) return knownCorpusOf(current);
  return history.corpora.find((c) => c.hash === hash);
}

export interface SharedProbes {
  /** Probes with the same id and definition in both. */
  shared: string[];
  /** In both by id, but defined differently now: their answers are not comparable. */
  changed: string[];
  /** In the older corpus only. */
  removed: string[];
  /** In the corpus at hand only (never run by the older one). */
  added: string[];
}

export function sharedProbes(older: KnownCorpus, current: KnownCorpus): SharedProbes {
  const out: SharedProbes = { shared: [], changed: [], removed: [], added: [] };
  for (const [id, h] of Object.entries(older.probes)) {
    const now = current.probes[id];
    if (now === undefined) out.removed.push(id);
    else if (now === h) out.shared.push(id);
    else out.changed.push(id);
  }
  for (const id of Object.keys(current.probes)) if (!(id in older.probes)) out.added.push(id);
  return out;
}
