/**
 * A feature's mark for one terminal, from its facets' support marks (the probes'
 * own ✓ ✗ ~ ?, support-mark.ts) by the one rule of feature-schema.ts:
 *
 *   ✓ supported      a facet that shows the feature is there is ✓, and no facet fails
 *   ◐ partial        such a facet is ✓, and some facet fails: a numbered note for each
 *   ✗ not supported  the facets that show the feature is there all fail (✗ or ~)
 *   ? not measured   none of those facets decides (no reply, screen not read, …)
 *
 * "Fails" is ✗ (the probe's lacks answer) or ~ (an answer neither expectation
 * names): either way the terminal does not do what the facet checks. A note says
 * which facet and what the terminal answered ("reports mode 2026 as ?2026=2 …").
 * Facets left undecided never change the mark; they are listed as not measured.
 */
import type { Facet, Feature } from '../corpus/feature-schema.js';
import type { SupportMark } from './support-mark.js';

export const FEATURE_MARKS = ['supported', 'partial', 'unsupported', 'unmeasured'] as const;
export type FeatureMarkKind = (typeof FEATURE_MARKS)[number];

export const FEATURE_SYMBOLS: Record<FeatureMarkKind, string> = { supported: '✓', partial: '◐', unsupported: '✗', unmeasured: '?' };
export const FEATURE_WORDS: Record<FeatureMarkKind, string> = { supported: 'supported', partial: 'partial', unsupported: 'not supported', unmeasured: 'not measured' };

/** One probe's verdict for one terminal, as the feature reads it. */
export interface FacetAnswer {
  mark: SupportMark;
  /** The short answer ("?2026=2", "1;4→2;5"); "—" when not run. */
  answer: string;
}

export interface FacetMark extends FacetAnswer {
  facet: Facet;
  /** Whether this facet is one that shows the feature is there. */
  present: boolean;
}

export interface FeatureMark {
  mark: FeatureMarkKind;
  /** One per failing facet that counts for the mark (the ◐ notes; for ✗, why not), in facet order. */
  notes: string[];
  facets: FacetMark[];
  /** The facets that did not decide, each with why. */
  undecided: string[];
}

const fails = (m: SupportMark) => m.support === 'lacks' || m.support === 'other';

/** The note for a failing facet: its own wording with the answer, or what it checks with the answer. */
export function failNote(facet: Facet, answer: string, support: SupportMark['support']): string {
  if (facet.fails) return facet.fails.replaceAll('{answer}', answer);
  return support === 'other' ? `${facet.checks}: not as specified (answers ${answer})` : `${facet.checks}: no (answers ${answer})`;
}

export function featureMark(feature: Feature, answerOf: (probe: string) => FacetAnswer): FeatureMark {
  const present = new Set(feature.present);
  const facets: FacetMark[] = feature.facets.map((facet) => ({ facet, present: present.has(facet.name), ...answerOf(facet.probe) }));
  const shown = facets.filter((f) => f.present);
  const there = shown.some((f) => f.mark.support === 'implements');
  const failing = (there ? facets : shown).filter((f) => fails(f.mark));
  const mark: FeatureMarkKind = there ? (failing.length > 0 ? 'partial' : 'supported') : failing.length > 0 ? 'unsupported' : 'unmeasured';
  return {
    mark,
    notes: failing.map((f) => failNote(f.facet, f.answer, f.mark.support)),
    facets,
    undecided: facets.filter((f) => f.mark.support === 'inconclusive').map((f) => `${f.facet.checks}: ${f.mark.detail ?? 'inconclusive'}`),
  };
}

/** How many terminals get each mark, for a feature's summary line and its badge. */
export function countMarks(marks: readonly FeatureMark[]): Record<FeatureMarkKind, number> {
  const out: Record<FeatureMarkKind, number> = { supported: 0, partial: 0, unsupported: 0, unmeasured: 0 };
  for (const m of marks) out[m.mark]++;
  return out;
}

/**
 * Since when a terminal has had its current mark, from its versions oldest
 * first: the first version of the last run of equal marks, with the mark before
 * it. Nothing when every version measured has the same mark (no change seen).
 */
export function markSince(versions: readonly { version: string; mark: FeatureMarkKind }[]): { version: string; before: FeatureMarkKind } | undefined {
  if (versions.length < 2) return undefined;
  const now = versions[versions.length - 1]!.mark;
  let i = versions.length - 1;
  while (i > 0 && versions[i - 1]!.mark === now) i--;
  return i === 0 ? undefined : { version: versions[i]!.version, before: versions[i - 1]!.mark };
}
