/**
 * Which probes a gate runs, and which of them the committed answers speak for.
 *
 * `corpus: latest` runs the corpus at hand; `corpus: sha256:…` only the probes of
 * that corpus (the one at hand or one in probes/corpus-history.json) still
 * measured the same way, so a newer termprobe adds nothing to the gate until the
 * profile says so. Either way the profile's `skip` probes are left out.
 *
 * A committed answer speaks for a probe when the answers were made with a corpus
 * whose measurement of it (bytes, queries, region, size, cleanup) is the one at
 * hand; a probe new since, or measured differently since, is new: reported
 * apart, failing only with --strict.
 */
import { findCorpus, knownCorpusOf, type CorpusHistory } from '../corpus/corpus-history.js';
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import type { ResultsFile } from '../results/results-schema.js';
import { plural } from '../util/plural.js';
import { GateProfileError, type GateProfile } from './gate-profile.js';

export interface GatePlan {
  probes: Probe[];
  comparable(id: string): true | string;
  notes: string[];
}

const short = (hash: string) => `${hash.slice(0, 19)}…`;

export function gatePlan(profile: GateProfile, corpus: Corpus, committed: ResultsFile, history?: CorpusHistory): GatePlan {
  const current = knownCorpusOf(corpus);
  const notes: string[] = [];
  let probes = corpus.probes;
  if (profile.corpus !== 'latest') {
    const pinned = findCorpus(profile.corpus, corpus, history);
    if (!pinned) throw new GateProfileError(profile.file, profile.lineOf('corpus'), `corpus: ${short(profile.corpus)} is not a corpus this termprobe knows (the one at hand is ${corpus.hash}); pin that one, or say latest`);
    probes = corpus.probes.filter((p) => pinned.probes[p.id] === current.probes[p.id]);
    const changed = Object.keys(pinned.probes).filter((id) => id in current.probes && pinned.probes[id] !== current.probes[id]).length;
    const removed = Object.keys(pinned.probes).filter((id) => !(id in current.probes)).length;
    const added = corpus.probes.length - probes.length - changed;
    if (changed + removed + added > 0) notes.push(`corpus pinned to ${short(profile.corpus)}: ${plural(probes.length, 'probe')} run; ${added} newer, ${changed} measured differently since and ${removed} removed since are not (say corpus: latest to run them)`);
  }
  const skipped = new Set(profile.skip.map((s) => s.probe));
  probes = probes.filter((p) => !skipped.has(p.id));

  const older = findCorpus(committed.corpus.hash, corpus, history);
  const committedIds = new Set(committed.probes.map((p) => p.id));
  if (!older) notes.push(`the committed answers were made with a corpus this termprobe does not know (${short(committed.corpus.hash)}): probes are compared by id`);
  const comparable = (id: string): true | string => {
    if (!committedIds.has(id)) return older && !(id in older.probes) ? `new since the corpus the answers were made with (${short(committed.corpus.hash)})` : 'the committed answers have no answer for it';
    if (older && older.probes[id] !== current.probes[id]) return 'measured differently since the answers were committed';
    return true;
  };
  const gone = committed.probes.filter((p) => !corpus.byId.has(p.id)).length;
  if (gone > 0) notes.push(`${plural(gone, 'committed answer')} ${gone === 1 ? 'is' : 'are'} for probes the corpus at hand no longer has`);
  return { probes, comparable, notes };
}
