/**
 * features/<id>.html: one feature — what it is, its names, its specs; every
 * terminal's mark with its numbered notes and since when it holds; and the
 * probes behind the marks, each terminal's probe mark a link to that probe's
 * page at that terminal's answer (the evidence one click away). Its badge is
 * badges/features/<id>.svg.
 */
import { FEATURE_MARKS, type FeatureMarkKind } from '../../classify/feature-marks.js';
import { CELL_KINDS, KIND_STYLES, SHORT_KIND, type CellKind } from './cell-kind.js';

/** Each kind's symbol and short class, for site.js: "✓ ki ✗ kl …". */
const KINDS_BY_MARK = CELL_KINDS.map((k) => `${KIND_STYLES[k].mark} ${SHORT_KIND[k]}`).join(' ');
import { featureBadge } from './badge-svg.js';
import { MARK_CLASS, markSymbol, markWord } from './feature-marks-view.js';
import { html, joinHtml, trustedHtml, type Html } from './html.js';
import { renderPage } from './layout.js';
import type { SiteFeature } from './site-features.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';
import type { SiteFile, SitePage } from './site-pages.js';
import { fillTemplate } from './templates.js';

export const featurePath = (f: SiteFeature) => `features/${f.slug}.html`;
export const featureBadgePath = (f: SiteFeature) => `badges/features/${f.slug}.svg`;

function countsLine(f: SiteFeature, total: number): Html {
  const parts = FEATURE_MARKS.filter((k) => f.counts[k] > 0).map((k) => html`<span class="mark fm-${MARK_CLASS[k]}">${markSymbol(k)}</span> ${f.counts[k]} ${markWord(k)}`);
  return html`<p class="verdict-line">${joinHtml(parts, ' · ')} <span class="n">of ${total} terminals</span></p>`;
}

/**
 * Every terminal's mark with its notes and since when, and the probe mark of
 * each facet; terminals with the same outcome (mark, notes, since and facet
 * marks: the six VTE front ends, say) share a row, supported first. Each
 * terminal's name gets its id (t-<slug>) from site.js, so a link can point at it
 * (in the page, the ids and each row’s first terminal again were 0.19 MB of the site). A
 * facet mark leads to that probe's page at the row's first terminal's answer
 * (site.js follows a click or Enter: as links, 28 terminals × a dozen facets
 * made the page four times larger).
 */
function terminalsTable(f: SiteFeature, model: SiteModel, rows: Map<string, SiteRow>): Html {
  const order = new Map(FEATURE_MARKS.map((k, i) => [k, i]));
  const facets = f.feature.facets.map((x) => ({ facet: x, row: rows.get(x.probe) }));
  const outcomes = new Map<string, { cols: SiteColumn[]; marks: CellKind[] }>();
  for (const c of model.columns) {
    const cell = f.cells[c.index]!;
    const marks = facets.map((x) => x.row?.cells[c.index]?.kind ?? 'not-run');
    const key = JSON.stringify([cell.mark, cell.notes, cell.since ?? null, cell.mark === 'unmeasured' ? cell.undecided[0] ?? '' : '', marks]);
    const o = outcomes.get(key) ?? { cols: [], marks };
    o.cols.push(c);
    outcomes.set(key, o);
  }
  const sorted = [...outcomes.values()].sort((a, b) => order.get(f.cells[a.cols[0]!.index]!.mark)! - order.get(f.cells[b.cols[0]!.index]!.mark)! || a.cols[0]!.index - b.cols[0]!.index);
  // A facet's probe, which a click on its marks opens, is read by site.js from its item in the list below (facetList).
  const facetHeads = facets.map((_x, i) => html`<th scope="col" class="facet"><a href="#facet-${i + 1}">${i + 1}</a></th>`);
  const body = sorted.map(({ cols, marks }) => {
    const cell = f.cells[cols[0]!.index]!;
    const notes = cell.notes.length > 0 ? html`<ol class="notes">${cell.notes.map((n) => html`<li>${n}</li>`)}</ol>` : cell.mark === 'unmeasured' && cell.undecided.length > 0 ? html`<span class="n">${cell.undecided[0]}</span>` : '';
    const since = cell.since ? html`${cell.since.version} <span class="n">(${markWord(cell.since.before)} before)</span>` : '';
    // A terminal's name is a link once site.js gives it its page from the name (siteScript's termprobeTerminalPages): the same
    // 28 links written into each of the 247 pages were 0.24 MB. Without scripts the names are there, the terminals one click away.
    const who = joinHtml(cols.map((c) => html`<a>${c.view.label}</a>`), ', ');
    // Made here from the probe marks' kinds alone: a symbol per facet. site.js gives each its kind's class (colour) from the
    // table's data-kinds, one symbol to one kind: a class on each of 10,400 cells was 94 KB of the 247 pages.
    const cells = marks.map((kind) => `<td>${KIND_STYLES[kind].mark}`).join('');
    return html`<tr><th scope="row">${who}</th><td class="fmark fm-${MARK_CLASS[cell.mark]}">${markSymbol(cell.mark)} ${markWord(cell.mark)}</td><td>${notes}</td><td>${since}</td>${trustedHtml(cells)}</tr>`;
  });
  return html`<div class="table-wrap"><table class="data feature-terminals facets" data-kinds="${KINDS_BY_MARK}"><thead><tr><th scope="col">terminals</th><th scope="col">mark</th><th scope="col">notes</th><th scope="col">since</th>${facetHeads}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** The facets, numbered as the table's last columns: what each checks, and its probe. */
function facetList(f: SiteFeature, rows: Map<string, SiteRow>): Html {
  const items = f.feature.facets.map((x, i) => {
    const row = rows.get(x.probe);
    const probe = row ? html`<a href="../probes/${row.slug}.html"><code>${x.probe}</code></a>` : html`<code>${x.probe}</code>`;
    return html`<li id="facet-${i + 1}">${x.checks} <span class="n">· ${probe}${f.feature.present.includes(x.name) ? ' · shows it is there' : ''}</span></li>`;
  });
  return html`<ol class="facet-list">${items}</ol>`;
}

export function renderFeaturePage(f: SiteFeature, model: SiteModel, badgeWidth: number): string {
  const rows = new Map(model.rows.map((r) => [r.id, r]));
  const ff = f.feature;
  const measured = ff.facets.length > 0;
  const body = fillTemplate('feature', {
    name: ff.name,
    section: f.section.title,
    sectionSlug: f.section.slug,
    kind: ff.kind === 'input' ? 'input: what the terminal sends' : 'output: what the terminal does with what it is sent',
    aliases: ff.aliases.length > 0 ? html`<p class="aliases"><span class="n">also known as</span> ${joinHtml(ff.aliases.map((a) => html`<code>${a}</code>`), ' ')}</p>` : '',
    description: ff.description,
    specs: ff.specs.length > 0 ? html`<p class="specs"><span class="n">specified in</span> ${joinHtml(ff.specs.map((s) => html`<a href="${s.url}" rel="noopener noreferrer nofollow">${s.title}</a>`), ' · ')}</p>` : '',
    badge: html`<img class="badge" src="../${featureBadgePath(f)}" alt="badge: ${ff.name}, ✓ ${f.counts.supported} ◐ ${f.counts.partial}" width="${badgeWidth}" height="20">`,
    counts: measured ? countsLine(f, model.columns.length) : html`<p class="verdict-line">Not measured yet: ${ff.unmeasured ?? ''}</p>`,
    terminals: measured ? terminalsTable(f, model, rows) : html`<p>No probe measures this feature yet, so every terminal’s mark is ? (not measured).</p>`,
    rule: measured
      ? html`<p class="n">${f.feature.present.length === ff.facets.length ? 'Any of these probes' : `Any of the ${f.feature.present.length} that show it is there`} implemented makes the feature supported, or partial when another fails (a note each); ${f.feature.present.length === ff.facets.length ? 'all' : 'those'} failing, not supported; none decided, not measured. The table’s numbered columns are their marks: a mark leads to its evidence.</p>`
      : '',
    facets: measured ? facetList(f, rows) : '',
    badgePath: featureBadgePath(f),
  });
  return renderPage(model, { title: ff.name, kind: 'feature-page', root: '../', crumbs: [{ href: `../index.html#s-${f.section.slug}`, text: f.section.title }, { text: ff.name }], nav: 'features', body });
}

export const featurePages: SitePage = {
  name: 'features',
  pages: (model) =>
    (model.features?.list ?? []).flatMap((f): SiteFile[] => {
      const badge = featureBadge(f.feature.name, f.counts as Record<FeatureMarkKind, number>);
      return [
        { path: featureBadgePath(f), content: () => badge.svg },
        { path: featurePath(f), content: () => renderFeaturePage(f, model, badge.width) },
      ];
    }),
};
