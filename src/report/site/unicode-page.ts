/**
 * unicode.html: the terminals' shares by kind of item (best match, emoji,
 * 2027, every category, the ambiguous set's reading, languages and spacing
 * marks under both conventions), the version ladder (new wide / zero-width code
 * points of each version drawn so) and the CJK extensions of planes 2-3 apart;
 * each terminal links to unicode/<terminal>.html, its drill-down to the items
 * that disagree, each with its code points, name, block and a printf;
 * unicode.json for machines. Written only when the site is built with Unicode
 * verdicts (site-command.ts reads unicode/ beside the results).
 */
import { BELOW_ALL, groupDisagreements, percent, verdictSentence, type Share, type UnicodeVerdict } from '../../classify/unicode-verdict.js';
import { widthSuiteHead } from '../../corpus/width-suite/load-width-suite.js';
import { CATEGORY_LABELS } from '../../corpus/width-suite/width-item.js';
import { ambiguousCell, conventionCell, lacksLine, ladderVersions, mode2027Line, SHARE_CATEGORIES, unicodeJson } from '../unicode-report.js';
import { jsonBlock } from './probe-page.js';
import { UNICODE_NAMES, UnicodeNameTable } from './unicode-items-data.js';
import { html, type Html } from './html.js';
import { renderPage, type ShellModel } from './layout.js';
import type { SitePage } from './site-pages.js';
import type { SiteModel } from './site-model.js';
import { SlugAllocator } from './slug.js';
import { disagreementRuns, groupMarked } from './unicode-ranges.js';
import { fillTemplate } from './templates.js';

/** Rows of disagreeing items on a terminal's page, at most: one item each, or a run of consecutive code points that disagree alike. */
export const ITEMS_PER_PAGE = 300;
/** Ranges of marked items shown per group; items per list in unicode.json (counts and groups say how many in all). */
const RANGES_SHOWN = 40;
const JSON_ITEMS = 50;

const KINDS = ['wide', 'narrow', 'ambiguous', 'zero-width', 'spacing-mark', 'emoji-zwj', 'vs16', 'vs15', 'lone-indicator', 'lone-modifier', 'flag', 'skin-tone', 'keycap', 'emoji-tag', 'hangul-jamo', 'language'] as const;
const best = (v: string) => (v === BELOW_ALL ? '≤ 8.0' : v);
const shareCell = (s: Share | undefined): Html => html`<td title="${s ? `${s.matched} of ${s.total}` : 'none'}">${percent(s)}</td>`;
const codes = (id: string) => id.slice(id.indexOf(':') + 1).split('-').map((h) => `U+${h}`).join(' ');

/** The page name of each verdict's drill-down, in verdict order. */
export function unicodeSlugs(verdicts: readonly UnicodeVerdict[]): string[] {
  const alloc = new SlugAllocator('terminal');
  return verdicts.map((v) => alloc.take(`${v.name}-${v.version}`));
}

function summaryTable(verdicts: readonly UnicodeVerdict[], slug: string[]): Html {
  const head = ['terminal', 'Unicode', 'emoji', '2027', ...SHARE_CATEGORIES.map((c) => CATEGORY_LABELS[c]), 'ambiguous', 'languages Mc 1 / Mc 0', 'spacing marks Mc 1 / Mc 0', 'disagree'];
  const rows = verdicts.map((v, i) => html`<tr><th><a href="unicode/${slug[i]!}.html">${v.name} ${v.version}</a></th><td>${v.answered === 0 ? '–' : best(v.unicode.best)}</td><td>${v.answered === 0 ? '–' : best(v.emoji.best)}</td><td>${v.mode2027}</td>${SHARE_CATEGORIES.map((k) => shareCell(v.shares[k]))}<td>${ambiguousCell(v)}</td><td>${conventionCell(v, 'language')}</td><td>${conventionCell(v, 'spacing-mark')}</td><td>${v.disagreements.length}</td></tr>`);
  return html`<table class="data unicode"><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`;
}

function versionTable(verdicts: readonly UnicodeVerdict[], slug: string[], root: '' | '../'): Html {
  const versions = ladderVersions(verdicts, (r) => ({ matched: 0, total: r.wide.total + r.zero.total })).filter((x) => Number(x) >= 9);
  const rows = verdicts.map((v, i) => {
    const cells = versions.map((ver) => {
      const r = v.unicode.versions.find((x) => x.version === ver);
      return r ? html`<td${ver === v.unicode.best ? html` class="best"` : ''} title="wide ${r.wide.matched}/${r.wide.total}, zero width ${r.zero.matched}/${r.zero.total}">${percent(r.wide)} / ${percent(r.zero)}</td>` : html`<td>–</td>`;
    });
    return html`<tr><th><a href="${root}unicode/${slug[i]!}.html">${v.name} ${v.version}</a></th>${cells}</tr>`;
  });
  return html`<table class="data unicode-versions"><thead><tr><th scope="col">terminal</th>${versions.map((x) => html`<th scope="col">${x}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`;
}

function planesTable(verdicts: readonly UnicodeVerdict[], slug: string[]): Html {
  const versions = ladderVersions(verdicts, (r) => r.wideExt);
  const rows = verdicts.map((v, i) => html`<tr><th><a href="unicode/${slug[i]!}.html">${v.name} ${v.version}</a></th>${versions.map((ver) => shareCell(v.unicode.versions.find((x) => x.version === ver)?.wideExt))}</tr>`);
  return html`<table class="data unicode-versions"><thead><tr><th scope="col">terminal</th>${versions.map((x) => html`<th scope="col">${x}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`;
}

const columns = (got: number | null) => (got === null ? 'no answer' : `${got} column${got === 1 ? '' : 's'}`);

/** The marked items by what happened to them, each group's items as ranges (the first RANGES_SHOWN). */
function markedList(v: UnicodeVerdict): Html {
  if (v.marked.length === 0) return html`<p>None.</p>`;
  const total = v.answered + v.marked.length;
  const groups = groupMarked(v.marked, RANGES_SHOWN + 1).map((g) => {
    const shown = g.ranges.slice(0, RANGES_SHOWN).map((r) => html`<code>${r.replace('..', '–')}</code> `);
    const all = g.count === total ? `all ${g.count} items of the suite` : `${g.count} item${g.count === 1 ? '' : 's'}`;
    const more = g.ranges.length > RANGES_SHOWN ? html`<span class="n">… and more: the terminal’s Unicode results file lists every item</span>` : '';
    return html`<li><b>${all}</b> (2027 ${g.pass}): ${columns(g.got)}${g.note ? ` — ${g.note}` : ''}<br>${shown}${more}</li>`;
  });
  return html`<ul class="marked">${groups}</ul>`;
}

/** unicode.json: each verdict with its first items only, as the page shows them, and counts and groups for the rest; without indentation (half the size). */
function siteUnicodeJson(verdicts: readonly UnicodeVerdict[]): string {
  return JSON.stringify(JSON.parse(unicodeJson(verdicts.map((v) => ({ ...v, markedCount: v.marked.length, markedGroups: groupMarked(v.marked, RANGES_SHOWN), marked: v.marked.slice(0, JSON_ITEMS) })), JSON_ITEMS))) + '\n';
}

function languagesOfSuite(): string {
  try {
    // The head only: decoding the 164,208 items took 0.15-0.3 s of the page-making thread for these words.
    const l = widthSuiteHead().languages;
    return l ? `${l.count} languages (${l.source})` : 'over 400 languages';
  } catch {
    return 'over 400 languages';
  }
}

export function renderUnicodePage(model: SiteModel, verdicts: readonly UnicodeVerdict[]): string {
  const slug = unicodeSlugs(verdicts);
  const suite = verdicts[0] ? `${verdicts.length} terminals, width suite ${verdicts[0].suite}` : 'no terminals';
  const body = fillTemplate('unicode', { suite, languages: languagesOfSuite(), summary: summaryTable(verdicts, slug), versions: versionTable(verdicts, slug, ''), planes: planesTable(verdicts, slug) });
  return renderPage(model, { title: 'Unicode widths', kind: 'unicode-page', root: '', crumbs: [{ text: 'Unicode widths' }], nav: 'unicode', body });
}

export function renderUnicodeTerminalPage(model: ShellModel, v: UnicodeVerdict, names: UnicodeNameTable = new UnicodeNameTable()): string {
  const versions = html`<table class="data"><thead><tr><th scope="col">Unicode</th><th scope="col">new wide drawn wide</th><th scope="col">planes 2–3 (CJK) drawn wide</th><th scope="col">new zero width drawn so</th><th scope="col">new narrow drawn narrow</th></tr></thead><tbody>${v.unicode.versions.map((r) => html`<tr${r.version === v.unicode.best ? html` class="best"` : ''}><th>${r.version}</th>${shareCell(r.wide)}${shareCell(r.wideExt)}${shareCell(r.zero)}${shareCell(r.narrow)}</tr>`)}</tbody></table>`;
  const zwj = new Map(v.zwj.versions.map((z) => [z.version, z.share]));
  const emoji = html`<table class="data"><thead><tr><th scope="col">emoji</th><th scope="col">all items</th><th scope="col">ZWJ sequences</th></tr></thead><tbody>${v.emoji.versions.map((r) => html`<tr${r.version === v.emoji.best ? html` class="best"` : ''}><th>${r.version}</th>${shareCell(r.share)}${shareCell(zwj.get(r.version))}</tr>`)}</tbody></table>`;
  const convention = (k: string) => (k === 'language' || k === 'spacing-mark' ? v.conventions[k] : undefined);
  const shares = html`<table class="data"><thead><tr><th scope="col">kind</th><th scope="col">drawn as specified</th><th scope="col">if spacing marks advance (Mc 1)</th><th scope="col">if not (Mc 0)</th></tr></thead><tbody>${KINDS.map((k) => {
    const c = convention(k);
    const label = k === 'ambiguous' ? `${CATEGORY_LABELS[k]} (drawn ${ambiguousCell(v)})` : CATEGORY_LABELS[k];
    return html`<tr><th>${label}</th>${c ? html`<td>–</td>${shareCell(c.advance)}${shareCell(c.zero)}` : html`${shareCell(v.shares[k])}<td></td><td></td>`}</tr>`;
  })}</tbody></table>`;
  const marked = markedList(v);
  const groups = groupDisagreements(v, 5);
  const groupList = groups.length === 0 ? html`<p>None.</p>` : html`<ul>${groups.map((g) => html`<li>${g.count} × <strong>${CATEGORY_LABELS[g.category]}</strong> ${g.version} (2027 ${g.pass}): ${g.got === null ? 'no answer' : `${g.got} column${g.got === 1 ? '' : 's'}`}, specified ${g.expected} — e.g. ${g.examples.map((e) => html`<code>${codes(e)}</code> `)}</li>`)}</ul>`;
  const runs = disagreementRuns(v.disagreements);
  const shown = runs.slice(0, ITEMS_PER_PAGE);
  const listed = shown.reduce((n, r) => n + r.count, 0);
  // The rows as data, drawn by assets/unicode.js with the names and blocks of assets/unicode-names.js (see unicode-items-data.ts).
  const items = shown.length === 0 ? html`` : html`<div class="table-wrap" id="items"><p class="n">The ${shown.length} rows are drawn by the page’s script from the data below.</p></div>${jsonBlock('items-data', shown.map((r) => names.row(r)))}${runs.length > shown.length ? html`<p>… and ${v.disagreements.length - listed} more (the Unicode results file holds every answer).</p>` : ''}`;
  const body = fillTemplate('unicode-terminal', {
    terminal: `${v.name} ${v.version}`,
    meta: `target ${v.target}${v.engine ? `, engine ${v.engine}` : ''}; DECRQM ?2027: ${v.mode2027}; clusters judged ${v.clusters === 'cluster' ? 'as clusters' : 'per code point'}`,
    sentence: `${v.name} ${verdictSentence(v)}.`,
    lacks: lacksLine(v) ? html`<p class="note">${lacksLine(v)!}</p>` : '',
    mode2027: mode2027Line(v),
    versions,
    emoji,
    shares,
    marked,
    count: v.disagreements.length,
    groups: groupList,
    items,
  });
  return renderPage(model, { title: `${v.name} ${v.version}: Unicode widths`, kind: 'unicode-page', root: '../', crumbs: [{ href: '../unicode.html', text: 'Unicode widths' }, { text: `${v.name} ${v.version}` }], nav: 'unicode', body, scripts: [UNICODE_NAMES, 'assets/unicode.js'] });
}

/** A file made ahead of the pages: its path in the site and its text. */
export interface MadeFile {
  path: string;
  text: string;
}

/**
 * The Unicode files that need nothing of the model but the tool's version:
 * unicode.json, each terminal's page and unicode-names.js (which the pages fill).
 * `termprobe site` makes them on the Unicode thread right after the verdicts
 * (unicode-verdicts-worker.ts): 0.25 s of the page-making thread's 3.8 s, in
 * the profile of the build over the published runs.
 */
export function unicodeTerminalFiles(model: ShellModel, verdicts: readonly UnicodeVerdict[]): { path: string; content: () => string }[] {
  const slug = unicodeSlugs(verdicts);
  // The pages fill the names table as they are written; unicode-names.js comes after them.
  const names = new UnicodeNameTable();
  return [
    { path: 'unicode.json', content: () => siteUnicodeJson(verdicts) },
    ...verdicts.map((v, i) => ({ path: `unicode/${slug[i]!}.html`, content: () => renderUnicodeTerminalPage(model, v, names) })),
    { path: UNICODE_NAMES, content: () => names.script() },
  ];
}

/** The same files made now, in order, for another thread to hand over. */
export function makeUnicodeTerminalFiles(toolVersion: string, verdicts: readonly UnicodeVerdict[]): MadeFile[] {
  return unicodeTerminalFiles({ toolVersion }, verdicts).map((f) => ({ path: f.path, text: f.content() }));
}

export const unicodePages: SitePage = {
  name: 'unicode',
  pages(model) {
    const verdicts = model.unicode;
    if (!verdicts || verdicts.length === 0) return [];
    const made = model.unicodeFiles instanceof Promise ? undefined : model.unicodeFiles;
    return [
      { path: 'unicode.html', content: () => renderUnicodePage(model, verdicts) },
      ...(made ? made.map((f) => ({ path: f.path, content: () => f.text })) : unicodeTerminalFiles(model, verdicts)),
    ];
  },
};
