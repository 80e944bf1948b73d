/**
 * data.json's part of the history (history-page.ts): per terminal row, the
 * other versions at hand and, per release step, the probes that changed answer
 * with both answers — null when the terminal has no other version.
 */
import { historyOf, historyPath } from './history-page.js';
import type { SiteColumn, SiteModel } from './site-model.js';

export function historyData(col: SiteColumn, model: SiteModel): unknown {
  const h = historyOf(col, model);
  if (!h) return null;
  return {
    page: historyPath(h),
    settings: h.history.settings,
    versions: h.history.versions.map((v) => ({ version: v.version, results: h.results.get(v.version)?.path ?? null })),
    notRun: h.history.notRun,
    steps: h.history.steps.map((s) => ({ from: s.from, to: s.to, unchanged: s.unchanged, changed: s.changed.map((c) => ({ id: c.id, from: c.a?.answer ?? null, to: c.b?.answer ?? null })) })),
  };
}
