/**
 * data.json: the whole table for machines — terminals (with their summaries and
 * the site's links), probes, and every cell's class, kind and answer, in terminal
 * order. Paths of the results files as given on the command line are left out
 * (they may name the builder's home); the copies inside the site are linked instead.
 */
import { SCORE_LINE } from '../compare-rows.js';
import { CELL_KINDS, KIND_STYLES } from './cell-kind.js';
import type { SiteModel } from './site-model.js';

export const SITE_DATA_SCHEMA = 'termprobe-site/1';

export function siteData(model: SiteModel): unknown {
  const { cmp } = model;
  return {
    schema: SITE_DATA_SCHEMA,
    tool: { name: 'termprobe', version: model.toolVersion },
    reference: model.reference.view.label,
    registry: cmp.registryFile,
    notes: cmp.notes,
    score: SCORE_LINE,
    kinds: Object.fromEntries(CELL_KINDS.map((k) => [k, { mark: KIND_STYLES[k].mark, word: KIND_STYLES[k].word, meaning: KIND_STYLES[k].meaning }])),
    terminals: model.columns.map((c) => ({
      label: c.view.label,
      target: c.view.targetId,
      name: c.view.name,
      version: c.view.version,
      identifiedBy: c.view.run.target.identity.identifiedBy,
      real: c.view.real,
      reference: c.isReference,
      page: `terminals/${c.slug}.html`,
      results: `results/${c.slug}.json`,
      badge: `badges/${c.slug}.svg`,
      summary: c.summary,
    })),
    probes: model.rows.map((r) => ({
      id: r.id,
      category: r.row.category,
      title: r.probe ? r.title : null,
      spec: r.probe?.spec ?? null,
      page: `probes/${r.slug}.html`,
      differs: r.row.differs,
      consensus: r.row.consensus.total === 0 ? null : { total: r.row.consensus.total, groups: r.row.consensus.groups.map((g) => ({ answer: g.summary, count: g.labels.length, terminals: g.labels })) },
      cells: r.cells.map((cell) => ({
        class: cell.verdict.class,
        kind: cell.kind,
        answer: cell.verdict.class === 'not-run' ? null : cell.answer,
        ...(cell.verdict.entry ? { entry: { class: cell.verdict.entry.class, reason: cell.verdict.entry.reason, evidence: cell.verdict.entry.evidence } } : {}),
      })),
    })),
  };
}
