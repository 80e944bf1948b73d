/**
 * probes/<slug>.html: one probe with its evidence — what it sends (escaped, and a
 * printf that reproduces it), the consensus, and every distinct answer with the
 * terminals that gave it, its support mark and class, the raw replies, the
 * screens read back cell by cell, the pictures and the reasons.
 *
 * The answers come as data in the page (a JSON block, which the CSP lets a page
 * carry: it is never run) and assets/probe.js draws the table from it: the
 * terminals are numbers into assets/probe.js, shared by every probe page,
 * and a screen is its cells' text, width and classes. As markup, the 706 pages
 * were 9 MB, a third of them the same terminal links and picture captions again.
 */
import { describeImplemented } from '../../classify/consensus.js';
import { AGREEMENT_LETTERS } from '../class-marks.js';
import { escapeBytes, printfCommand } from '../../corpus/escape-bytes.js';
import { decodeNotation, type SizeVars } from '../../corpus/escape-notation.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { describeExpectation } from '../../corpus/describe-expectation.js';
import { describeInput, INPUT_REPLY } from '../../corpus/input/describe-input.js';
import { reproCommand } from '../../corpus/repro-bytes.js';
import { classSplits, renderClassSplits } from './class-splits.js';
import { describeConvention } from '../../classify/reply-convention.js';
import { groupAnswers, type AnswerGroupView, type GroupReason } from './answer-groups.js';
import type { ProbeResult, ScreenAnswer } from '../../results/results-schema.js';
import { CELL_KINDS } from './cell-kind.js';
import type { ColourSheet } from './colour-sheet.js';
import { html, joinHtml, jsonText, type Html } from './html.js';
import { mnemonicName } from '../../corpus/mnemonic-names.js';
import { renderPage, siteScript } from './layout.js';
import { screenData } from './screen-grid.js';
import { ownPicture, pictureInResults } from './site-pictures.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';
import { fillTemplate } from './templates.js';
import type { SitePage } from './site-pages.js';
import { dataScript } from './features-overview.js';
import { shortKeys } from './answers-keys.js';
import { reproBox } from './reproduce-command.js';
import { siteAsset } from './compact-source.js';

/** What every probe page shares: the terminals it names by number and the registry's reasons (written after the pages, which fill the reasons). */
/**
 * A probe page's one script: assets/site.js, the data every probe page shares (the terminals, reasons and notes
 * named by number), then assets/screen.js and assets/probe.js, in one file (four script tags cost 150 bytes on each
 * of 1,113 pages, and a phone one request each).
 */
export const PROBE_SCRIPT = 'assets/probe.js';

function sizeFor(probe: Probe, model: SiteModel): SizeVars {
  const m = probe.size?.match(/^(\d+)x(\d+)$/);
  if (m) return { cols: Number(m[1]), rows: Number(m[2]) };
  const s = model.reference.view.run.settings;
  return { cols: s.cols, rows: s.rows };
}

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
  if (!probe) return html`<p>This probe is not in the corpus this site was built with, so its bytes are not known here. The answers above come from the results files.</p>`;
  const size = sizeFor(probe, model);
  if (probe.input) return inputFacts(probe, size);
  const facts = html`<dl class="facts">
${sendFacts(probe.send, size)}
${probe.steps ? html`<dt>steps</dt><dd>${joinHtml(probe.steps.map((s, k) => html`<span class="step"><b>${k + 1}</b> ${s.send === '' ? html`<span class="n">no bytes</span>` : html`<code class="raw">${s.send}</code>`} → ${s.query.join(', ')}</span>`), ' · ')} <span class="n">(a reply at step k is named query@k)</span></dd>` : ''}
<dt>sequences</dt><dd>${joinHtml(r.sequences.map((m) => { const name = mnemonicName(m); return html`<code${name ? html` title="${name}"` : ''}>${m}</code>`; }), ' · ')}</dd>
<dt>queries</dt><dd>${probe.query.join(', ')}${probe.steps ? html` <span class="n">(after the last step)</span>` : ''}</dd>
${probe.screen ? html`<dt>screen read</dt><dd>rows ${probe.screen.top}–${probe.screen.bottom}, columns ${probe.screen.left}–${probe.screen.right}</dd>` : ''}
<dt>implements</dt><dd>${describeExpectation(probe.expect.implements)}</dd>
<dt>lacks</dt><dd>${describeExpectation(probe.expect.lacks)}</dd>
${(probe.expect.inconclusive ?? []).map((c) => html`<dt>inconclusive</dt><dd>${describeExpectation(c)} — ${c.why}</dd>`)}
${probe.control ? html`<dt>control</dt><dd>${probe.control}</dd>` : ''}
</dl>`;
  return html`${facts}${reproBox(reproCommand(probe, size))}`;
}

/**
 * An input probe: the modes it sets, the event, what resets them, and a bash line that sets the modes, reads what
 * the reader's own terminal sends for the event they make, resets the modes and shows it (each answer has its own
 * printf: what the program received, drawn by assets/probe.js from the answers' data).
 */
function inputFacts(probe: Probe, size: SizeVars): Html {
  const facts = html`<dl class="facts">
<dt>modes</dt><dd>${probe.send === '' ? html`<span class="n">none: the terminal as it starts</span>` : html`<code class="raw">${probe.send}</code>`}</dd>
<dt>event</dt><dd>${describeInput(probe.input!)}</dd>
<dt>reset after</dt><dd>${probe.cleanup ? html`<code class="raw">${probe.cleanup}</code>` : html`<span class="n">nothing to reset</span>`}</dd>
<dt>implements</dt><dd>${describeExpectation(probe.expect.implements)}</dd>
<dt>lacks</dt><dd>${describeExpectation(probe.expect.lacks)}</dd>
</dl>`;
  return html`${facts}${reproBox(reproCommand(probe, size))}`;
}

/** What the program received, for an input probe's answer: a printf that writes those bytes ('' for nothing; undefined for an output probe). */
function received(r: SiteRow, at: number): string | undefined {
  const value = r.cells[at]?.result?.replies.find((x) => x.query === INPUT_REPLY)?.value;
  if (!r.probe?.input || value === undefined) return undefined;
  return value === '' ? '' : printfCommand(decodeNotation(value));
}

function consensusLine(r: SiteRow): Html {
  const c = r.row.consensus;
  if (c.engines.length === 0) return html`<p class="verdict-line">No engine’s answer decides this probe, so there is no count.</p>`;
  const text = describeImplemented(c);
  return html`<p class="verdict-line engines"><b>${text.charAt(0).toUpperCase()}${text.slice(1)}</b></p>`;
}

/** Columns as indices into assets/probe.js; null when a thing holds for the whole group. */
const indices = (cols: SiteColumn[]) => cols.map((c) => c.index);

/** Raw replies and notes of one result, as [label, text] lines ('' label: a note, '!' label: a status). */
function rawLines(r: ProbeResult | undefined): string[][] {
  if (!r) return [['!', 'not run']];
  const out: string[][] = [];
  if (r.status !== 'ok') out.push(['!', r.note ? `${r.status}: ${r.note}` : r.status]);
  else if (r.note) out.push(['', r.note]);
  if (r.cursor) out.push(['CPR', r.cursor.raw ?? '']);
  for (const rep of r.replies) out.push([rep.query, rep.raw ?? '']);
  for (const u of r.unexpected ?? []) out.push(['unexpected', u]);
  for (const [k, v] of Object.entries(r.evidence ?? {})) out.push([`#${k}`, v]);
  return out;
}

/** Each distinct evidence once, with the terminals that gave it (null: the whole group); notes as the table says them. */
function evidence(g: AnswerGroupView, r: SiteRow, table: ReasonTable): unknown[] {
  const seen = new Map<string, { lines: string[][]; cols: SiteColumn[] }>();
  for (const c of g.columns) {
    const lines = rawLines(r.cells[c.index]!.result);
    const key = JSON.stringify(lines);
    const same = seen.get(key);
    if (same) same.cols.push(c);
    else seen.set(key, { lines, cols: [c] });
  }
  const said = (l: string[]) => (l[0] === '!' || l[0] === '' || l[0]!.startsWith('#') ? [l[0], table.say(l[1]!)] : l);
  return [...seen.values()].map(({ lines, cols }) => [seen.size === 1 ? null : indices(cols), lines.map(said)]);
}

/**
 * Another picture's file (pictures/<terminal>/<name>.png) as the page's data gives it: <name> when
 * the folder is this terminal's, <terminal>/<name> when not (probe.js puts back the rest). 2,388 of
 * the 2,677 such files on the published probe pages are their own terminal's: 0.07 MB less.
 */
function pictureName(file: string, c: SiteColumn): string {
  const m = /^pictures\/([^/]+)\/([^/]+)\.png$/.exec(file);
  if (!m) throw new Error(`probe page: picture ${file} is not under pictures/<terminal>/`);
  return m[1] === c.slug ? m[2]! : `${m[1]}/${m[2]}`;
}

/** The screens the group read, each distinct grid once with the terminals that drew it; and who took a picture. */
function screens(g: AnswerGroupView, r: SiteRow, colours: ColourSheet, table: ReasonTable): { screens: unknown[]; pictures: unknown[] } {
  const drawn = new Map<string, { screen: ScreenAnswer; cols: SiteColumn[]; vias: Set<string> }>();
  const pictures: unknown[] = [];
  for (const c of g.columns) {
    const result = r.cells[c.index]!.result;
    // [terminal, width, height], and the picture's file under results/ when it is another terminal's or probe's with the same bytes (site-pictures.ts).
    if (result?.picture) {
      const file = pictureInResults(c, r);
      pictures.push(file === ownPicture(c, r) ? [c.index, result.picture.width, result.picture.height] : [c.index, result.picture.width, result.picture.height, pictureName(file, c)]);
    }
    const screen = result?.screen;
    if (!screen) continue;
    const key = JSON.stringify([screen.region, screen.cells ?? screen.text]);
    const d = drawn.get(key) ?? { screen, cols: [], vias: new Set<string>() };
    d.cols.push(c);
    d.vias.add(screen.via);
    drawn.set(key, d);
  }
  return {
    screens: [...drawn.values()].map((d) => {
      const s = screenData(d.screen, colours, [...d.vias]) as { how: string };
      return [indices(d.cols), { ...s, how: table.say(s.how) }];
    }),
    pictures,
  };
}

/**
 * The registry's reasons (entries and reply conventions), each once for the
 * whole site in assets/probe.js, as [text, sources, registry line]: one entry
 * explains dozens of probes, and its sources were the largest part of the pages.
 * termprobe's own sentences are there too, as [text]: the 55 of the published runs
 * were said 8,900 times (348 KB of the pages; a skipped input probe's reason alone
 * is on all 398 input probes' pages).
 */
export class ReasonTable {
  readonly rows: unknown[][] = [];
  readonly #index = new Map<string, number>();
  /** The notes said again and again (sayings below): their texts, by number. */
  readonly sayings: string[] = [];
  readonly #said = new Map<string, number | null>();

  /**
   * A note of the raw evidence (a status, a #via or #screen line) or a screen's
   * "how", as the page carries it: its text the first time, its number in
   * assets/probe.js once said before. The notes of the published runs were
   * 310 KB of the pages in 1,400 distinct texts ("#via xtest" 439 times, "not read:
   * this target cannot read its screen back…" 268); texts said once stay in their page.
   */
  say(text: string): string | number {
    if (text.length < 12) return text;
    const i = this.#said.get(text);
    if (i === undefined) {
      this.#said.set(text, null);
      return text;
    }
    if (i !== null) return i;
    const n = this.sayings.push(text) - 1;
    this.#said.set(text, n);
    return n;
  }
  indexOf(reason: GroupReason): number | undefined {
    let key: string;
    let row: unknown[];
    if (reason.convention) {
      const c = reason.convention;
      key = `convention ${c.file}:${c.line ?? ''}`;
      row = [`Reply convention (the raw report, then the answer judged): ${describeConvention(c)}.`, c.evidence.filter((e) => /^https?:\/\//.test(e)), `registry: ${c.target} ${c.versions} reply convention · ${c.file}${c.line !== undefined ? `:${c.line}` : ''}`];
    } else if (reason.entry) {
      const e = reason.entry;
      key = `entry ${e.file}:${e.line ?? ''} ${e.reason}`;
      row = [e.reason, e.evidence, `registry: ${e.target} ${e.versions} ${e.class} · ${e.file}${e.line !== undefined ? `:${e.line}` : ''}`];
    } else if (reason.text) {
      // A sentence of termprobe's own ("skipped: input: …", "needs triage"), said alike on hundreds of pages: [text] alone.
      key = `text ${reason.text}`;
      row = [reason.text];
    } else return undefined;
    let i = this.#index.get(key);
    if (i === undefined) this.#index.set(key, (i = this.rows.push(row) - 1));
    return i;
  }
}

/**
 * A reason as data: [terminals or null, index into assets/probe.js] or
 * [terminals or null, text] for a sentence of this page's own; a reason an
 * earlier answer on the page already gave is [terminals or null, null, that answer].
 */
function reasonData(reason: GroupReason, whole: boolean, reasons: ReasonTable, given: Map<string, string>, answer: string): unknown[] {
  const who = whole ? null : indices(reason.columns);
  const i = reasons.indexOf(reason);
  const key = i === undefined ? `text ${reason.text ?? ''}` : `registry ${i}`;
  const earlier = given.get(key);
  if (earlier !== undefined) return [who, null, earlier];
  given.set(key, answer);
  return i === undefined ? [who, reason.text ?? ''] : [who, i];
}

/** The page's answers as data for assets/probe.js (see the module comment). */
export function answersData(r: SiteRow, model: SiteModel, colours: ColourSheet, reasons: ReasonTable): unknown {
  const groups = groupAnswers(r, model);
  const given = new Map<string, string>();
  return {
    probe: r.slug,
    groups: groups.map((g) => {
      const a = g.cell.verdict.agreement;
      const cls = a && a.class !== 'same' && !(a.class === 'inconclusive' && g.cell.kind === 'inconclusive') ? `${AGREEMENT_LETTERS[a.class]} ${a.class}` : '';
      const whole = g.reasons.length === 1 && g.reasons[0]!.columns.length === g.columns.length;
      const shown = screens(g, r, colours, reasons);
      const why = g.reasons.map((x) => reasonData(x, whole, reasons, given, g.answer));
      // An empty class, screens, pictures or reasons is left out (probe.js reads it as empty): 170 KB over the published pages.
      return shortKeys({
        answer: g.answer,
        received: received(r, g.columns[0]!.index),
        kind: CELL_KINDS.indexOf(g.cell.kind),
        cls: cls || undefined,
        terminals: indices(g.columns),
        raw: evidence(g, r, reasons),
        screens: shown.screens.length > 0 ? shown.screens : undefined,
        pictures: shown.pictures.length > 0 ? shown.pictures : undefined,
        reasons: why.length > 0 ? why : undefined,
      });
    }),
  };
}

/** Data for the page's script, in the page (see html.ts jsonText). */
export function jsonBlock(id: string, data: unknown): Html {
  return html`<script type="application/json" id="${id}">${jsonText(data)}</script>`;
}

export function renderProbePage(r: SiteRow, model: SiteModel, colours: ColourSheet, reasons: ReasonTable = new ReasonTable()): string {
  const categorySlug = model.categories.find((c) => c.name === r.row.category)?.slug ?? '';
  const groups = new Set(r.cells.map((c) => `${c.kind} ${c.verdict.agreement?.class === 'same' ? '' : (c.verdict.agreement?.class ?? '')} ${c.answer}`)).size;
  const body = fillTemplate('probe', {
    id: r.id,
    title: r.title,
    root: '../',
    categorySlug,
    category: r.row.category,
    spec: r.probe?.spec ?? 'spec unknown',
    description: r.probe ? html`<p>${r.probe.description}</p>` : '',
    bytes: bytesSection(r, model),
    consensus: consensusLine(r),
    answers: html`${renderClassSplits(classSplits(groupAnswers(r, model)))}${jsonBlock('answers-data', answersData(r, model, colours, reasons))}`,
    // The rest of the heading (the reference, a link to the notation), the Bytes heading's note and the count's title are
    // the same on every probe page: assets/probe.js says them (280 bytes × 1,113 pages).
    answerCount: `${groups} distinct from ${model.columns.length} terminal${model.columns.length === 1 ? '' : 's'}`,
  });
  return renderPage(model, { title: r.id, kind: 'probe-page', root: '../', crumbs: [{ href: `../probes.html#cat-${categorySlug}`, text: r.row.category }, { text: r.id }], nav: 'probes', body, scripts: [PROBE_SCRIPT], siteScriptInside: true });
}

/** The terminals every probe page names by number: slug, label, and whether it is the reference. */
export function terminalsData(model: SiteModel): unknown {
  return model.columns.map((c) => [c.slug, c.view.label, c.isReference ? 1 : 0]);
}

export const probePages: SitePage = {
  name: 'probes',
  pages: (model, ctx) => {
    // The pages fill the table as they are written; the probe script (with the table) comes after them.
    const reasons = new ReasonTable();
    return [
      ...model.rows.map((r) => ({ path: `probes/${r.slug}.html`, content: () => renderProbePage(r, model, ctx.colours, reasons) })),
      {
        path: PROBE_SCRIPT,
        content: () =>
          siteScript(model) +
          "'use strict';\n" +
          dataScript('termprobeTerminals', terminalsData(model), 'the terminals probe pages name by number (probe-page.ts)') +
          dataScript('termprobeReasons', reasons.rows, 'the registry’s reasons probe pages name by number') +
          dataScript('termprobeSayings', reasons.sayings, 'the notes probe pages name by number once said on an earlier page') +
          siteAsset('screen.js') +
          siteAsset('probe.js'),
      },
    ];
  },
};

