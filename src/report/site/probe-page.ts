/**
 * probes/<slug>.html: one probe with its evidence — what it sends (escaped, and a
 * printf that reproduces it), the consensus, every terminal's answer with the raw
 * reply, class and reason, and the screen regions drawn cell by cell.
 */
import { describeImplemented } from '../../classify/consensus.js';
import { AGREEMENT_LETTERS } from '../class-marks.js';
import { escapeBytes, printfCommand } from '../../corpus/escape-bytes.js';
import { decodeNotation, type SizeVars } from '../../corpus/escape-notation.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { describeExpectation } from '../../corpus/describe-expectation.js';
import { reproBytes } from '../../engine/probe-plan.js';
import { entryExplanation, rawEvidence } from './answer-evidence.js';
import { KIND_STYLES } from './cell-kind.js';
import type { ColourSheet } from './colour-sheet.js';
import { html, joinHtml, type Html } from './html.js';
import { mnemonicName } from '../../corpus/mnemonic-names.js';
import { renderPage } from './layout.js';
import { screenGrid } from './screen-grid.js';
import type { SiteModel, SiteRow } from './site-model.js';
import { fillTemplate } from './templates.js';
import { dataTable } from './data-table.js';
import type { SitePage } from './site-pages.js';

function sizeFor(probe: Probe, model: SiteModel): SizeVars {
  const m = probe.size?.match(/^(\d+)x(\d+)$/);
  if (m) return { cols: Number(m[1]), rows: Number(m[2]) };
  const s = model.reference.view.run.settings;
  return { cols: s.cols, rows: s.rows };
}

const expectation = describeExpectation;

function bytesSection(r: SiteRow, model: SiteModel): Html {
  const probe = r.probe;
  if (!probe) return html`<p>This probe is not in the corpus this site was built with, so its bytes are not known here. The answers below come from the results files.</p>`;
  const size = sizeFor(probe, model);
  const facts = html`<dl class="facts">
<dt>send</dt><dd><code class="raw">${probe.send}</code></dd>
<dt>bytes</dt><dd><code class="raw">${escapeBytes(decodeNotation(probe.send, size))}</code> <span class="n">at ${size.cols}×${size.rows}</span></dd>
<dt>sequences</dt><dd>${joinHtml(r.sequences.map((m) => { const name = mnemonicName(m); return name ? html`<span class="seq"><code>${m}</code> <span class="n">${name}</span></span>` : html`<span class="seq"><code>${m}</code></span>`; }), html` · `)}</dd>
<dt>queries</dt><dd>${probe.query.join(', ')}</dd>
${probe.screen ? html`<dt>screen read</dt><dd>rows ${probe.screen.top}–${probe.screen.bottom}, columns ${probe.screen.left}–${probe.screen.right}</dd>` : ''}
<dt>implements</dt><dd>${expectation(probe.expect.implements)}</dd>
<dt>lacks</dt><dd>${expectation(probe.expect.lacks)}</dd>
${(probe.expect.inconclusive ?? []).map((c) => html`<dt>inconclusive</dt><dd>${expectation(c)} — ${c.why}</dd>`)}
${probe.control ? html`<dt>control</dt><dd>${probe.control}</dd>` : ''}
</dl>`;
  const repro = printfCommand(reproBytes(probe, size));
  return html`${facts}<p>Reproduce it in a shell (clears the screen; the reply shows up as typed input): <button type="button" data-copy="repro" hidden>copy</button></p><pre class="repro" id="repro">${repro}</pre>`;
}

function consensusSection(r: SiteRow): Html {
  const c = r.row.consensus;
  if (c.engines.length === 0) return html`<p>No engine’s answer decides this probe, so there is no count.</p>`;
  const groups = c.engines.map((e) => html`<li><b>${e.engine}</b>: ${e.support} — ${e.labels.join(', ')}</li>`);
  return html`<p><b>${describeImplemented(c)}</b> (engines, not packages: front ends of one engine count once).</p><ul class="groups">${groups}</ul>`;
}

function reasonFor(cell: SiteRow['cells'][number]): Html {
  if (cell.verdict.entry) return entryExplanation(cell.verdict.entry);
  const s = cell.verdict.support;
  if (s.support === 'inconclusive') return html`<span class="n">${s.detail ?? ''}</span>`;
  if (s.support === 'other') return html`<i>no registry entry: needs triage</i>`;
  return html``;
}

function answersTable(r: SiteRow, model: SiteModel): Html {
  const rows = r.cells.map((cell, i) => {
    const col = model.columns[i]!;
    const style = KIND_STYLES[cell.kind];
    const a = cell.verdict.agreement;
    return {
      id: `t-${col.slug}`,
      head: html`<a href="../terminals/${col.slug}.html">${col.view.label}</a>${col.isReference ? html` <span class="n">compared against</span>` : ''}`,
      cells: [html`<span class="mark k-${cell.kind}">${style.mark}</span> ${style.word}`, a ? `${AGREEMENT_LETTERS[a.class]} ${a.class}` : '—', html`<code class="raw">${cell.answer}</code>`, rawEvidence(cell.result), reasonFor(cell)],
    };
  });
  return dataTable({ cls: 'answers', columns: ['terminal', 'support', `against ${model.reference.view.label}`, 'answer', 'raw replies', 'reason'], rows });
}

function screensSection(r: SiteRow, model: SiteModel, colours: ColourSheet): Html {
  const drawn = new Map<string, { slug: string; label: string }>();
  const figures: Html[] = [];
  r.cells.forEach((cell, i) => {
    const screen = cell.result?.screen;
    if (!screen) return;
    const col = model.columns[i]!;
    const key = JSON.stringify([screen.region, screen.cells ?? screen.text]);
    const same = drawn.get(key);
    if (same) {
      figures.push(html`<figure id="screen-${col.slug}"><figcaption>${col.view.label}</figcaption><p>same cells as <a href="#screen-${same.slug}">${same.label}</a></p></figure>`);
      return;
    }
    drawn.set(key, { slug: col.slug, label: col.view.label });
    figures.push(html`<div id="screen-${col.slug}">${screenGrid(screen, col.view.label, colours)}</div>`);
  });
  if (figures.length === 0) return html``;
  return html`<section><h2>Screens</h2><div class="screens">${figures}</div></section>`;
}

export function renderProbePage(r: SiteRow, model: SiteModel, colours: ColourSheet): string {
  const categorySlug = model.categories.find((c) => c.name === r.row.category)?.slug ?? '';
  const body = fillTemplate('probe', {
    id: r.id,
    title: r.title,
    root: '../',
    categorySlug,
    category: r.row.category,
    spec: r.probe?.spec ?? 'spec unknown',
    description: r.probe ? html`<p>${r.probe.description}</p>` : '',
    bytes: bytesSection(r, model),
    consensus: consensusSection(r),
    answers: answersTable(r, model),
    screens: screensSection(r, model, colours),
  });
  return renderPage(model, { title: r.id, kind: 'probe-page', root: '../', crumbs: [{ href: `../index.html#cat-${categorySlug}`, text: r.row.category }, { text: r.id }], body });
}

export const probePages: SitePage = {
  name: 'probes',
  pages: (model, ctx) => model.rows.map((r) => ({ path: `probes/${r.slug}.html`, content: () => renderProbePage(r, model, ctx.colours) })),
};
