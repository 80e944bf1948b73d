/**
 * The JSON API of api-schema.ts, written beside the pages: api/v6/index.json,
 * one document per feature, terminal and probe, and the JSON Schema of all four
 * (api/v6/schema.json). data.json, whose name never changes, says which version
 * is current. Paths of the results files as given on the command line are left
 * out (they may name the builder's home): the copies inside the site are linked.
 */
import { describeImplemented } from '../../classify/consensus.js';
import { FEATURE_MARKS, FEATURE_SYMBOLS, FEATURE_WORDS } from '../../classify/feature-marks.js';
import { SUPPORTS } from '../../classify/support-mark.js';
import { API_DIR, API_SCHEMA_ID, API_VERSION, apiJsonSchema, FEATURE_CODES, MARK_CODES, type ApiFeature, type ApiIndex, type ApiProbe, type ApiTerminal } from './api-schema.js';
import { featureBadgePath, featurePath } from './feature-page.js';
import { MARK_MEANING } from './feature-marks-view.js';
import type { SiteFeature } from './site-features.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';
import type { SiteFile, SitePage } from './site-pages.js';
import { resultsCopyPath } from './compact-results.js';
import { historyOf, historyPath } from './history-page.js';

const apiPath = (kind: 'features' | 'terminals' | 'probes', slug: string) => `${API_DIR}/${kind}/${slug}.json`;
const json = (v: unknown) => JSON.stringify(v) + '\n';

function terminalRef(c: SiteColumn, model: SiteModel): ApiIndex['terminals'][number] {
  const features = { supported: 0, partial: 0, unsupported: 0, unmeasured: 0 };
  for (const f of model.features?.list ?? []) features[f.cells[c.index]!.mark]++;
  const s = c.summary;
  return {
    slug: c.slug,
    label: c.view.label,
    name: c.view.name,
    version: c.view.version,
    platform: c.view.platform ?? null,
    target: c.view.targetId,
    engine: c.view.engine.name,
    real: c.view.real,
    reference: c.isReference,
    page: `terminals/${c.slug}.html`,
    api: apiPath('terminals', c.slug),
    results: resultsCopyPath(c.slug),
    badge: `badges/${c.slug}.svg`,
    features,
    probes: { run: s.run, implements: s.implements, lacks: s.lacks, other: s.other, inconclusive: s.inconclusive, score: s.score },
  };
}

function featureRef(f: SiteFeature): ApiIndex['features'][number] {
  return { id: f.feature.id, name: f.feature.name, section: f.section.id, kind: f.feature.kind, page: featurePath(f), api: apiPath('features', f.slug), badge: featureBadgePath(f), counts: f.counts };
}

export function apiIndex(model: SiteModel): ApiIndex {
  const features = model.features;
  return {
    schema: API_SCHEMA_ID,
    document: 'index',
    tool: { name: 'termprobe', version: model.toolVersion },
    against: model.reference.view.label,
    featureMarks: Object.fromEntries(FEATURE_MARKS.map((k) => [k, { symbol: FEATURE_SYMBOLS[k], word: FEATURE_WORDS[k], meaning: MARK_MEANING[k] }])) as ApiIndex['featureMarks'],
    markCodes: Object.fromEntries(SUPPORTS.map((s) => [MARK_CODES[s], s])),
    featureCodes: Object.fromEntries(FEATURE_MARKS.map((k) => [FEATURE_CODES[k], k])),
    sections: (features?.sections ?? []).map((s) => ({ id: s.id, title: s.title, features: s.features.map((f) => f.feature.id) })),
    terminals: model.columns.map((c) => terminalRef(c, model)),
    features: (features?.list ?? []).map(featureRef),
    probes: model.rows.map((r) => ({ id: r.id, category: r.row.category, title: r.probe ? r.title : null, ...(r.slug === r.id ? {} : { slug: r.slug }) })),
  };
}

/** Terminals with the same mark, notes, since and facet marks, together. */
function outcomesOf(f: SiteFeature, model: SiteModel, rows: Map<string, SiteRow>): ApiFeature['outcomes'] {
  const out = new Map<string, ApiFeature['outcomes'][number]>();
  for (const c of model.columns) {
    const cell = f.cells[c.index]!;
    const facets = f.feature.facets.map((x) => MARK_CODES[rows.get(x.probe)?.cells[c.index]?.verdict.support.support ?? 'inconclusive']).join('');
    const key = JSON.stringify([cell.mark, cell.notes, cell.since ?? null, facets]);
    const o = out.get(key) ?? ([[], FEATURE_CODES[cell.mark], cell.notes, cell.since ?? null, facets] as ApiFeature['outcomes'][number]);
    o[0].push(c.index);
    out.set(key, o);
  }
  return [...out.values()];
}

export function apiFeature(f: SiteFeature, model: SiteModel): ApiFeature {
  const rows = new Map(model.rows.map((r) => [r.id, r]));
  const present = new Set(f.feature.present);
  return {
    schema: API_SCHEMA_ID,
    document: 'feature',
    id: f.feature.id,
    name: f.feature.name,
    section: f.section.id,
    kind: f.feature.kind,
    aliases: f.feature.aliases,
    description: f.feature.description,
    specs: f.feature.specs,
    facets: f.feature.facets.map((x) => ({ name: x.name, probe: x.probe, checks: x.checks, present: present.has(x.name) })),
    unmeasured: f.feature.unmeasured ?? null,
    page: featurePath(f),
    badge: featureBadgePath(f),
    counts: f.counts,
    outcomes: outcomesOf(f, model, rows),
  };
}

export function apiTerminal(c: SiteColumn, model: SiteModel): ApiTerminal {
  const agreement: Record<string, number> = {};
  for (const r of model.rows) {
    const a = r.cells[c.index]!.verdict.agreement;
    if (a) agreement[a.class] = (agreement[a.class] ?? 0) + 1;
  }
  return {
    schema: API_SCHEMA_ID,
    document: 'terminal',
    terminal: terminalRef(c, model),
    identifiedBy: c.view.run.target.identity.identifiedBy,
    engineVersion: c.view.engine.version ?? null,
    featureMarks: (model.features?.list ?? []).map((f) => FEATURE_CODES[f.cells[c.index]!.mark]).join(''),
    probeMarks: model.rows.map((r) => (r.cells[c.index]!.kind === 'not-run' ? '-' : MARK_CODES[r.cells[c.index]!.verdict.support.support])).join(''),
    agreement: c.isReference ? {} : agreement,
    history: historyOfColumn(c, model),
  };
}

/** The terminal across its versions (history-page.ts), as the API gives it. */
function historyOfColumn(c: SiteColumn, model: SiteModel): ApiTerminal['history'] {
  const h = historyOf(c, model);
  if (!h) return null;
  return {
    page: historyPath(h),
    settings: h.history.settings,
    versions: h.history.versions.map((v) => ({ version: v.version, results: h.results.get(v.version)?.path ?? null })),
    notRun: h.history.notRun,
    steps: h.history.steps.map((st) => ({ from: st.from, to: st.to, unchanged: st.unchanged, changed: st.changed.map((x) => ({ id: x.id, from: x.a?.answer ?? null, to: x.b?.answer ?? null })) })),
  };
}

export function apiProbe(r: SiteRow, model: SiteModel, featureIds: string[]): ApiProbe {
  const groups = new Map<string, ApiProbe['answers'][number]>();
  for (const c of model.columns) {
    const cell = r.cells[c.index]!;
    const support = cell.verdict.support.support;
    const key = `${support}\u0000${cell.answer}`;
    const g = groups.get(key) ?? ([cell.answer, MARK_CODES[support], []] as ApiProbe['answers'][number]);
    g[2].push(c.index);
    groups.set(key, g);
  }
  const c = r.row.consensus;
  return {
    schema: API_SCHEMA_ID,
    document: 'probe',
    id: r.id,
    category: r.row.category,
    title: r.probe ? r.title : null,
    spec: r.probe?.spec ?? null,
    page: `probes/${r.slug}.html`,
    features: featureIds,
    implemented: { engines: c.implementing, of: c.engines.length },
    answers: [...groups.values()].sort((a, b) => b[2].length - a[2].length),
  };
}

/** data.json: where a reader finds the current API (a small file whose name never changes). */
export function dataIndex(): string {
  return JSON.stringify({ schema: 'termprobe-site-index/2', version: API_VERSION, api: `${API_DIR}/index.json`, jsonSchema: `${API_DIR}/schema.json`, documentation: 'api.html' }, null, 2) + '\n';
}

/** Implemented-by text of a probe, for the API page's example. */
export const implementedText = describeImplemented;

export const apiFiles: SitePage = {
  name: 'api',
  pages: (model) => {
    const byProbe = new Map<string, string[]>();
    for (const f of model.features?.list ?? []) for (const x of f.feature.facets) byProbe.set(x.probe, [...(byProbe.get(x.probe) ?? []), f.feature.id].filter((v, i, a) => a.indexOf(v) === i));
    return [
      { path: 'data.json', content: dataIndex },
      { path: `${API_DIR}/index.json`, content: () => json(apiIndex(model)) },
      { path: `${API_DIR}/schema.json`, content: apiJsonSchema },
      ...(model.features?.list ?? []).map((f): SiteFile => ({ path: apiPath('features', f.slug), content: () => json(apiFeature(f, model)) })),
      ...model.columns.map((c): SiteFile => ({ path: apiPath('terminals', c.slug), content: () => json(apiTerminal(c, model)) })),
      ...model.rows.map((r): SiteFile => ({ path: apiPath('probes', r.slug), content: () => json(apiProbe(r, model, byProbe.get(r.id) ?? [])) })),
    ];
  },
};
