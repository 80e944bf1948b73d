/**
 * input.html: the other half of a terminal — what it sends for keys, the mouse, a paste and a focus change. Per
 * input category, how many probes each terminal implements of those its answers decide, and the probes, each linking
 * to its page, where every terminal's bytes are shown with a printf that writes what the program received.
 */
import { INPUT_CATEGORIES } from '../../corpus/input/input-categories.js';
import { html, joinHtml, type Html } from './html.js';
import { renderPage } from './layout.js';
import type { SiteCategory, SiteColumn, SiteModel } from './site-model.js';
import { dataTable } from './data-table.js';
import type { SitePage } from './site-pages.js';

/** How one terminal did on one category's probes: implements of those decided (✓ ✗ ~), the others not decided. */
function score(cat: SiteCategory, c: SiteColumn): Html {
  let yes = 0;
  let decided = 0;
  for (const r of cat.rows) {
    const kind = r.cells[c.index]!.kind;
    if (kind === 'implements') yes++;
    if (kind === 'implements' || kind === 'lacks' || kind === 'other') decided++;
  }
  return decided === 0 ? html`<span class="n">—</span>` : html`${yes}<span class="n">/${decided}</span>`;
}

export function inputCategories(model: SiteModel): SiteCategory[] {
  return model.categories.filter((c) => c.rows.some((r) => r.probe?.input) || (INPUT_CATEGORIES as readonly string[]).includes(c.name));
}

function renderInputPage(model: SiteModel): string {
  const cats = inputCategories(model);
  const table = dataTable({
    cls: 'input-scores',
    columns: ['terminal', ...cats.map((c) => c.name)],
    rows: model.columns.map((c) => ({ head: html`<a href="terminals/${c.slug}.html">${c.view.label}</a>`, cells: cats.map((cat) => score(cat, c)) })),
  });
  const lists = joinHtml(
    cats.map((cat) => html`<section id="input-${cat.slug}"><h2>${cat.name} <span class="n">${cat.rows.length} probes · <a href="probes.html#cat-${cat.slug}">in the table</a></span></h2><ul class="probe-list">${cat.rows.map((r) => html`<li><a href="probes/${r.slug}.html">${r.id}</a> <span class="n">${r.title}</span></li>`)}</ul></section>`),
  );
  const body = html`<h1>Input: what terminals send</h1>
<p>The other half of a terminal: for each key, mouse event, paste and focus change below, the terminal was put in the probe's modes and the event made as a person makes it — real X key, button and motion events in a GUI terminal's window, the bytes an outer xterm sends written to a multiplexer's client — and every byte the program inside received was recorded. Each probe's page shows every terminal's bytes, escaped, with a <code>printf</code> that writes exactly what the program received.</p>
<p>Implements, of the probes each terminal's answers decide:</p>
${table}
${lists}`;
  return renderPage(model, { title: 'Input: keys, mouse, paste and focus', kind: 'input-page', root: '', crumbs: [{ text: 'input' }], nav: 'input', body });
}

export const inputPages: SitePage = {
  name: 'input',
  pages: (model) => (inputCategories(model).length === 0 ? [] : [{ path: 'input.html', content: () => renderInputPage(model) }]),
};
