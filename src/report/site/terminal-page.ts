/**
 * terminals/<slug>.html: one terminal as a report card — per section, the share
 * of its features supported; the partial ones with their notes and the ones it
 * lacks; what changed between the versions measured; its Unicode verdict; the
 * command that measures it again. Then its probes by category (scored by
 * src/classify, like every table), the registry's reasons for where it differs
 * from the reference, its identity chain and settings, and its results file.
 */
import { comparePath } from './compare-page.js';
import { resultsCopy, resultsCopyPath } from './compact-results.js';
import { pictureInResults, sheetInResults, sheetPath } from './site-pictures.js';
import { summarizeTarget, SCORE_LINE } from '../../classify/score.js';
import type { Identity, ResultsFile } from '../../results/results-schema.js';
import { describeConvention } from '../../classify/reply-convention.js';
import { verdictSentence } from '../../classify/unicode-verdict.js';
import type { FeatureMarkKind } from '../../classify/feature-marks.js';
import { MARK_CLASS, markSymbol, markWord } from './feature-marks-view.js';
import { html, joinHtml, type Html } from './html.js';
import { renderPage } from './layout.js';
import { scoreText } from './matrix-page.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';
import { fillTemplate } from './templates.js';
import { dataTable } from './data-table.js';
import type { SitePage } from './site-pages.js';
import { scoreBadge } from './badge-svg.js';
import { historySection } from './history-page.js';
import { reproBox, reproduceLine } from './reproduce-command.js';
import { baseQuery } from '../../corpus/query-names.js';
import { drawnText } from '../../results/drawn-text.js';

import { unicodeSlugs } from './unicode-page.js';
import { AGREEMENT_LETTERS } from '../class-marks.js';

function facts(pairs: [string, string | number | undefined][]): Html {
  const shown = pairs.filter(([, v]) => v !== undefined && v !== '');
  return html`<dl class="facts">${shown.map(([k, v]) => html`<dt>${k}</dt><dd><code class="raw">${String(v)}</code></dd>`)}</dl>`;
}

function keyValues(caption: string, record: Record<string, string> | undefined): Html {
  const entries = Object.entries(record ?? {});
  if (entries.length === 0) return html``;
  return html`<h3>${caption}</h3><dl class="pairs">${entries.map(([k, v]) => html`<div><dt><code>${k}</code></dt><dd><code class="raw">${v}</code></dd></div>`)}</dl>`;
}

function identity(id: Identity, run: ResultsFile): Html {
  const c = id.chain;
  const outer = id.outer ? `${id.outer.name}${id.outer.version ? ` ${id.outer.version}` : ''} (by ${id.outer.identifiedBy})` : undefined;
  return html`${facts([['name', id.name], ['version', id.version], ['identified by', id.identifiedBy], ['target', run.target.id], ['XTVERSION', c.xtversion], ['DA2', c.da2], ['DA1', c.da1], ['package', c.package], ['dpkg', c.dpkg], ['command', c.command], ['outer terminal', outer]])}${keyValues('environment', c.env)}`;
}

/**
 * Replies termprobe's own pipe wrote for this terminal (ghostty-web's, Emacs term.el's and dvtm's DA1,
 * which they never answer): said once, above the settings, with the probes whose answer they were.
 */
export function hostSupplied(run: ResultsFile): Html {
  const byQuery = new Map<string, string[]>();
  for (const p of run.probes) for (const r of p.replies) if (r.source === 'host') byQuery.set(baseQuery(r.query), [...(byQuery.get(baseQuery(r.query)) ?? []), p.id]);
  if (byQuery.size === 0) return html``;
  const lines = [...byQuery].map(([query, ids]) => html`<li><code>${query}</code>: ${ids.length} ${ids.length === 1 ? 'reply' : 'replies'} (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})</li>`);
  return html`<p class="reason host-supplied">This terminal never answers these queries, so termprobe’s own pipe answers them (the DA1 sentinel must come back for the run to go on). Those replies are recorded as host-supplied: a probe they decide is marked ? and never counted, and no terminal’s own reply is the same answer.</p><ul class="groups">${lines}</ul>`;
}

function settings(run: ResultsFile): Html {
  const s = run.settings;
  return html`${hostSupplied(run)}${facts([['size', `${s.cols}×${s.rows}`], ['TERM', s.term], ['Unicode', s.unicode], ['termprobe', run.tool.version], ['started', run.run.startedAt], ['run time', `${run.run.elapsedMs.toFixed(0)} ms`], ['platform', run.run.platform ? [run.run.platform.os, run.run.platform.release, run.run.platform.arch].filter(Boolean).join(', ') : 'not recorded'], ['host', run.run.host], ['corpus', `${run.corpus.hash} (${run.corpus.probes} probes)`], ['probes in file', run.probes.length]])}${keyValues('modes (DECRQM)', s.modes)}${keyValues('options', s.options)}`;
}

const pct = (n: number, of: number) => (of === 0 ? '—' : `${Math.round((100 * n) / of)}%`);
const markSpan = (k: FeatureMarkKind) => html`<span class="mark fm-${MARK_CLASS[k]}" aria-hidden="true">${markSymbol(k)}</span>`;

/** Per section: how many features it supports, partly, not, and not measured, and the share supported of those measured. */
function reportCard(col: SiteColumn, model: SiteModel): Html {
  const features = model.features;
  if (!features) return html`<p>This site was built without features; the probes below are the whole report.</p>`;
  const tally = (list: typeof features.list) => {
    const t: Record<FeatureMarkKind, number> = { supported: 0, partial: 0, unsupported: 0, unmeasured: 0 };
    for (const f of list) t[f.cells[col.index]!.mark]++;
    return t;
  };
  const rowOf = (t: Record<FeatureMarkKind, number>) => {
    const measured = t.supported + t.partial + t.unsupported;
    return [t.supported, t.partial, t.unsupported, t.unmeasured, html`<b>${pct(t.supported, measured)}</b> <span class="n">(${pct(t.supported + t.partial, measured)} with partial)</span>`];
  };
  const rows = features.sections.map((s) => ({ head: html`<a href="../index.html#s-${s.slug}">${s.title}</a>`, cells: rowOf(tally(s.features)) }));
  const all = tally(features.list);
  return dataTable({ cls: 'report-card', stack: false, columns: ['section', '✓', '◐', '✗', '?', 'supported'], rows, foot: { head: 'all features', cells: rowOf(all) } });
}

/** The features this terminal supports only partly, with their notes, by section. */
function partials(col: SiteColumn, model: SiteModel): Html {
  const features = model.features;
  if (!features) return html``;
  const parts = features.sections.flatMap((s) => {
    const items = s.features.filter((f) => f.cells[col.index]!.mark === 'partial');
    if (items.length === 0) return [];
    return [html`<h3>${s.title} <span class="n">${items.length}</span></h3><ul class="partials">${items.map((f) => html`<li><a href="../features/${f.slug}.html#t-${col.slug}">${f.feature.name}</a><ol class="notes">${f.cells[col.index]!.notes.map((n) => html`<li>${n}</li>`)}</ol></li>`)}</ul>`];
  });
  return parts.length === 0 ? html`<p>None: every feature it has, it has whole.</p>` : html`${parts}`;
}

/** The features it lacks, and those no probe decided, as lists of links by section. */
function listOf(col: SiteColumn, model: SiteModel, mark: FeatureMarkKind, none: string): Html {
  const features = model.features;
  if (!features) return html``;
  const parts = features.sections.flatMap((s) => {
    const items = s.features.filter((f) => f.cells[col.index]!.mark === mark && (mark !== 'unmeasured' || f.feature.facets.length > 0));
    return items.length === 0 ? [] : [html`<p><b>${s.title}</b> <span class="n">${items.length}</span>: ${joinHtml(items.map((f) => html`<a href="../features/${f.slug}.html#t-${col.slug}">${f.feature.name}</a>`), ', ')}</p>`];
  });
  return parts.length === 0 ? html`<p>${none}</p>` : html`${parts}`;
}

/** Features whose mark changed between consecutive versions of this terminal (its history). */
function changes(col: SiteColumn, model: SiteModel): Html {
  const versions = model.features?.versions[col.index];
  if (!model.features || !versions) return historySection(col, model);
  const steps: Html[] = [];
  const first = versions.values().next().value;
  const count = first?.length ?? 0;
  for (let i = 1; i < count; i++) {
    const changed = model.features.list.flatMap((f) => {
      const v = versions.get(f.feature.id)!;
      return v[i - 1]!.mark === v[i]!.mark ? [] : [html`<li><a href="../features/${f.slug}.html#t-${col.slug}">${f.feature.name}</a>: ${markSpan(v[i - 1]!.mark)} ${markWord(v[i - 1]!.mark)} → ${markSpan(v[i]!.mark)} ${markWord(v[i]!.mark)}</li>`];
    });
    const from = first![i - 1]!.version;
    const to = first![i]!.version;
    steps.push(html`<h3>${from} → ${to} <span class="n">${changed.length === 0 ? 'no feature changed' : `${changed.length} feature${changed.length === 1 ? '' : 's'} changed`}</span></h3>${changed.length > 0 ? html`<ul>${changed}</ul>` : ''}`);
  }
  return html`${historySection(col, model)}${steps}`;
}

function unicodeVerdict(col: SiteColumn, model: SiteModel): Html {
  const verdicts = model.unicode ?? [];
  const i = verdicts.findIndex((v) => v.name === col.view.name && v.version === col.view.version);
  if (i < 0) return html`<p>No Unicode width results for ${col.view.label} in this build (<code>termprobe run --suite unicode --target ${col.view.targetId}</code> makes them).</p>`;
  const v = verdicts[i]!;
  return html`<p>${v.name} ${verdictSentence(v)}. <a href="../unicode/${unicodeSlugs(verdicts)[i]!}.html">Every code point that disagrees</a>.</p>`;
}

/** The commands that measure this terminal again (the registry's target name, or the command it was run by). */
function reproduce(col: SiteColumn): Html {
  const id = col.view.targetId;
  const target = /^(x11|wayland|stdio):/.test(id) ? `'${id.replace(/'/g, `'\\''`)}'` : id;
  const lines = [`npx termprobe run --target ${target} --out results`, `npx termprobe run --suite unicode --target ${target} --out results`, `npx termprobe compare results/*.json`];
  return html`${reproBox(lines.join('\n'))}<p class="n">${col.view.real ? 'A GUI terminal runs under a private Xvfb (foot under weston); termprobe targets says which can run on your machine and what to install.' : 'An embedded emulator: it runs inside termprobe, nothing to install.'} On your own terminal, <code>npx termprobe</code> measures it where it runs.</p>`;
}

function scoresByCategory(col: SiteColumn, model: SiteModel): Html {
  const rows = model.categories.map((cat) => {
    const s = summarizeTarget(col.view, col.isReference, cat.rows.map((r) => r.cells[col.index]!.verdict));
    return { head: cat.name, cells: [s.run, s.implements, s.lacks, s.other, s.inconclusive, s.score === null ? '—' : s.score.toFixed(1)] };
  });
  const t = col.summary;
  const foot = { head: 'all', cells: [t.run, t.implements, t.lacks, t.other, t.inconclusive, html`<b>${scoreText(col)}</b>`] };
  return html`<details class="scores"><summary>${model.categories.length} categories, score ${scoreText(col)}</summary>${dataTable({ cls: 'scores-by-cat', stack: false, columns: ['category', 'run', '✓', '✗', '~', '?', 'score'], rows, foot })}<p class="n">run: probes with a result; ✓ implements, ✗ lacks, ~ other, ? inconclusive. ${SCORE_LINE}. Each category’s probes: <a href="../probes.html#t=${col.slug}">the table, this terminal alone</a>.</p></details>`;
}

/**
 * Where it answers otherwise than the reference, as counts by class, and each
 * registry reason once with the probes it explains (the answers themselves are
 * on compare.html and the probe pages).
 */
function divergences(col: SiteColumn, model: SiteModel): Html {
  const ref = model.reference;
  if (col.isReference) return html`<p>The other terminals are compared with this run.</p>`;
  const byClass = new Map<string, number>();
  const reasons = new Map<string, { entry: NonNullable<SiteRow['cells'][number]['verdict']['entry']>; rows: SiteRow[] }>();
  for (const r of model.rows) {
    const cell = r.cells[col.index]!;
    const a = cell.verdict.agreement;
    if (!a || a.class === 'same') continue;
    byClass.set(a.class, (byClass.get(a.class) ?? 0) + 1);
    const e = cell.verdict.entry;
    if (e) {
      const key = `${e.file}:${e.line ?? ''}:${e.reason}`;
      const got = reasons.get(key) ?? { entry: e, rows: [] };
      got.rows.push(r);
      reasons.set(key, got);
    }
  }
  const total = [...byClass.values()].reduce((n, x) => n + x, 0);
  if (total === 0) return html`<p>None: every probe gives the answer ${ref.view.label} gives.</p>`;
  const c = col.view.convention;
  const convention = c ? html`<p class="reason">${describeConvention(c, col.view.label)}: ${c.reason} Its cursor answers show the raw report, then the answer judged (1;4→2;5).</p>` : '';
  const counts = joinHtml([...byClass].map(([cls, n]) => html`<b>${n}</b> ${AGREEMENT_LETTERS[cls as keyof typeof AGREEMENT_LETTERS]} ${cls}`), ' · ');
  const entries = [...reasons.values()].map(({ entry, rows }) => html`<li><p class="reason">${entry.reason} <span class="n">(${entry.class}; registry ${entry.file}${entry.line !== undefined ? `:${entry.line}` : ''}; its sources on each probe’s page)</span></p><p class="n">${rows.length} probe${rows.length === 1 ? '' : 's'}: ${joinHtml(rows.slice(0, 12).map((r) => html`<a href="../probes/${r.slug}.html#t-${col.slug}">${r.id}</a>`), ', ')}${rows.length > 12 ? ` and ${rows.length - 12} more` : ''}</p></li>`);
  return html`${convention}<p>${total} probes where ${col.view.label} answers otherwise than ${ref.view.label}: ${counts}. <a href="../${comparePath(col, ref)}">Each of them, side by side</a>.</p>${entries.length > 0 ? html`<h3>Known reasons, from the registry</h3><ul class="reasons">${entries}</ul>` : ''}`;
}

/**
 * How this terminal's cells were read from its pixels: the calibration sheet as it drew it, what was learned, and
 * the probes whose replies and screen disagree (a finding: the mark follows the replies).
 */
function pixelsSection(col: SiteColumn, model: SiteModel): Html {
  const px = col.view.run.settings.pixels;
  const none = col.view.run.settings.options?.['pixels'];
  if (!px) return html`<p>${none ? `Not read: ${none.replace(/^none: /, '')}` : 'This run read no styles from pixels (not a GUI terminal, or made before termprobe did).'}</p>`;
  const sheet = (px.sheet ?? []).map((p, i) => html`<figure class="picture sheet"><figcaption>calibration sheet${(px.sheet?.length ?? 0) > 1 ? ` ${i + 1}` : ''} <span class="n">as ${col.view.label} drew it, ${p.width}×${p.height} px</span></figcaption><img loading="lazy" src="../${sheetPath(col, i)}" width="${p.width}" height="${p.height}" alt="${col.view.label}'s calibration sheet: every printable ASCII glyph plain, bold, italic and bold italic, each line and attribute, and the palette's colours"></figure>`);
  const learned = html`<ul class="learned">${px.notes.map((n) => html`<li>${n}</li>`)}</ul>`;
  const facts2 = facts([['cell', `${px.cell.width}×${px.cell.height} px from ${px.cell.x0},${px.cell.y0}`], ['font', px.font], ['untold', px.untold.join(', ') || 'none'], ['default colours', `${px.fg.default} on ${px.bg.default}`]]);
  const conflicts = model.rows.flatMap((r) => {
    const { conflict: c } = r.cells[col.index]!.verdict.support;
    // The terminal's own doing where a registry entry explains it (its sources on the probe's page); else the read may be at fault.
    const e = r.cells[col.index]!.verdict.entry;
    const why = e ? `${c?.detail}: ${e.reason} (registry ${e.file}${e.line !== undefined ? `:${e.line}` : ''})` : `${c?.detail}: no registry entry explains it yet (the screen read may be at fault)`;
    // Both answers: the replies (the answer as summed up) and what the screen shows (the first cell's style, the cursor).
    const result = c ? col.view.result(r.id) : undefined;
    return c ? [{ head: html`<a href="../probes/${r.slug}.html#t-${col.slug}">${r.id}</a>`, cells: [html`<code class="raw">${r.cells[col.index]!.answer}</code>`, html`<code>${result ? drawnText(result) : 'not read'}</code>`, why] }] : [];
  });
  const findings = conflicts.length === 0 ? html`<p>Where both the replies and the screen decide a probe, they agree.</p>` : html`<p>${conflicts.length} probes where the terminal reports one thing and its screen shows another (the mark follows the reply):</p>${dataTable({ cls: 'conflicts', columns: ['probe', 'answer', 'drawn', 'finding'], rows: conflicts })}`;
  return html`<p>Each cell’s style, and where a probe asks for it the cursor, is read from the window’s pixels against this sheet, which the terminal drew at the start of the run; an attribute it draws like another is untold, never guessed.</p>${sheet}${facts2}${learned}${findings}`;
}

function compareWith(col: SiteColumn, model: SiteModel): Html {
  const others = model.columns.filter((c) => c !== col);
  if (others.length === 0) return html``;
  // site.js writes a link to the compare page of this terminal and each other one, in the order of the columns (siteScript's
  // termprobeTerminalPages): the 27 links written into each of 28 pages were 0.07 MB. Without scripts the nav stays hidden;
  // the compare page is in the site's navigation, and the differences section above links the pair with the reference.
  return html`<nav class="compare-with" aria-label="compare with another terminal" data-a="${col.slug}" hidden><b>Compare with</b> </nav>`;
}

const decidedOf = (col: SiteColumn) => col.summary.implements + col.summary.lacks + col.summary.other;

export function renderTerminalPage(col: SiteColumn, model: SiteModel, badgeWidth: number): string {
  const run = col.view.run;
  const features = model.features;
  const supported = features ? features.list.filter((f) => f.cells[col.index]!.mark === 'supported').length : 0;
  const measured = features ? features.list.filter((f) => f.cells[col.index]!.mark !== 'unmeasured').length : 0;
  const body = fillTemplate('terminal', {
    label: col.view.label,
    root: '../',
    slug: col.slug,
    badgeAlt: col.summary.score === null ? `badge: no probe decided for ${col.view.label}` : `badge: ${col.view.label} implements ${scoreText(col)}% of the ${decidedOf(col)} probes its answers decide`,
    badgeNote: html`<p class="n">The badge is this terminal’s probe score: of the ${decidedOf(col)} probes whose answer decides, the share it implements. Embed it from <code>badges/${col.slug}.svg</code>; each feature has its own (on its page).</p>${reproduceLine(run)}`,
    badgeWidth,
    kind: `${col.view.real ? 'real terminal' : 'embedded emulator'} · engine ${col.view.engine.name}${col.view.engine.version ? ` ${col.view.engine.version}` : ''}${col.isReference ? ' · the others are compared against it' : ''}`,
    identifiedBy: run.target.identity.identifiedBy,
    headline: features ? html`<p class="verdict-line">${markSpan('supported')} <b>${supported}</b> of the ${measured} features measured on it supported (${pct(supported, measured)})${features.list.length > measured ? html` <span class="n">· ${features.list.length - measured} not measured</span>` : ''}</p>` : '',
    card: reportCard(col, model),
    partials: partials(col, model),
    lacks: listOf(col, model, 'unsupported', 'None.'),
    unmeasured: html`<p>${model.features ? `${model.features.list.filter((f) => f.feature.facets.length > 0 && f.cells[col.index]!.mark === 'unmeasured').length} features with probes are not decided for ${col.view.label} (no reply, screen not read): ` : ''}<a href="../index.html#t=${col.slug}">its column in the overview</a> shows which (?).</p>`,
    changes: changes(col, model),
    unicode: unicodeVerdict(col, model),
    reproduce: reproduce(col),
    pixels: pixelsSection(col, model),
    scores: scoresByCategory(col, model),
    divergences: divergences(col, model),
    compare: compareWith(col, model),
    identity: identity(run.target.identity, run),
    settings: settings(run),
  });
  return renderPage(model, { title: col.view.label, kind: 'terminal-page', root: '../', crumbs: [{ href: '../terminals.html', text: 'Terminals' }, { text: col.view.label }], nav: 'terminals', body });
}

/** Per terminal: its page, its badge and the results file it was built from. */
export const terminalPages: SitePage = {
  name: 'terminals',
  pages: (model) => {
    const rowById = new Map(model.rows.map((r) => [r.id, r]));
    return model.columns.flatMap((c) => {
      const badge = scoreBadge(c.summary.score, c.view.label, c.summary.implements + c.summary.lacks + c.summary.other);
      return [
        { path: `badges/${c.slug}.svg`, content: () => badge.svg },
        { path: `terminals/${c.slug}.html`, content: () => renderTerminalPage(c, model, badge.width) },
        { path: resultsCopyPath(c.slug), content: () => resultsCopy(c.view.file, c.view.run, (id) => { const row = rowById.get(id); return row && pictureInResults(c, row); }, (i) => sheetInResults(c, i)) },
      ];
    });
  },
};
