/**
 * probes.html: every probe × every terminal, one level below the features. The
 * page holds the filters; assets/probes.js draws the table from
 * assets/probe-data.js (one header table that sticks, one table per category,
 * each in a section the browser may skip rendering while it is off screen).
 * Drawn from data because the table as markup was 4.8 MB: the data is a tenth
 * of that, and the descriptions a search also looks at load on the first search.
 */
import { SCORE_LINE } from '../compare-rows.js';
import { CELL_KINDS, KIND_STYLES } from './cell-kind.js';
import { html, type Html } from './html.js';
import { renderPage } from './layout.js';
import { PROBE_DATA, probeDataFiles } from './probe-data.js';
import type { SiteColumn, SiteModel } from './site-model.js';
import { fillTemplate } from './templates.js';
import type { SitePage } from './site-pages.js';

export const MATRIX_PAGE = 'probes.html';

export function scoreText(c: SiteColumn): string {
  return c.summary.score === null ? '—' : c.summary.score.toFixed(1);
}

/** The words the search box takes as naming this terminal: its name, target and page names. */
export function terminalNames(c: SiteColumn): string {
  return [...new Set([c.view.name, c.view.targetId, c.slug, c.short].map((n) => n.toLowerCase().replace(/\s+/g, '-')))].join(' ');
}

export function legend(): Html {
  const items = CELL_KINDS.map((k) => html`<li><span class="mark k-${k}">${KIND_STYLES[k].mark}</span> <b>${KIND_STYLES[k].word}</b><span class="meaning">: ${KIND_STYLES[k].meaning}</span></li>`);
  return html`<ul class="legend" aria-label="legend">${items}</ul>`;
}

/** The divergence registry as the page names it: never a path of the machine that built the site. */
function registryName(file: string): string {
  const m = /(probes\/divergences[^\s]*)$/.exec(file.replace(/\\/g, '/'));
  return m ? m[1]! : file.replace(/\\/g, '/').split('/').slice(-2).join('/');
}

export function renderMatrixPage(model: SiteModel): string {
  const { cmp } = model;
  const categoryFilters = model.categories.map(
    (c) => html`<label class="check"><input type="checkbox" checked data-cat="${c.slug}"> ${c.name} <span class="n">${c.rows.length}</span></label>`,
  );
  const terminalFilters = model.columns.map(
    (c) => html`<label class="check"><input type="checkbox" checked data-col="${c.index}" data-slug="${c.slug}" data-short="${c.short}" data-label="${c.view.label}" data-names="${terminalNames(c)}"> ${c.view.label}</label>`,
  );
  const markOptions = CELL_KINDS.map((k) => html`<option value="${k}">${KIND_STYLES[k].mark} ${KIND_STYLES[k].word}</option>`);
  const differing = cmp.rows.filter((r) => r.differs).length;
  const body = fillTemplate('matrix', {
    heading: 'Every probe, every terminal',
    lede: `${cmp.rows.length} probes × ${model.columns.length} terminals (${cmp.engineCount} engines): the measurements the features are made of. Each cell says whether the terminal implements the probed behaviour, from the probe’s own expectations; ${differing} probes get an answer somewhere that differs from ${model.reference.view.label}’s, and each difference is classified in the cell’s title and on its probe page. Follow a cell to the bytes sent and the reply received.`,
    notes: cmp.notes.length ? html`<ul class="notes">${cmp.notes.map((n) => html`<li>${n}</li>`)}</ul>` : '',
    legend: legend(),
    categoryFilters,
    terminalFilters,
    markOptions,
    scoreFormula: `${SCORE_LINE}. Registry of known divergences: ${registryName(cmp.registryFile)}.`,
  });
  return renderPage(model, { title: 'Every probe', kind: 'matrix-page', root: '', crumbs: [], nav: 'probes', body, skip: { href: '#first-cell', text: 'Skip to the table' }, scripts: [PROBE_DATA, 'assets/probes.js'] });
}

export const matrixPages: SitePage = {
  name: 'matrix',
  pages: (model) => [{ path: MATRIX_PAGE, content: () => renderMatrixPage(model) }, ...probeDataFiles(model)],
};
