/**
 * The first ledger of a terminal (`termprobe init`): every probe its run answers
 * ✗ (the spec's lacks answer) or ~ (neither the spec's answer nor the lacks
 * one), each accepting that answer for now. Where the divergence registry
 * explains the answer for this terminal or its engine, the entry takes its class,
 * reason and first source; otherwise it is a bug citing the probe's spec, with a
 * reason saying it is a draft to review.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import { describeExpectation } from '../corpus/describe-expectation.js';
import type { LedgerEntryData } from './gate-profile-schema.js';
import type { DivergenceRegistry } from './load-divergences.js';
import type { Marker } from './marks.js';
import type { RunView } from './run-view.js';

export interface DraftEntry extends LedgerEntryData {
  /** One line for a comment above the entry: the probe's title and the spec's answer. */
  about: string;
  /** Drafted by init (no registry entry explains it): its reason and class are to be reviewed. */
  draft: boolean;
  /** The run's mark: ✗ lacks or ~ other. */
  support: 'lacks' | 'other';
}

export function draftLedger(view: RunView, corpus: Corpus, marker: Marker, registry?: DivergenceRegistry): DraftEntry[] {
  const out: DraftEntry[] = [];
  for (const probe of corpus.probes) {
    if (!view.result(probe.id)) continue;
    const mark = marker.mark(view, probe.id);
    if (mark.support !== 'lacks' && mark.support !== 'other') continue;
    const answer = view.summary(probe.id);
    const about = `${probe.title} — the spec's answer: ${describeExpectation(probe.expect.implements)}`;
    const known = registry?.find(probe.id, view.answerer, answer);
    if (known) {
      out.push({ probe: probe.id, answer, class: known.class, reason: known.reason, link: known.evidence[0]!, about, draft: false, support: mark.support });
      continue;
    }
    const reason =
      mark.support === 'lacks'
        ? `Not implemented: the answer is the probe's lacks answer (drafted by termprobe init: review).`
        : `Answers neither as the spec says nor as a terminal without it does (drafted by termprobe init: review).`;
    out.push({ probe: probe.id, answer, class: 'bug', reason, link: probe.spec, about, draft: true, support: mark.support });
  }
  return out;
}
