/**
 * Your terminal's run judged as `termprobe compare` judges any run: each probe's
 * support mark from the probe's own expectations, then, where your answer
 * differs from the reference's, the agreement class (bug, deliberate, reference,
 * variant, unexplained, inconclusive) with the registry. The registry is looked
 * up under the target your terminal's identity names (inside tmux, tmux's
 * entries apply) and under its engine (VTE's entries for gnome-terminal).
 */
import { classifyAgreement, type Agreement } from '../classify/agreement.js';
import { sameAnswer } from '../classify/answer-signer.js';
import { judgeCell } from '../classify/build-comparison.js';
import { loadDivergences, makeRegistry, type DivergenceRegistry } from '../classify/load-divergences.js';
import { applyConventions } from '../classify/reply-convention.js';
import { makeMarker } from '../classify/marks.js';
import { viewRun } from '../classify/run-view.js';
import { scoreOf } from '../classify/score.js';
import type { InconclusiveReason, Support } from '../classify/support-mark.js';
import { SIZE_NOTE_PREFIX } from '../corpus/probe-needs.js';

/** How many inconclusive marks, by why (and 'too-small' for probes the window was too small for). */
export type InconclusiveCounts = Partial<Record<InconclusiveReason | 'too-small', number>>;
import type { Corpus } from '../corpus/load-corpus.js';
import type { ResultsFile } from '../results/results-schema.js';
import { isTargetName } from '../targets/registry.js';

/** The class of a difference: any agreement class but "same". */
export type DifferenceClass = Exclude<Agreement, 'same'>;

export interface Classified {
  classes: Map<string, DifferenceClass>;
  /** Your terminal's support marks over every probe it ran, and its score. */
  support: Record<Support, number> & { score: number | null; inconclusiveWhy?: InconclusiveCounts };
  /** Set when the registry could not be read: no difference is then explained by an entry. */
  problem?: string;
}

export function classifyDifferences(mine: ResultsFile, ref: ResultsFile, ids: readonly string[], corpus: Corpus): Classified {
  let registry: DivergenceRegistry;
  let problem: string | undefined;
  try {
    registry = loadDivergences();
  } catch (e) {
    registry = makeRegistry('(none)', []);
    problem = `the divergence registry did not load (${(e as Error).message.split('\n')[0]}), so no difference is explained by an entry`;
  }
  const name = mine.target.identity.name;
  const own = isTargetName(name) ? { ...mine, target: { ...mine.target, id: name } } : mine;
  const view = viewRun('(your terminal)', own);
  const refView = viewRun('(reference)', ref);
  applyConventions([view, refView], registry);
  const marker = makeMarker((id) => corpus.byId.get(id));
  const support = { implements: 0, lacks: 0, other: 0, inconclusive: 0 };
  const inconclusiveWhy: InconclusiveCounts = {};
  for (const p of mine.probes) {
    const m = marker.mark(view, p.id);
    support[m.support]++;
    if (m.support !== 'inconclusive' || !m.why) continue;
    // A probe skipped because the window is too small: a reason of its own (a larger window decides it).
    const why = m.why === 'skipped' && p.note?.startsWith(SIZE_NOTE_PREFIX) ? 'too-small' : m.why;
    inconclusiveWhy[why] = (inconclusiveWhy[why] ?? 0) + 1;
  }
  const classes = new Map<string, DifferenceClass>();
  for (const id of ids) {
    const cell = judgeCell(id, view, marker, registry);
    const { same, level } = sameAnswer(view, refView, id);
    const cls = classifyAgreement(same, level, cell.support, marker.mark(refView, id), cell.entry).class;
    classes.set(id, cls === 'same' ? 'variant' : cls);
  }
  return { classes, support: { ...support, score: scoreOf(support), inconclusiveWhy }, ...(problem ? { problem } : {}) };
}
