/**
 * Results files against the corpus at hand: probe ids it does not know (a
 * file from another corpus version, or not from termprobe at all) are
 * reported per file as a count with a few examples, one line each, never
 * listed in full.
 */
import { viewRun, type RunView } from '../classify/run-view.js';
import { findCorpus, knownCorpusOf, readCorpusHistory, sharedProbes } from '../corpus/corpus-history.js';
import { loadCorpus, type Corpus } from '../corpus/load-corpus.js';
import { plural } from '../util/plural.js';

const EXAMPLES = 3;

export function unknownProbeNote(file: string, ids: readonly string[], known: ReadonlyMap<string, unknown>): string | undefined {
  let count = 0;
  const examples: string[] = [];
  for (const id of ids) {
    if (known.has(id)) continue;
    count++;
    if (examples.length < EXAMPLES) examples.push(id);
  }
  if (count === 0) return undefined;
  const more = count > examples.length ? ', …' : '';
  return `${file}: ${plural(count, 'probe id')} of ${ids.length} ${count === 1 ? 'is' : 'are'} not in the corpus at hand (${examples.join(', ')}${more}); ${count === 1 ? 'it has' : 'they have'} no bytes or title here`;
}

/** One stderr note per file with unknown ids; a corpus that does not load is the command's own business, so it is skipped here. */
export async function noteUnknownProbes(runs: readonly { file: string; run: { probes: readonly { id: string }[] } }[], probesDir?: string): Promise<void> {
  let known: ReadonlyMap<string, unknown>;
  try {
    known = (await loadCorpus(probesDir)).byId;
  } catch {
    return;
  }
  for (const { file, run } of runs) {
    const note = unknownProbeNote(file, run.probes.map((p) => p.id), known);
    if (note) process.stderr.write(`termprobe: note: ${note}\n`);
  }
}

/**
 * Runs of an earlier corpus (one probes/corpus-history.json knows) are judged
 * on the probes both share: a probe that now sends or asks something else
 * (same id, another measurement hash) is left out of that run — its answer was
 * to other bytes — and a note says how many. Runs of the corpus at hand, or of
 * one not known, are kept as they are (the latter matched by id, as before).
 */
export function alignToCorpus(views: RunView[], corpus: Corpus, notes: string[] = []): RunView[] {
  if (views.every((v) => v.run.corpus.hash === corpus.hash)) return views;
  const history = readCorpusHistory();
  const current = knownCorpusOf(corpus);
  // One note per earlier corpus and change, naming its files: not the same line once per file.
  const byChange = new Map<string, { files: string[]; older: string; left: number; changed: string[]; kept: number }>();
  const changedSince = new Map<string, { changed: string[]; drop: Set<string> }>();
  const aligned = views.map((v) => {
    if (v.run.corpus.hash === corpus.hash) return v;
    const older = findCorpus(v.run.corpus.hash, corpus, history);
    if (!older) return v;
    // Once per earlier corpus, not per file: the 28 published files come from 3.
    let since = changedSince.get(older.hash);
    if (!since) {
      const { changed } = sharedProbes(older, current);
      changedSince.set(older.hash, (since = { changed, drop: new Set(changed) }));
    }
    const { changed, drop } = since;
    if (changed.length === 0) return v;
    const kept = v.run.probes.filter((p) => !drop.has(p.id));
    if (kept.length === v.run.probes.length) return v;
    const key = `${older.hash} ${v.run.probes.length - kept.length} ${kept.length}`;
    let group = byChange.get(key);
    if (!group) byChange.set(key, (group = { files: [], older: older.hash, left: v.run.probes.length - kept.length, changed, kept: kept.length }));
    group.files.push(v.file);
    return viewRun(v.file, { ...v.run, probes: kept });
  });
  for (const g of byChange.values()) {
    const who = g.files.length === 1 ? g.files[0]! : `${g.files.length} files (${g.files.slice(0, 2).join(', ')}${g.files.length > 2 ? ', …' : ''})`;
    notes.push(`${who}: made with an earlier corpus (${g.older.slice(0, 19)}…); ${plural(g.left, 'probe')} changed since (${g.changed.slice(0, EXAMPLES).join(', ')}${g.changed.length > EXAMPLES ? ', …' : ''}) left out, compared on the ${g.kept} ${g.files.length === 1 ? 'it shares' : 'they share'}`);
  }
  return aligned;
}

/** Unknown-probe notes and alignment to the corpus at hand, for compare and site; notes on stderr unless quiet. */
export async function checkRunsAgainstCorpus(views: RunView[], probesDir?: string, quiet = false): Promise<RunView[]> {
  if (!quiet) await noteUnknownProbes(views, probesDir);
  let corpus: Corpus;
  try {
    corpus = await loadCorpus(probesDir);
  } catch {
    return views;
  }
  const notes: string[] = [];
  const aligned = alignToCorpus(views, corpus, notes);
  if (!quiet) for (const n of notes) process.stderr.write(`termprobe: note: ${n}\n`);
  return aligned;
}
