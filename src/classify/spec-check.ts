/**
 * Does an answer show the behaviour the probe's spec describes (its
 * `expect.implements`)? Used when the reference is known to be off on a probe:
 * a target that differs from it is only "reference" (not its own fault) when
 * its answer is the specified one.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { behaviourOf } from '../results/answer-key.js';
import type { ProbeLookup } from './probe-lookup.js';
import type { RunView } from './run-view.js';

/** undefined: the probe is not in the corpus at hand (or it did not load), so nothing is known. */
export type SpecCheck = (id: string, view: RunView) => boolean | undefined;

function sizeOf(probe: Probe, view: RunView): { cols: number; rows: number } {
  const m = probe.size ? /^(\d+)x(\d+)$/.exec(probe.size) : null;
  return m ? { cols: Number(m[1]), rows: Number(m[2]) } : { cols: view.run.settings.cols, rows: view.run.settings.rows };
}

/** A check that finds probes through `lookup` (see probe-lookup.ts: only the category files needed load). */
export function specCheckByLookup(lookup: ProbeLookup): SpecCheck {
  return (id, view) => {
    const probe = lookup(id);
    const result = view.result(id);
    if (!probe || !result) return undefined;
    try {
      return behaviourOf(probe, result, sizeOf(probe, view)) === 'implements';
    } catch {
      return undefined;
    }
  };
}

/** A check over a whole corpus, loaded on first use (at most once); a corpus that fails to load knows nothing. */
export function specCheckFrom(load: () => Corpus): SpecCheck {
  let corpus: Corpus | null | undefined;
  return specCheckByLookup((id) => {
    if (corpus === undefined) {
      try {
        corpus = load();
      } catch {
        corpus = null;
      }
    }
    return corpus?.byId.get(id);
  });
}
