/**
 * The feature layer of a site: every feature's mark for every terminal column,
 * computed from the same support marks the probe matrix shows (the model's
 * cells), by the rule of src/classify/feature-marks.ts; and, where a terminal
 * has other versions (its history), since which version its mark holds.
 */
import type { Feature, FeatureSet } from '../../corpus/feature-schema.js';
import { countMarks, featureMark, markSince, type FacetAnswer, type FeatureMark, type FeatureMarkKind } from '../../classify/feature-marks.js';
import { makeMarker } from '../../classify/marks.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import { historyOf } from './history-page.js';
import type { SiteColumn, SiteModel } from './site-model.js';
import { SlugAllocator } from './slug.js';

export interface SiteFeatureCell extends FeatureMark {
  /** Since which version the terminal has had this mark, where its history shows a change. */
  since?: { version: string; before: FeatureMarkKind };
}

export interface SiteFeature {
  feature: Feature;
  slug: string;
  section: SiteFeatureSection;
  /** By terminal column. */
  cells: SiteFeatureCell[];
  counts: Record<FeatureMarkKind, number>;
}

export interface SiteFeatureSection {
  id: string;
  slug: string;
  title: string;
  description: string;
  features: SiteFeature[];
}

export interface SiteFeatures {
  sections: SiteFeatureSection[];
  list: SiteFeature[];
  /** By terminal column: each feature's mark in every version of its history, oldest first (undefined: no history ending at the version shown). */
  versions: (Map<string, { version: string; mark: FeatureMarkKind }[]> | undefined)[];
}

const NOT_RUN: FacetAnswer = { mark: { support: 'inconclusive', why: 'not-run', detail: 'not run' }, answer: '—' };

/** A column's marks for every feature of a history's versions, oldest first, or nothing when the history ends elsewhere. */
function versionMarks(col: SiteColumn, model: SiteModel, corpus: Corpus | undefined, features: Feature[]): Map<string, { version: string; mark: FeatureMarkKind }[]> | undefined {
  const h = historyOf(col, model);
  if (!h || h.views.length < 2 || h.views[h.views.length - 1]!.version !== col.view.version) return undefined;
  const marker = makeMarker((id) => corpus?.byId.get(id));
  const out = new Map<string, { version: string; mark: FeatureMarkKind }[]>();
  for (const f of features) {
    out.set(
      f.id,
      h.views.map((v) => ({ version: v.version, mark: featureMark(f, (p) => (v.result(p) ? { mark: marker.mark(v, p), answer: v.summary(p) } : NOT_RUN)).mark })),
    );
  }
  return out;
}

export function siteFeatures(set: FeatureSet, model: SiteModel, corpus: Corpus | undefined): SiteFeatures {
  const rowById = new Map(model.rows.map((r) => [r.id, r]));
  const answerOf = (col: number) => (probe: string): FacetAnswer => {
    const cell = rowById.get(probe)?.cells[col];
    return cell ? { mark: cell.verdict.support, answer: cell.answer } : NOT_RUN;
  };
  const histories = model.columns.map((c) => versionMarks(c, model, corpus, set.features));
  const slugs = new SlugAllocator('feature');
  const sectionSlugs = new SlugAllocator('section');
  const sections: SiteFeatureSection[] = set.sections.map((s) => ({ id: s.id, slug: sectionSlugs.take(s.id), title: s.title, description: s.description, features: [] }));
  for (const [i, s] of set.sections.entries()) {
    const section = sections[i]!;
    for (const feature of s.features) {
      const cells = model.columns.map((_, col): SiteFeatureCell => {
        const mark = featureMark(feature, answerOf(col));
        const versions = histories[col]?.get(feature.id);
        const since = versions && versions[versions.length - 1]!.mark === mark.mark ? markSince(versions) : undefined;
        return since ? { ...mark, since } : mark;
      });
      section.features.push({ feature, slug: slugs.take(feature.id), section, cells, counts: countMarks(cells) });
    }
  }
  return { sections, list: sections.flatMap((s) => s.features), versions: histories };
}
