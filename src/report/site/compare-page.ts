/**
 * compare.html: any two terminals side by side, only where they answer
 * differently (compared at the deepest level both read, as the classifier and
 * the matrix's "differ" filter compare), by category, each with its support mark
 * and answer. One page for every pair: the pair is in the address
 * (compare.html#a=kitty-0.26.5&b=xterm-379; short names such as a=kitty work
 * too), and assets/compare.js draws it from assets/probe-data.js, the data the
 * probe table is drawn from (probe-data.ts): first the counts (both implement,
 * one only, neither, answered differently), then the differing probes. A page
 * per pair would be quadratic: 378 pages and 24 MB for 28 terminals, 1,770 pages
 * for 60 results files. The probe table shows the same rows at
 * probes.html#t=<a>,<b>&differ=1.
 */
import { html } from './html.js';
import { renderPage } from './layout.js';
import { PROBE_DATA } from './probe-data.js';
import type { SitePage } from './site-pages.js';
import type { SiteColumn, SiteModel } from './site-model.js';
import { fillTemplate } from './templates.js';

export const COMPARE_PAGE = 'compare.html';

/** The compare view of a pair, from the top folder: `a` is shown first. */
export function comparePath(a: SiteColumn, b: SiteColumn): string {
  return `${COMPARE_PAGE}#a=${encodeURIComponent(a.slug)}&b=${encodeURIComponent(b.slug)}`;
}

export function renderComparePage(model: SiteModel): string {
  const options = (selected: SiteColumn | undefined) => model.columns.map((c) => html`<option value="${c.slug}"${c === selected ? html` selected` : ''}>${c.view.label}</option>`);
  const others = model.columns.filter((c) => !c.isReference);
  const [first, second] = others.length > 0 ? [model.reference, others[0]] : [model.columns[0], model.columns[1]];
  const body = fillTemplate('compare', { optionsA: options(first), optionsB: options(second), terminals: model.columns.length });
  return renderPage(model, { title: 'Compare two terminals', kind: 'compare-page', root: '', crumbs: [{ text: 'Compare two terminals' }], nav: 'compare', body, scripts: [PROBE_DATA, 'assets/compare.js'] });
}

export const comparePages: SitePage = {
  name: 'compare',
  pages: (model) => [{ path: COMPARE_PAGE, content: () => renderComparePage(model) }],
};
