/**
 * The page shell every page shares (site/templates/layout.html): CSP, styles,
 * scripts, the site's navigation (features, probes, terminals, compare, Unicode,
 * history, sessions, API: every part of the site one click from every page),
 * breadcrumbs and footer. The notation legend has a page of its own
 * (notation-legend.ts), linked from every footer rather than copied into each page.
 */
import { html, joinHtml, type Html } from './html.js';
import type { SiteModel } from './site-model.js';
import { fillTemplate } from './templates.js';
import { siteAsset } from './compact-source.js';

/** The parts of the site the navigation names, in order. */
export const NAV = ['features', 'probes', 'input', 'terminals', 'compare', 'unicode', 'history', 'sessions', 'speed', 'api', 'docs'] as const;
export type NavKey = (typeof NAV)[number];

export interface PageParts {
  title: string;
  /** A body class for the stylesheet, one per page kind ('matrix-page', 'probe-page', 'compare-page' …). */
  kind: `${string}-page`;
  /** '' for the top folder, '../' for pages one folder down. */
  root: '' | '../';
  /** Links leading to this page, after the home link (none: no breadcrumb line). */
  crumbs: { href?: string; text: string }[];
  body: Html;
  /** The navigation entry this page belongs to, marked as the current one. */
  nav?: NavKey;
  /** Where the skip link leads (default: the main content) and what it says. */
  skip?: { href: string; text: string };
  /** Scripts this page runs after site.js (paths from the top folder), in order. */
  scripts?: string[];
  /** The first of them carries site.js itself (a probe page loads one script, not two: 50 bytes on 1,113 pages). */
  siteScriptInside?: true;
}

/** Each navigation entry's page and words, for the parts this site has. */
export function navEntries(model: SiteModel): { key: NavKey; path: string; text: string }[] {
  const all: { key: NavKey; path: string; text: string; has: boolean }[] = [
    { key: 'features', path: 'index.html', text: 'Features', has: true },
    { key: 'probes', path: 'probes.html', text: 'Probes', has: true },
    { key: 'input', path: 'input.html', text: 'Input', has: model.categories.some((c) => c.rows.some((r) => r.probe?.input)) },
    { key: 'terminals', path: 'terminals.html', text: 'Terminals', has: true },
    { key: 'compare', path: 'compare.html', text: 'Compare', has: true },
    { key: 'unicode', path: 'unicode.html', text: 'Unicode', has: (model.unicode?.length ?? 0) > 0 },
    { key: 'history', path: 'history.html', text: 'History', has: true },
    { key: 'sessions', path: 'sessions.html', text: 'Sessions', has: model.sessions !== undefined || model.chunking !== undefined },
    { key: 'speed', path: 'speed.html', text: 'Speed', has: (model.speed?.length ?? 0) > 0 },
    { key: 'api', path: 'api.html', text: 'API', has: true },
    { key: 'docs', path: 'docs/readme.html', text: 'Docs', has: true },
  ];
  return all.filter((e) => e.has);
}

/**
 * The footer: the tool's version and the notation page; the top folder's pages
 * (the index, the tables) also say how many runs and against which reference,
 * words the 1,400 pages one folder down need not carry each (their tables say
 * the reference where it matters).
 */
function footer(model: ShellModel, root: PageParts['root']): Html {
  const notation = html`<a href="${root}notation.html">notation</a>`;
  if (root !== '') return html`<p>termprobe ${model.toolVersion} · ${notation}</p>`;
  const whole = wholeModel(model);
  return html`<p>termprobe ${whole.toolVersion}: ${whole.columns.length} results files, classes against ${whole.reference.view.label} · ${notation}</p>`;
}

/**
 * What a page needs of the model: one folder down only the footer's version (its
 * navigation is drawn by site.js), so such a page can be made where the model is
 * not (the Unicode thread, unicode-page.ts); a top-folder page needs the whole model.
 */
export type ShellModel = SiteModel | { readonly toolVersion: string };

function wholeModel(model: ShellModel): SiteModel {
  if (!('columns' in model)) throw new Error('internal error: a page of the top folder is made without the site model');
  return model;
}

/**
 * The navigation as site.js draws it on the pages one folder down (1,440 of 1,456:
 * 0.62 MB of the same links written into each). It goes out at the head of site.js,
 * the one script every page loads (a probe page inside probe.js): [page, words, key].
 * The top folder's pages keep it written in, so without scripts every part of the
 * site is still one click from the home link.
 */
export function siteScript(model: SiteModel): string {
  const entries = navEntries(model).map((e) => [e.path, e.text, e.key]);
  // And each terminal's label and page name, in column order: site.js makes a feature page's terminal names links
  // (feature-page.ts) and a terminal page's links to the compare page (terminal-page.ts compareWith).
  const pages = model.columns.map((c) => [c.view.label, c.slug]);
  return `window.termprobeNav=${JSON.stringify(entries)};\nwindow.termprobeTerminalPages=${JSON.stringify(pages)};\n${siteAsset('site.js')}`;
}

export function renderPage(model: ShellModel, page: PageParts): string {
  // One folder down, the header says which entry is current and site.js draws the links (siteScript).
  const nav =
    page.root === ''
      ? html`<nav class="site-nav" aria-label="site">${navEntries(wholeModel(model)).map((e) => html`<a href="${e.path}"${e.key === page.nav ? html` aria-current="page"` : ''}>${e.text}</a>`)}</nav>`
      : '';
  const navAt = page.root === '' ? '' : html` data-nav="${page.nav ?? ''}"`;
  const crumbs =
    page.crumbs.length === 0
      ? ''
      : html`<nav class="crumbs" aria-label="breadcrumbs">${joinHtml(
          page.crumbs.map((c) => (c.href ? html`<a href="${c.href}">${c.text}</a>` : html`<span aria-current="location">${c.text}</span>`)),
          html` <span class="sep">›</span> `,
        )}</nav>`;
  return fillTemplate('layout', {
    title: page.title,
    root: page.root,
    pageKind: page.kind,
    nav,
    navAt,
    breadcrumbs: crumbs,
    body: page.body,
    footer: footer(model, page.root),
    skipTarget: page.skip?.href ?? '#main',
    skipText: page.skip?.text ?? 'Skip to the content',
    scripts: [...(page.siteScriptInside ? [] : ['assets/site.js']), ...(page.scripts ?? [])].map((s) => html`<script src="${page.root}${s}" defer></script>`),
  }).toString();
}
