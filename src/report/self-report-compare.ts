/**
 * The user's terminal against the reference, probe by probe, on what both
 * could observe: the user's terminal gives no screen readback, so the
 * reference's screen is left out of the comparison when the terminal has none.
 * Equality is answer-key.ts's answerSignature.
 */
import { answerSignature } from '../results/answer-key.js';
import type { ProbeResult, ResultsFile } from '../results/results-schema.js';

const ANSWERED = new Set<ProbeResult['status']>(['ok', 'partial']);

/** The answer signature, without the screen unless `withScreen`. */
export function comparableSignature(r: ProbeResult, withScreen = false): string {
  if (withScreen || !r.screen) return answerSignature(r);
  const { screen: _screen, ...rest } = r;
  return answerSignature(rest);
}

export interface Difference {
  id: string;
  mine: ProbeResult;
  ref: ProbeResult;
}

export interface Comparison {
  matched: string[];
  differ: Difference[];
  /** Probes not compared, with why (skipped here, no answer, absent from the reference). */
  notCompared: { id: string; why: string }[];
}

export function compareResults(mine: ResultsFile, ref: ResultsFile): Comparison {
  const refById = new Map(ref.probes.map((p) => [p.id, p]));
  const out: Comparison = { matched: [], differ: [], notCompared: [] };
  for (const p of mine.probes) {
    const r = refById.get(p.id);
    if (!ANSWERED.has(p.status)) out.notCompared.push({ id: p.id, why: p.note ?? p.status });
    else if (!r) out.notCompared.push({ id: p.id, why: 'not in the reference results' });
    else if (!ANSWERED.has(r.status)) out.notCompared.push({ id: p.id, why: `the reference has no answer (${r.status})` });
    else {
      const withScreen = p.screen !== undefined && r.screen !== undefined;
      if (comparableSignature(p, withScreen) === comparableSignature(r, withScreen)) out.matched.push(p.id);
      else out.differ.push({ id: p.id, mine: p, ref: r });
    }
  }
  return out;
}
