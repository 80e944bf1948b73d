/** The page shell every page shares (site/templates/layout.html): CSP, styles, script, header, footer. */
import { html, joinHtml, type Html } from './html.js';
import type { SiteModel } from './site-model.js';
import { fillTemplate } from './templates.js';
import { notationLegend } from './notation-legend.js';
import { SITE_DATA_FILE, SITE_DATA_SCHEMA_FILE } from './site-data-schema.js';

export interface PageParts {
  title: string;
  /** A body class for the stylesheet, one per page kind ('matrix-page', 'probe-page', 'compare-page' …). */
  kind: `${string}-page`;
  /** '' for the top folder, '../' for pages one folder down. */
  root: '' | '../';
  /** Links leading to this page, after the home link. */
  crumbs: { href?: string; text: string }[];
  body: Html;
  /** Where the skip link leads (default: the main content) and what it says. */
  skip?: { href: string; text: string };
  /** Scripts this page runs before site.js (paths from the top folder), in order. */
  scripts?: string[];
}

/** The notation legend, the same on every page of a build: made once per reference. */
const legends = new Map<string, Html>();
function legendFor(reference: string): Html {
  let legend = legends.get(reference);
  if (!legend) legends.set(reference, (legend = notationLegend(reference)));
  return legend;
}

export function renderPage(model: SiteModel, page: PageParts): string {
  const crumbs = joinHtml(
    page.crumbs.map((c) => (c.href ? html`<a href="${c.href}">${c.text}</a>` : html`<span aria-current="page">${c.text}</span>`)),
    html` <span class="sep">›</span> `,
  );
  return fillTemplate('layout', {
    title: page.title,
    root: page.root,
    pageKind: page.kind,
    toolVersion: model.toolVersion,
    breadcrumbs: crumbs,
    body: page.body,
    runCount: model.columns.length,
    reference: model.reference.view.label,
    unicodeLink: html`${model.categories.some((c) => c.rows.some((r) => r.probe?.input)) ? html` What terminals send for keys, mouse, paste and focus: <a href="${page.root}input.html">input.html</a>.` : ''}${model.unicode && model.unicode.length > 0 ? html` Unicode widths of ${model.unicode.length} terminals: <a href="${page.root}unicode.html">unicode.html</a>.` : ''}${model.sessions || model.chunking ? html` Recorded sessions replayed everywhere, and the chunking property: <a href="${page.root}sessions.html">sessions.html</a>.` : ''}${model.speed && model.speed.length > 0 ? html` How fast each terminal is (reply latency, throughput, first frame, memory): <a href="${page.root}speed.html">speed.html</a>.` : ''}`,
    notation: legendFor(model.reference.view.label),
    dataFile: SITE_DATA_FILE,
    dataSchemaFile: SITE_DATA_SCHEMA_FILE,
    skipTarget: page.skip?.href ?? '#main',
    skipText: page.skip?.text ?? 'Skip to the content',
    scripts: [...(page.scripts ?? []), 'assets/site.js'].map((s) => html`<script src="${page.root}${s}" defer></script>`),
  }).toString();
}
