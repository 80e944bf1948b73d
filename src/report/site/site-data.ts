/**
 * data-v3.json: the whole table for machines — terminals (with their summaries and
 * the site's links), probes, and every cell's class, kind and answer, in terminal
 * order. Paths of the results files as given on the command line are left out
 * (they may name the builder's home); the copies inside the site are linked instead.
 */
import { describeImplemented } from '../../classify/consensus.js';
import { SCORE_LINE } from '../compare-rows.js';
import { CELL_KINDS, KIND_STYLES } from './cell-kind.js';
import type { SiteModel } from './site-model.js';
import { historyData } from './history-data.js';
import type { SitePage } from './site-pages.js';
import { SITE_DATA_FILE, SITE_DATA_SCHEMA, SITE_DATA_SCHEMA_FILE, SITE_DATA_VERSION, siteDataJsonSchema, type SiteData } from './site-data-schema.js';

export { SITE_DATA_SCHEMA } from './site-data-schema.js';

export function siteData(model: SiteModel): SiteData {
  const { cmp } = model;
  return {
    schema: SITE_DATA_SCHEMA,
    tool: { name: 'termprobe', version: model.toolVersion },
    against: model.reference.view.label,
    registry: cmp.registryFile,
    notes: cmp.notes,
    score: SCORE_LINE,
    kinds: Object.fromEntries(CELL_KINDS.map((k) => [k, { mark: KIND_STYLES[k].mark, word: KIND_STYLES[k].word, meaning: KIND_STYLES[k].meaning }])) as SiteData['kinds'],
    terminals: model.columns.map((c) => ({
      label: c.view.label,
      target: c.view.targetId,
      name: c.view.name,
      version: c.view.version,
      platform: c.view.platform ?? null,
      history: historyData(c, model),
      identifiedBy: c.view.run.target.identity.identifiedBy,
      real: c.view.real,
      against: c.isReference,
      engine: c.view.engine,
      page: `terminals/${c.slug}.html`,
      results: `results/${c.slug}.json`,
      badge: `badges/${c.slug}.svg`,
      summary: c.summary,
      ...(c.view.convention ? { convention: { cursor: c.view.convention.cursor, reason: c.view.convention.reason, evidence: c.view.convention.evidence } } : {}),
    })),
    probes: model.rows.map((r) => ({
      id: r.id,
      category: r.row.category,
      title: r.probe ? r.title : null,
      spec: r.probe?.spec ?? null,
      sequences: r.sequences,
      page: `probes/${r.slug}.html`,
      differs: r.row.differs,
      implemented: { engines: r.row.consensus.implementing, of: r.row.consensus.engines.length, text: describeImplemented(r.row.consensus) || null },
      answers: r.row.consensus.groups.map((g) => ({ answer: g.summary, terminals: g.labels, engines: g.engines })),
      cells: r.cells.map((cell) => ({
        support: cell.verdict.support.support,
        ...(cell.verdict.support.why ? { inconclusive: cell.verdict.support.why } : {}),
        ...(cell.verdict.agreement ? { agreement: cell.verdict.agreement.class } : {}),
        kind: cell.kind,
        answer: cell.kind === 'not-run' ? null : cell.answer,
        ...(cell.verdict.entry ? { entry: { class: cell.verdict.entry.class, reason: cell.verdict.entry.reason, evidence: cell.verdict.entry.evidence } } : {}),
        ...(cell.verdict.corrected ? { corrected: true as const } : {}),
      })),
    })),
  };
}

/** Where a reader finds the current data file and its schema (data.json, a small file whose name never changes). */
function dataIndex(): string {
  return JSON.stringify({ schema: 'termprobe-site-index/1', version: SITE_DATA_VERSION, data: SITE_DATA_FILE, jsonSchema: SITE_DATA_SCHEMA_FILE }, null, 2) + '\n';
}

export const dataFiles: SitePage = {
  name: 'data',
  pages: (model) => [
    { path: SITE_DATA_FILE, content: () => JSON.stringify(siteData(model)) + '\n' },
    { path: SITE_DATA_SCHEMA_FILE, content: siteDataJsonSchema },
    { path: 'data.json', content: dataIndex },
  ],
};
