/**
 * terminals/<slug>.html: one terminal run — how it was identified (the whole
 * chain), the settings it ran with, its score per category (scored by
 * src/classify, like every table), and each divergence with its reason.
 */
import { comparePath } from './compare-page.js';
import { compactResults } from './compact-results.js';
import { pictureInResults, sheetInResults, sheetPath } from './site-pictures.js';
import { summarizeTarget } from '../../classify/score.js';
import type { Identity, ResultsFile } from '../../results/results-schema.js';
import { describeConvention } from '../../classify/reply-convention.js';
import { entryExplanation } from './answer-evidence.js';
import { KIND_STYLES } from './cell-kind.js';
import { html, type Html } from './html.js';
import { renderPage } from './layout.js';
import { scoreText } from './matrix-page.js';
import type { SiteCell, SiteColumn, SiteModel, SiteRow } from './site-model.js';
import { AGREEMENT_LETTERS } from '../class-marks.js';
import { SCORE_LINE } from '../../classify/score.js';
import { fillTemplate } from './templates.js';
import { dataTable } from './data-table.js';
import type { SitePage } from './site-pages.js';
import { scoreBadge } from './badge-svg.js';
import { historySection } from './history-page.js';


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

function settings(run: ResultsFile): Html {
  const s = run.settings;
  return html`${facts([['size', `${s.cols}×${s.rows}`], ['TERM', s.term], ['Unicode', s.unicode], ['termprobe', run.tool.version], ['started', run.run.startedAt], ['run time', `${run.run.elapsedMs.toFixed(0)} ms`], ['platform', run.run.platform ? [run.run.platform.os, run.run.platform.release, run.run.platform.arch].filter(Boolean).join(', ') : 'not recorded'], ['host', run.run.host], ['corpus', `${run.corpus.hash} (${run.corpus.probes} probes)`], ['probes in file', run.probes.length]])}${keyValues('modes (DECRQM)', s.modes)}${keyValues('options', s.options)}`;
}

function scoresByCategory(col: SiteColumn, model: SiteModel): Html {
  const num = ['num', 'num', 'num', 'num', 'num', 'num'];
  const rows = model.categories.map((cat) => {
    const s = summarizeTarget(col.view, col.isReference, cat.rows.map((r) => r.cells[col.index]!.verdict));
    return { head: html`<a href="../index.html#cat-${cat.slug}">${cat.name}</a>`, cells: [s.run, s.implements, s.lacks, s.other, s.inconclusive, s.score === null ? '—' : s.score.toFixed(1)], cellClass: num };
  });
  const t = col.summary;
  const foot = { head: 'all', cells: [t.run, t.implements, t.lacks, t.other, t.inconclusive, html`<b>${scoreText(col)}</b>`], cellClass: num };
  // Short column names, so the table fits a phone without stacking; the line under it spells them out.
  return html`${dataTable({ cls: 'scores-by-cat', stack: false, columns: ['category', 'run', '✓', '✗', '~', '?', 'score'], rows, foot })}<p class="n">run: probes with a result; ✓ implements, ✗ lacks, ~ other, ? inconclusive. ${SCORE_LINE}.</p>`;
}

/**
 * Why a cell differs. A registry entry's reason and sources are given once, in
 * the first row it explains; later rows link back to that row (one entry often
 * explains dozens of probes: dvtm's page repeated 18 reasons in 590 rows). A reply
 * convention's reason is given once, above the table (see divergences).
 */
const entryKey = (cell: SiteCell) => (cell.verdict.entry ? `${cell.verdict.entry.file}:${cell.verdict.entry.line ?? ''}:${cell.verdict.entry.reason}` : '');

function explanation(cell: SiteCell, row: SiteRow, given: Map<string, SiteRow>): Html {
  const entry = cell.verdict.entry;
  if (entry) {
    const key = entryKey(cell);
    const first = given.get(key);
    if (first) return html`<p class="reason"><span class="n">the same reason as for</span> <a href="#d-${first.slug}">${first.id}</a></p>`;
    given.set(key, row);
    return entryExplanation(entry);
  }
  const s = cell.verdict.support;
  if (s.support === 'lacks') return html`<p class="reason">The probe’s lacks answer: the terminal does not implement the behaviour.</p>`;
  if (s.support === 'implements') return html`<p class="reason">The probe’s implements answer.</p>`;
  if (s.support === 'inconclusive') return html`<p class="reason">${s.detail ?? 'inconclusive'}</p>`;
  return html`<i>no registry entry: needs triage</i>`;
}

function divergences(col: SiteColumn, model: SiteModel): Html {
  if (col.isReference) return html`<p>The other terminals are compared with this run.</p>`;
  const ref = model.reference;
  const given = new Map<string, SiteRow>();
  const rows = model.rows.flatMap((r) => {
    const cell = r.cells[col.index]!;
    const a = cell.verdict.agreement;
    if (!a || a.class === 'same') return [];
    const style = KIND_STYLES[cell.kind];
    const why = explanation(cell, r, given);
    return [{ ...(given.get(entryKey(cell)) === r ? { id: `d-${r.slug}` } : {}), head: html`<a href="../probes/${r.slug}.html#t-${col.slug}">${r.id}</a><div class="n">${r.title}</div>`, cells: [html`<span class="mark k-${cell.kind}">${style.mark}</span> ${style.word}`, `${AGREEMENT_LETTERS[a.class]} ${a.class}`, html`<code class="raw">${cell.answer}</code>`, html`<code class="raw">${r.cells[ref.index]!.answer}</code>`, why] }];
  });
  if (rows.length === 0) return html`<p>None: every probe gives the answer ${ref.view.label} gives.</p>`;
  const c = col.view.convention;
  // The convention's reason once, above the table; each corrected row names the convention.
  const convention = c ? html`<p class="reason">${describeConvention(c, col.view.label)}: ${c.reason} Its cursor answers show the raw report, then the answer judged (1;4→2;5).</p>` : '';
  return html`${convention}<p>${rows.length} probes where ${col.view.label} answers otherwise than ${ref.view.label}.</p>${dataTable({ cls: 'divergences', columns: ['probe', 'support', `against ${ref.view.label}`, col.view.label, ref.view.label, 'reason'], rows })}`;
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
    const c = r.cells[col.index]!.verdict.support.conflict;
    return c ? [{ head: html`<a href="../probes/${r.slug}.html#t-${col.slug}">${r.id}</a>`, cells: [html`<code class="raw">${r.cells[col.index]!.answer}</code>`, c.detail] }] : [];
  });
  const findings = conflicts.length === 0 ? html`<p>Where both the replies and the screen decide a probe, they agree.</p>` : html`<p>${conflicts.length} probes where the terminal reports one thing and its screen shows another (the mark follows the reply):</p>${dataTable({ cls: 'conflicts', columns: ['probe', 'answer', 'finding'], rows: conflicts })}`;
  return html`<p>Each cell’s style, and where a probe asks for it the cursor, is read from the window’s pixels against this sheet, which the terminal drew at the start of the run; an attribute it draws like another is untold, never guessed.</p>${sheet}${facts2}${learned}${findings}`;
}

const decidedOf = (col: SiteColumn) => col.summary.implements + col.summary.lacks + col.summary.other;

/** What the badge measures, and how to embed it. */
function badgeNote(col: SiteColumn): Html {
  return html`<p class="n">The badge is this terminal’s score: of the ${decidedOf(col)} probes whose answer decides (✓, ✗ or ~; inconclusive ones never count), the share it implements. Embed it from <code>badges/${col.slug}.svg</code>.</p>`;
}

function compareLinks(col: SiteColumn, model: SiteModel): Html {
  const others = model.columns.filter((c) => c !== col);
  if (others.length === 0) return html``;
  return html`<nav class="compare-with" aria-label="compare with another terminal"><b>Compare with</b> ${others.map((c) => html`<a href="../${comparePath(col, c)}">${c.view.label}</a> `)}</nav>`;
}

export function renderTerminalPage(col: SiteColumn, model: SiteModel, badgeWidth: number): string {
  const run = col.view.run;
  const body = fillTemplate('terminal', {
    label: col.view.label,
    root: '../',
    slug: col.slug,
    badgeAlt: col.summary.score === null ? `badge: no probe decided for ${col.view.label}` : `badge: ${col.view.label} implements ${scoreText(col)}% of the ${decidedOf(col)} probes its answers decide`,
    badgeNote: badgeNote(col),
    badgeWidth,
    kind: `${col.view.real ? 'real terminal' : 'embedded emulator'} · engine ${col.view.engine.name}${col.view.engine.version ? ` ${col.view.engine.version}` : ''}${col.isReference ? ' · the others are compared against it' : ''}`,
    identifiedBy: run.target.identity.identifiedBy,
    identity: identity(run.target.identity, run),
    settings: settings(run),
    pixels: pixelsSection(col, model),
    scores: scoresByCategory(col, model),
    divergences: divergences(col, model),
    compare: compareLinks(col, model),
    history: historySection(col, model),
  });
  return renderPage(model, { title: col.view.label, kind: 'terminal-page', root: '../', crumbs: [{ text: col.view.label }], body });
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
        { path: `results/${c.slug}.json`, content: () => compactResults(c.view.file, c.view.run, (id) => { const row = rowById.get(id); return row && pictureInResults(c, row); }, (i) => sheetInResults(c, i)) },
      ];
    });
  },
};
