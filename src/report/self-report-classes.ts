/**
 * The class of each difference between your terminal and the reference, as
 * `termprobe compare` gives it (src/classify: the divergence registry and the
 * probe's spec). Your terminal's run is looked up in the registry under the
 * target its identity names (inside tmux, tmux's entries apply); a name no
 * target has finds no entry, so its differences are unexplained unless the
 * reference is the one known to be off.
 */
import { makeSigner } from '../classify/answer-signer.js';
import { classifyCell, type CellClass } from '../classify/classify-cell.js';
import { loadDivergences } from '../classify/load-divergences.js';
import { viewRun } from '../classify/run-view.js';
import { specCheckFrom } from '../classify/spec-check.js';
import type { Corpus } from '../corpus/load-corpus.js';
import type { ResultsFile } from '../results/results-schema.js';
import { isTargetName } from '../targets/registry.js';

/** The classes a difference can have; anything else the classifier says (same at its finer level) counts as unexplained. */
export type DifferenceClass = 'bug' | 'deliberate' | 'reference' | 'unexplained';
const DIFFERENCE_CLASSES = new Set<CellClass>(['bug', 'deliberate', 'reference', 'unexplained']);

export interface Classified {
  classes: Map<string, DifferenceClass>;
  /** Set when the registry could not be read: every difference is then unexplained. */
  problem?: string;
}

export function classifyDifferences(mine: ResultsFile, ref: ResultsFile, ids: readonly string[], corpus: Corpus): Classified {
  const classes = new Map<string, DifferenceClass>();
  let registry;
  try {
    registry = loadDivergences();
  } catch (e) {
    for (const id of ids) classes.set(id, 'unexplained');
    return { classes, problem: `the divergence registry did not load (${(e as Error).message.split('\n')[0]}), so every difference shows as unexplained` };
  }
  const name = mine.target.identity.name;
  const own = isTargetName(name) ? { ...mine, target: { ...mine.target, id: name } } : mine;
  const view = viewRun('(your terminal)', own);
  const refView = viewRun('(reference)', ref);
  const signer = makeSigner([view, refView]);
  const meetsSpec = specCheckFrom(() => corpus);
  for (const id of ids) {
    const verdict = classifyCell(id, view, refView, registry, signer, meetsSpec).class;
    classes.set(id, DIFFERENCE_CLASSES.has(verdict) ? (verdict as DifferenceClass) : 'unexplained');
  }
  return { classes };
}
