/**
 * The small pages the navigation leads to: terminals.html (every terminal with
 * its share of features supported), history.html (the terminals measured at
 * several versions), api.html (the JSON API and the badges, described) and
 * notation.html (how to read marks and answers).
 */
import { API_DIR, MARK_CODES } from './api-schema.js';
import { CELL_KINDS, KIND_STYLES } from './cell-kind.js';
import { legendOfMarks } from './features-overview.js';
import { historyPath } from './history-page.js';
import { html, type Html } from './html.js';
import { renderPage } from './layout.js';
import { scoreText } from './matrix-page.js';
import { notationLegend } from './notation-legend.js';
import type { SiteModel } from './site-model.js';
import type { SitePage } from './site-pages.js';
import { dataTable } from './data-table.js';

function terminalsPage(model: SiteModel): string {
  const features = model.features;
  const rows = model.columns.map((c) => {
    const t = { supported: 0, partial: 0, unsupported: 0, unmeasured: 0 };
    for (const f of features?.list ?? []) t[f.cells[c.index]!.mark]++;
    const measured = t.supported + t.partial + t.unsupported;
    return {
      head: html`<a href="terminals/${c.slug}.html">${c.view.label}</a>${c.isReference ? html` <span class="n">(compared against)</span>` : ''}`,
      cells: [c.view.real ? 'terminal' : 'embedded', c.view.engine.name, t.supported, t.partial, t.unsupported, t.unmeasured, measured === 0 ? '—' : `${Math.round((100 * t.supported) / measured)}%`, scoreText(c)],
      cellClass: [undefined, undefined, 'num', 'num', 'num', 'num', 'num', 'num'],
    };
  });
  const body = html`<h1>Terminals</h1><p class="lede">${model.columns.length} terminals, each with its report card: the features it supports by section, the partial ones with their notes, its Unicode verdict and the command that measures it again.</p><div class="table-wrap">${dataTable({ cls: 'terminal-list', columns: ['terminal', 'kind', 'engine', '✓', '◐', '✗', '?', 'features supported', 'probe score'], rows })}</div><p class="n">✓ supported, ◐ partial, ✗ not supported, ? not measured: counts of features. The probe score is the share of decided probes implemented.</p>`;
  return renderPage(model, { title: 'Terminals', kind: 'list-page', root: '', crumbs: [], nav: 'terminals', body });
}

function historyIndex(model: SiteModel): string {
  const histories = model.histories ?? [];
  const items = histories.map((h) => html`<li><a href="${historyPath(h)}">${h.history.terminal}</a>: ${h.history.versions.length} versions (${h.history.versions.map((v) => v.version).join(', ')})${h.history.notRun.length > 0 ? `, ${h.history.notRun.length} not run` : ''}</li>`);
  const body = html`<h1>History</h1><p class="lede">Terminals measured at several versions, with the answers that changed between consecutive versions; each terminal’s report card also says which features changed.</p>${items.length > 0 ? html`<ul>${items}</ul>` : html`<p>No terminal has another version among the results this site was built from (<code>termprobe site --history PATH</code> adds some).</p>`}`;
  return renderPage(model, { title: 'History', kind: 'list-page', root: '', crumbs: [], nav: 'history', body });
}

function apiPage(model: SiteModel): string {
  const f = model.features?.list[0];
  const c = model.columns[0]!;
  const r = model.rows[0];
  const codes = Object.entries(MARK_CODES).map(([support, code]) => html`<code>${code}</code> ${support}`);
  const body = html`<h1>JSON API and badges</h1>
<p class="lede">Everything the pages show, for programs: static JSON files beside the pages, versioned in their path (<code>${API_DIR}/</code>) and in every document’s <code>schema</code> field, described by one JSON Schema. <a href="data.json">data.json</a> (its name never changes) names the current version.</p>
<dl class="facts">
<dt><a href="${API_DIR}/index.json">${API_DIR}/index.json</a></dt><dd>every terminal (with its counts of features and probes) and every feature (with its counts of terminals), each with the path of its own document, page and badge, and every probe (its document is <code>${API_DIR}/probes/&lt;id&gt;.json</code>, its page <code>probes/&lt;id&gt;.html</code>; a <code>slug</code> is given where the file’s name is not the id)</dd>
<dt><code>${API_DIR}/features/&lt;id&gt;.json</code></dt><dd>one feature: names, description, specs, facets, and every terminal’s mark with its notes, since when, and the probe marks it comes from, as outcomes <code>[terminals, mark, notes, since, facet marks]</code> (terminals by their place in the index’s list, 0 first; marks as in the terminal documents)${f ? html` — e.g. <a href="${API_DIR}/features/${f.slug}.json">${f.feature.id}</a>` : ''}</dd>
<dt><code>${API_DIR}/terminals/&lt;slug&gt;.json</code></dt><dd>one terminal: every feature’s mark as one character each in the index’s feature order (<code>y</code> supported, <code>p</code> partial, <code>n</code> not supported, <code>q</code> not measured; their notes are in the feature documents), and every probe’s mark the same way in the index’s probe order (${codes.map((x, i) => html`${i > 0 ? ', ' : ''}${x}`)}, <code>-</code> not run) — e.g. <a href="${API_DIR}/terminals/${c.slug}.json">${c.slug}</a></dd>
<dt><code>${API_DIR}/probes/&lt;id&gt;.json</code></dt><dd>one probe: each distinct answer as <code>[answer, mark, terminals]</code>, the mark one character as in the terminal documents, the terminals that gave it by their place in the index’s list${r ? html` — e.g. <a href="${API_DIR}/probes/${r.slug}.json">${r.id}</a>` : ''}</dd>
<dt><a href="${API_DIR}/schema.json">${API_DIR}/schema.json</a></dt><dd>the JSON Schema (draft 2020-12) of the four documents, told apart by their <code>document</code> field</dd>
<dt><code>results/&lt;slug&gt;.json.gz</code></dt><dd>each terminal’s whole results file, gzipped (schema <code>termprobe-results/1</code>): every answer with its raw replies</dd>
</dl>
<h2>Badges</h2>
<p>An SVG badge per terminal (<code>badges/&lt;slug&gt;.svg</code>: the share of decided probes it implements) and per feature (<code>badges/features/&lt;id&gt;.svg</code>: how many terminals support it, fully and partly, of those measured). Each says what it measures in its title.</p>
<p>${f ? html`<img class="badge" src="badges/features/${f.slug}.svg" alt="badge of ${f.feature.name}"> ` : ''}<img class="badge" src="badges/${c.slug}.svg" alt="badge of ${c.view.label}"></p>`;
  return renderPage(model, { title: 'JSON API', kind: 'list-page', root: '', crumbs: [], nav: 'api', body });
}

function notationPage(model: SiteModel): string {
  const kinds = CELL_KINDS.map((k) => html`<li><span class="mark k-${k}">${KIND_STYLES[k].mark}</span> <b>${KIND_STYLES[k].word}</b>: ${KIND_STYLES[k].meaning}</li>`);
  const body: Html = html`<h1>How to read the site</h1><h2>Feature marks</h2>${legendOfMarks()}<h2>Probe marks</h2><ul class="legend">${kinds}</ul>${notationLegend(model.reference.view.label)}`;
  return renderPage(model, { title: 'Notation', kind: 'list-page', root: '', crumbs: [], body });
}

export const listPages: SitePage = {
  name: 'lists',
  pages: (model) => [
    { path: 'terminals.html', content: () => terminalsPage(model) },
    { path: 'history.html', content: () => historyIndex(model) },
    { path: 'api.html', content: () => apiPage(model) },
    { path: 'notation.html', content: () => notationPage(model) },
  ],
};
