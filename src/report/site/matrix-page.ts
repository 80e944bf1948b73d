/**
 * index.html: probes × terminals. One header table (sticky) and one table per
 * category, all with the same fixed column widths, each category in a section
 * the browser may skip rendering while it is off screen (content-visibility):
 * that keeps load and filtering fast at 21 × 300. Rows carry what the filters
 * need as data attributes, so site.js filters by toggling attributes and
 * classes, never by re-rendering.
 */
import { mnemonicName } from '../../corpus/mnemonic-names.js';
import { SCORE_LINE } from '../compare-rows.js';
import { AGREEMENT_LETTERS } from '../class-marks.js';
import { CELL_KINDS, KIND_STYLES } from './cell-kind.js';
import { html, joinHtml, type Html } from './html.js';
import { renderPage } from './layout.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';
import { fillTemplate } from './templates.js';
import type { SitePage } from './site-pages.js';

export function scoreText(c: SiteColumn): string {
  return c.summary.score === null ? '—' : c.summary.score.toFixed(1);
}

function colgroup(model: SiteModel): Html {
  return html`<colgroup><col class="pcol">${model.columns.map((c) => html`<col class="c${c.index}">`)}</colgroup>`;
}

function columnHead(c: SiteColumn): Html {
  const id = c.view.run.target.identity;
  return html`<th scope="col" class="term c${c.index}${c.isReference ? ' ref' : ''}"><a href="terminals/${c.slug}.html" title="${c.view.label}${c.isReference ? ' (compared against)' : ''}, engine ${c.view.engine.name}, identified by ${id.identifiedBy}"><span class="t-name">${c.view.name}</span> <span class="t-ver">${c.view.version}</span>${c.view.label.endsWith(` on ${c.view.platform}`) ? html` <span class="t-os">${c.view.platform}</span>` : ''} <span class="t-how">${id.identifiedBy}</span></a></th>`;
}

function head(model: SiteModel): Html {
  const scores = model.columns.map((c) => html`<td class="c${c.index}" title="${c.view.label} implements ${c.summary.implements} of the ${c.summary.implements + c.summary.lacks + c.summary.other} probes its answers decide">${scoreText(c)}</td>`);
  return html`<table class="m-head">${colgroup(model)}<thead><tr class="heads"><th scope="col" class="corner">probe</th>${model.columns.map(columnHead)}</tr><tr class="scores"><th scope="row">score</th>${scores}</tr></thead></table>`;
}

/** What the search box matches a probe by: id, title, description, spec and the mnemonics of its bytes and queries. */
export function searchText(r: SiteRow): string {
  const p = r.probe;
  const words = new Set(r.sequences.map(mnemonicName).filter((n) => n !== undefined));
  return [r.id, r.title, p?.description, p?.spec, ...r.sequences, ...words].filter(Boolean).join(' ').replace(/\s+/g, ' ').toLowerCase();
}

/** The words the search box takes as naming this terminal: its name, target and page names. */
export function terminalNames(c: SiteColumn): string {
  return [...new Set([c.view.name, c.view.targetId, c.slug, c.short].map((n) => n.toLowerCase().replace(/\s+/g, '-')))].join(' ');
}

function probeRow(model: SiteModel, r: SiteRow): Html {
  const cells = r.cells.map((cell, i) => {
    const col = model.columns[i]!;
    const style = KIND_STYLES[cell.kind];
    const a = cell.verdict.agreement;
    const against = a && a.class !== 'same' ? ` · ${AGREEMENT_LETTERS[a.class]} ${a.class}` : '';
    const first = r === model.rows[0] && i === 0;
    return html`<td class="c${i} k-${cell.kind}${a && a.class !== 'same' ? ' differs' : ''}"><a${first ? html` id="first-cell"` : ''} href="probes/${r.slug}.html#t-${col.slug}" aria-label="${col.view.name}: ${style.word}" title="${col.view.label}: ${style.word}${against} · ${cell.answer}">${style.mark}</a></td>`;
  });
  return html`<tr class="probe" data-q="${searchText(r)}" data-k="${r.cells.map((c) => c.kind).join(' ')}" data-g="${r.cells.map((c) => c.group).join(' ')}"><th scope="row"><a href="probes/${r.slug}.html">${idParts(r.id)}</a><span class="p-title">${r.title}</span></th>${cells}</tr>`;
}

function sections(model: SiteModel): Html {
  const cols = colgroup(model);
  // Each category's table names its columns too, for screen readers (the drawn names are in the sticky header table).
  const names = html`<thead class="sr-head"><tr><th scope="col" class="pcol"><span class="sr-only">probe</span></th>${model.columns.map((c) => html`<th scope="col" class="c${c.index}"><span class="sr-only">${c.view.label}</span></th>`)}</tr></thead>`;
  return joinHtml(
    model.categories.map(
      (cat) =>
        html`<section class="cat" id="cat-${cat.slug}" data-cat="${cat.slug}" aria-labelledby="h-${cat.slug}"><h2 class="cat-head" id="h-${cat.slug}"><span>${cat.name} <span class="n">${cat.rows.length} probe${cat.rows.length === 1 ? '' : 's'}</span></span></h2><table aria-labelledby="h-${cat.slug}">${cols}${names}<tbody>${cat.rows.map((r) => probeRow(model, r))}</tbody></table></section>`,
    ),
  );
}

/** A probe id with its category prefix in a span of its own, which a phone leaves out (the category heading says it). */
function idParts(id: string): Html {
  const dot = id.indexOf('.');
  return dot > 0 ? html`<span class="p-cat">${id.slice(0, dot + 1)}</span>${id.slice(dot + 1)}` : html`${id}`;
}

export function legend(): Html {
  const items = CELL_KINDS.map((k) => html`<li><span class="mark k-${k}">${KIND_STYLES[k].mark}</span> <b>${KIND_STYLES[k].word}</b><span class="meaning">: ${KIND_STYLES[k].meaning}</span></li>`);
  return html`<ul class="legend" aria-label="legend">${items}</ul>`;
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
    heading: 'Terminal compatibility table',
    lede: `${cmp.rows.length} probes × ${model.columns.length} terminals (${cmp.engineCount} engines). Each cell says whether the terminal implements the probed behaviour, from the probe’s own expectations; ${differing} probes get an answer somewhere that differs from ${model.reference.view.label}’s, and each difference is classified in the cell’s title and on its probe page. Follow a cell to the bytes sent and the reply received.`,
    notes: cmp.notes.length ? html`<ul class="notes">${cmp.notes.map((n) => html`<li>${n}</li>`)}</ul>` : '',
    legend: legend(),
    categoryFilters,
    terminalFilters,
    markOptions,
    head: head(model),
    bodies: sections(model),
    scoreFormula: `${SCORE_LINE}. Registry of known divergences: ${cmp.registryFile}.`,
  });
  return renderPage(model, { title: 'Compatibility table', kind: 'matrix-page', root: '', crumbs: [], body, skip: { href: '#first-cell', text: 'Skip to the table' } });
}

export const matrixPages: SitePage = {
  name: 'matrix',
  pages: (model) => [{ path: 'index.html', content: () => renderMatrixPage(model) }],
};
