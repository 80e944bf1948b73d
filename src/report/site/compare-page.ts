/**
 * compare/<a>-vs-<b>.html: two terminals side by side, only where they answer
 * differently (compared at the deepest level both read, as the classifier and
 * the matrix's "differ" filter compare), by category, each with its support mark
 * and answer. One page per pair, named in column order with the short names
 * (compare/kitty-vs-xterm.html); the matrix shows the same rows at
 * index.html#t=<a>,<b>&differ=1.
 */
import { KIND_STYLES } from './cell-kind.js';
import { html, type Html } from './html.js';
import { renderPage } from './layout.js';
import { scoreText } from './matrix-page.js';
import type { SitePage } from './site-pages.js';
import { answersDiffer, type SiteColumn, type SiteModel, type SiteRow } from './site-model.js';
import { fillTemplate } from './templates.js';

/** The page for a pair, from the top folder; `a` must come before `b` in column order. */
export function comparePath(a: SiteColumn, b: SiteColumn): string {
  const [x, y] = a.index < b.index ? [a, b] : [b, a];
  return `compare/${x.short}-vs-${y.short}.html`;
}

/** The id without its category, which the table's heading gives. */
const shortId = (id: string) => id.slice(id.indexOf('.') + 1);

function cell(r: SiteRow, c: SiteColumn): Html {
  const cellData = r.cells[c.index]!;
  const style = KIND_STYLES[cellData.kind];
  // Kept small: 210 pages at 21 terminals. The mark and colour say the kind (the legend names them), then the answer;
  // three columns fit a phone as they are (no stacking, so no per-cell column names).
  return html`<td class="k-${cellData.kind}">${style.mark} ${cellData.answer}</td>`;
}

function table(model: SiteModel, a: SiteColumn, b: SiteColumn): { body: Html; count: number; both: number } {
  let count = 0;
  let both = 0;
  const sections = model.categories.flatMap((cat) => {
    const rows = cat.rows.filter((r) => {
      const ran = r.cells[a.index]!.group !== '-1' && r.cells[b.index]!.group !== '-1';
      if (ran) both++;
      return ran && answersDiffer(r, a.index, b.index);
    });
    count += rows.length;
    if (rows.length === 0) return [];
    const trs = rows.map((r) => html`<tr><th><a href="../probes/${r.slug}.html">${shortId(r.id)}</a></th>${cell(r, a)}${cell(r, b)}</tr>`);
    return [html`<h3>${cat.name} <span class="n">${rows.length}</span></h3><div><table class="data pair"><thead><tr><th scope="col">probe</th><th scope="col">${a.view.label}</th><th scope="col">${b.view.label}</th></tr></thead><tbody>${trs}</tbody></table></div>`];
  });
  return { body: html`${sections}`, count, both };
}

export function renderComparePage(model: SiteModel, a: SiteColumn, b: SiteColumn): string {
  const t = table(model, a, b);
  const terminal = (c: SiteColumn) => html`<a href="../terminals/${c.slug}.html">${c.view.label}</a> (score ${scoreText(c)}, engine ${c.view.engine.name})`;
  const body = fillTemplate('compare', {
    a: a.view.label,
    b: b.view.label,
    terminals: html`${terminal(a)} and ${terminal(b)}`,
    summary: t.count === 0 ? `They give the same answer on all ${t.both} probes both ran.` : `They answer differently on ${t.count} of the ${t.both} probes both ran.`,
    matrixLink: `../index.html#t=${a.slug},${b.slug}&differ=1`,
    rows: t.body,
  });
  return renderPage(model, { title: `${a.view.label} vs ${b.view.label}`, kind: 'compare-page', root: '../', crumbs: [{ text: `${a.view.label} vs ${b.view.label}` }], body });
}

export const comparePages: SitePage = {
  name: 'compare',
  pages(model) {
    return model.columns.flatMap((a, i) => model.columns.slice(i + 1).map((b) => ({ path: comparePath(a, b), content: () => renderComparePage(model, a, b) })));
  },
};
