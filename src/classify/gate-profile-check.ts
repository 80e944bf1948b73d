/**
 * A profile against the corpus at hand and its committed answers, before
 * anything runs: every probe it names must be in the corpus, each once; a
 * ledger entry must accept the answer that was committed (the ledger explains
 * the committed answers, it does not replace them) and must hold something (a
 * probe committed as implemented needs no entry). The first problem throws a
 * GateProfileError naming the file and the entry's line.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import { didYouMean } from '../util/nearest-name.js';
import { GateProfileError, type GateProfile } from './gate-profile.js';
import type { Marker } from './marks.js';
import type { RunView } from './run-view.js';
import { SUPPORT_SYMBOLS } from './support-mark.js';

function checkProbesKnown(profile: GateProfile, corpus: Corpus): void {
  const ids = [...corpus.byId.keys()];
  const where = `the corpus at hand (${corpus.probes.length} probes, ${corpus.hash.slice(0, 19)}…)`;
  const seen = new Map<string, string>();
  const lists = [
    ['skip', profile.skip],
    ['ledger', profile.ledger],
  ] as const;
  for (const [list, entries] of lists) {
    entries.forEach((e, i) => {
      const label = `${list} entry ${i + 1} (${e.probe})`;
      if (!corpus.byId.has(e.probe)) throw new GateProfileError(profile.file, e.line, `${label}: no probe "${e.probe}" in ${where}${didYouMean(e.probe, ids)}`);
      const prior = seen.get(e.probe);
      if (prior) throw new GateProfileError(profile.file, e.line, `${label}: ${prior} names the same probe; name each probe once`);
      seen.set(e.probe, label);
    });
  }
}

function checkLedgerAgainstAnswers(profile: GateProfile, committed: RunView, marker: Marker): void {
  for (const e of profile.ledger) {
    const label = `ledger entry ${e.index} (${e.probe})`;
    if (!committed.result(e.probe)) throw new GateProfileError(profile.file, e.line, `${label}: the committed answers (${profile.answers}) have no answer for this probe; run termprobe init again, or remove the entry`);
    const answer = committed.summary(e.probe);
    if (!e.answers.includes(answer)) {
      const said = e.answers.map((a) => JSON.stringify(a)).join(' or ');
      throw new GateProfileError(profile.file, profile.lineOf('ledger', e.index - 1, 'answer'), `${label}: accepts ${said}, but the committed answer (${profile.answers}) is ${JSON.stringify(answer)}; the ledger states the committed answer`);
    }
    const mark = marker.mark(committed, e.probe);
    if (mark.support === 'implements') throw new GateProfileError(profile.file, e.line, `${label}: the committed answer ${JSON.stringify(answer)} implements the probe (${SUPPORT_SYMBOLS.implements}): there is no difference to hold; remove the entry`);
  }
}

export function checkGateProfile(profile: GateProfile, corpus: Corpus, committed: RunView, marker: Marker): void {
  checkProbesKnown(profile, corpus);
  checkLedgerAgainstAnswers(profile, committed, marker);
}
