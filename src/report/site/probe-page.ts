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
import { describeInput, INPUT_REPLY } from '../../corpus/input/input-schema.js';
import { reproCommand } from '../../corpus/repro-bytes.js';
import { conventionExplanation, entryExplanation, rawEvidence } from './answer-evidence.js';
import { groupAnswers, type AnswerGroupView } from './answer-groups.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { KIND_STYLES } from './cell-kind.js';
import type { ColourSheet } from './colour-sheet.js';
import { classSplits, renderClassSplits } from './class-splits.js';
import { html, joinHtml, type Html } from './html.js';
import { mnemonicName } from '../../corpus/mnemonic-names.js';
import { renderPage } from './layout.js';
import { screenGrid } from './screen-grid.js';
import { picturePath } from './site-pictures.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';
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

/** What the probe sends, and the bytes that notation stands for at this size when they read differently (variables, repeats, \u{…}). */
function sendFacts(send: string, size: SizeVars): Html {
  if (send === '') return html`<dt>send</dt><dd><span class="n">nothing before the queries: the queries are the probe</span></dd>`;
  const bytes = escapeBytes(decodeNotation(send, size));
  if (bytes === send) return html`<dt>send</dt><dd><code class="raw">${send}</code></dd>`;
  return html`<dt>send</dt><dd><code class="raw">${send}</code></dd>
<dt>bytes</dt><dd><code class="raw">${bytes}</code> <span class="n">at ${size.cols}×${size.rows}</span></dd>`;
}

function bytesSection(r: SiteRow, model: SiteModel): Html {
  const probe = r.probe;
  if (!probe) return html`<p>This probe is not in the corpus this site was built with, so its bytes are not known here. The answers below come from the results files.</p>`;
  const size = sizeFor(probe, model);
  if (probe.input) return inputFacts(probe, size);
  const facts = html`<dl class="facts">
${sendFacts(probe.send, size)}
${probe.steps ? html`<dt>steps</dt><dd>${joinHtml(probe.steps.map((s, k) => html`<span class="step"><b>${k + 1}</b> ${s.send === '' ? html`<span class="n">no bytes</span>` : html`<code class="raw">${s.send}</code>`} → ${s.query.join(', ')}</span>`), ' · ')} <span class="n">(a reply at step k is named query@k)</span></dd>` : ''}
<dt>sequences</dt><dd>${joinHtml(r.sequences.map((m) => { const name = mnemonicName(m); return name ? html`<span class="seq"><code>${m}</code> <span class="n">${name}</span></span>` : html`<span class="seq"><code>${m}</code></span>`; }), html` · `)}</dd>
<dt>queries</dt><dd>${probe.query.join(', ')}${probe.steps ? html` <span class="n">(after the last step)</span>` : ''}</dd>
${probe.screen ? html`<dt>screen read</dt><dd>rows ${probe.screen.top}–${probe.screen.bottom}, columns ${probe.screen.left}–${probe.screen.right}</dd>` : ''}
<dt>implements</dt><dd>${expectation(probe.expect.implements)}</dd>
<dt>lacks</dt><dd>${expectation(probe.expect.lacks)}</dd>
${(probe.expect.inconclusive ?? []).map((c) => html`<dt>inconclusive</dt><dd>${expectation(c)} — ${c.why}</dd>`)}
${probe.control ? html`<dt>control</dt><dd>${probe.control}</dd>` : ''}
</dl>`;
  const repro = reproCommand(probe, size);
  return html`${facts}<div class="repro-box"><button type="button" data-copy="repro" hidden>copy</button><pre class="repro" id="repro">${repro}</pre></div>`;
}

/**
 * An input probe: the modes it sets, the event, what resets them, and a bash line that sets the modes, reads what
 * the reader's own terminal sends for the event they make, resets the modes and shows it (each answer below has
 * its own printf: what the program received).
 */
function inputFacts(probe: Probe, size: SizeVars): Html {
  const facts = html`<dl class="facts">
<dt>modes</dt><dd>${probe.send === '' ? html`<span class="n">none: the terminal as it starts</span>` : html`<code class="raw">${probe.send}</code>`}</dd>
<dt>event</dt><dd>${describeInput(probe.input!)}</dd>
<dt>reset after</dt><dd>${probe.cleanup ? html`<code class="raw">${probe.cleanup}</code>` : html`<span class="n">nothing to reset</span>`}</dd>
<dt>implements</dt><dd>${expectation(probe.expect.implements)}</dd>
<dt>lacks</dt><dd>${expectation(probe.expect.lacks)}</dd>
</dl>`;
  const repro = reproCommand(probe, size);
  return html`${facts}<div class="repro-box"><button type="button" data-copy="repro" hidden>copy</button><pre class="repro" id="repro">${repro}</pre></div>`;
}

/** What the program received, for an input probe's answer: a printf that writes those bytes. */
function receivedRepro(r: SiteRow, group: number, at: number): Html {
  const value = r.cells[at]?.result?.replies.find((x) => x.query === INPUT_REPLY)?.value;
  if (!r.probe?.input || value === undefined) return html``;
  if (value === '') return html`<p class="n">the program received nothing</p>`;
  const id = `received-${group + 1}`;
  return html`<div class="repro-box"><button type="button" data-copy="${id}" hidden>copy</button><pre class="repro received" id="${id}">${printfCommand(decodeNotation(value))}</pre></div>`;
}

function consensusSection(r: SiteRow): Html {
  const c = r.row.consensus;
  if (c.engines.length === 0) return html`<p class="verdict-line">No engine’s answer decides this probe, so there is no count.</p>`;
  const engines = c.engines.map((e) => html`<li><b>${e.engine}</b>: ${e.support} — ${e.labels.join(', ')}</li>`);
  return html`<p class="verdict-line"><b>${capitalise(describeImplemented(c))}</b> <span class="n">(engines, not packages: the front ends of one engine count once)</span></p><details class="engines"><summary>each engine’s mark</summary><ul class="groups">${engines}</ul></details>`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function terminalLinks(g: AnswerGroupView): Html {
  return joinHtml(
    g.columns.map((c) => html`<a id="t-${c.slug}" href="../terminals/${c.slug}.html">${c.view.label}</a>${c.isReference ? html` <span class="n">(compared against)</span>` : ''}`),
    ', ',
  );
}

/** A group's reasons; one already given for an earlier answer on this page points back to it instead of repeating it. */
function reasons(g: AnswerGroupView, given: Map<string, string>): Html {
  if (g.reasons.length === 0) return html``;
  const whole = g.reasons.length === 1 && g.reasons[0]!.columns.length === g.columns.length;
  return joinHtml(
    g.reasons.map((reason) => {
      const who = whole ? undefined : html`<span class="who">${reason.columns.map((c) => c.view.label).join(', ')}:</span> `;
      const key = reason.convention ? `convention ${reason.convention.file}:${reason.convention.line ?? ''}` : reason.entry ? `entry ${reason.entry.file}:${reason.entry.line ?? ''} ${reason.entry.reason}` : `text ${reason.text}`;
      const earlier = given.get(key);
      if (earlier !== undefined) return html`<div class="why"><p class="reason">${who ?? ''}<span class="n">the same reason as for</span> <code>${earlier}</code> <span class="n">above</span></p></div>`;
      given.set(key, g.answer);
      return html`<div class="why">${reason.convention ? conventionExplanation(reason.convention, who) : reason.entry ? entryExplanation(reason.entry, who) : html`<p class="reason">${who ?? ''}${reason.text}</p>`}</div>`;
    }),
  );
}

/** Each terminal's raw replies and notes, folded: identical evidence is shown once with its terminals. */
function evidence(g: AnswerGroupView, r: SiteRow): Html {
  const seen = new Map<string, { shown: Html; cols: SiteColumn[] }>();
  for (const c of g.columns) {
    const shown = rawEvidence(r.cells[c.index]!.result, { timing: false });
    const key = shown.toString();
    const same = seen.get(key);
    if (same) same.cols.push(c);
    else seen.set(key, { shown, cols: [c] });
  }
  // Evidence the whole group shares says so, instead of naming again every terminal the row lists.
  const whole = seen.size === 1 && g.columns.length > 1;
  const parts = [...seen.values()].map(({ shown, cols }) => html`<div class="ev"><div class="n">${whole ? `all ${cols.length}` : cols.map((c) => c.view.label).join(', ')}</div>${shown}</div>`);
  return html`<details class="raw-replies"><summary>raw</summary>${parts}</details>`;
}

/** A terminal's picture of the window after the probe (site-pictures.ts), lazy: it loads when its screens are opened. */
function picture(c: SiteColumn, r: SiteRow): Html {
  const p = r.cells[c.index]!.result?.picture;
  if (!p) return html``;
  return html`<figure class="picture"><figcaption>${c.view.label} <span class="n">window after the probe, ${p.width}×${p.height} px</span></figcaption><img loading="lazy" src="../${picturePath(c, r)}" width="${p.width}" height="${p.height}" alt="${c.view.label} after ${r.id}: the terminal window, cropped to the probed region"></figure>`;
}

/**
 * The screens one answer group read, each distinct grid once (cells can differ
 * in style where the text agrees), each followed by the pictures of the
 * terminals that drew it; then the pictures of those whose screen was not read.
 */
function screens(g: AnswerGroupView, r: SiteRow, colours: ColourSheet): Html {
  const drawn = new Map<string, SiteColumn[]>();
  const first = new Map<string, ScreenAnswer>();
  const unread: SiteColumn[] = [];
  let pictures = 0;
  for (const c of g.columns) {
    const result = r.cells[c.index]!.result;
    if (result?.picture) pictures++;
    const screen = result?.screen;
    if (!screen) {
      unread.push(c);
      continue;
    }
    const key = JSON.stringify([screen.region, screen.cells ?? screen.text]);
    if (!first.has(key)) first.set(key, screen);
    drawn.set(key, [...(drawn.get(key) ?? []), c]);
  }
  if (drawn.size === 0 && pictures === 0) return html``;
  const grids = [...drawn].map(([key, cols]) => html`<div class="screen-of" id="screen-${cols[0]!.slug}">${screenGrid(first.get(key)!, cols.map((c) => c.view.label).join(', '), colours)}</div>${cols.map((c) => picture(c, r))}`);
  const what = [drawn.size > 0 ? `screen${drawn.size > 1 ? ` (${drawn.size})` : ''}` : '', pictures > 0 ? `${pictures} picture${pictures > 1 ? 's' : ''}` : ''].filter(Boolean).join(' · ');
  return html`<details class="screens"><summary>${what}</summary><div class="screens">${grids}${unread.map((c) => picture(c, r))}</div></details>`;
}

function answerCount(groups: AnswerGroupView[], model: SiteModel): string {
  const n = groups.length;
  return `${n} distinct answer${n === 1 ? '' : 's'} from ${model.columns.length} terminal${model.columns.length === 1 ? '' : 's'}, each listed once; classes against ${model.reference.view.label}`;
}

function answersTable(r: SiteRow, model: SiteModel, colours: ColourSheet, groups: AnswerGroupView[]): Html {
  const given = new Map<string, string>();
  const rows = groups.map((g, gi) => {
    const style = KIND_STYLES[g.cell.kind];
    const a = g.cell.verdict.agreement;
    return {
      head: html`<code class="raw">${g.answer}</code>${receivedRepro(r, gi, g.columns[0]!.index)}${evidence(g, r)}${screens(g, r, colours)}`,
      cells: [
        html`<span class="mark k-${g.cell.kind}" aria-hidden="true">${style.mark}</span> ${style.word}${a && a.class !== 'same' && !(a.class === 'inconclusive' && g.cell.kind === 'inconclusive') ? html` <span class="n" title="${a.class} against ${model.reference.view.label}">· ${AGREEMENT_LETTERS[a.class]} ${a.class}</span>` : ''}`,
        html`<span class="n">${g.columns.length} of ${model.columns.length}:</span> ${terminalLinks(g)}`,
        reasons(g, given),
      ],
    };
  });
  return html`${renderClassSplits(classSplits(groups))}${dataTable({ cls: 'answers', columns: ['answer and evidence', 'support · class', 'terminals', 'why'], rows })}`;
}

export function renderProbePage(r: SiteRow, model: SiteModel, colours: ColourSheet): string {
  const groups = groupAnswers(r, model);
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
    answers: answersTable(r, model, colours, groups),
    answerCount: answerCount(groups, model),
  });
  return renderPage(model, { title: r.id, kind: 'probe-page', root: '../', crumbs: [{ href: `../index.html#cat-${categorySlug}`, text: r.row.category }, { text: r.id }], body });
}

export const probePages: SitePage = {
  name: 'probes',
  pages: (model, ctx) => model.rows.map((r) => ({ path: `probes/${r.slug}.html`, content: () => renderProbePage(r, model, ctx.colours) })),
};
