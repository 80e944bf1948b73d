/**
 * speed.html: how fast each terminal is, apart from the behaviour table and
 * never mixed into its marks. A chart per figure (speed/<figure>.svg, made by
 * speed-chart.ts), each followed by its numbers in a table (median, p90, min and
 * max of the trials, and why a terminal has none); the machine's load while each
 * terminal was measured; speed.json holds the speed results files as read.
 * Written only when the site is built with speed results (site-command.ts reads
 * speed/ beside the results files).
 */
import { FIGURE_TITLES, figureGroup, linesPerSecond, shownValue, sig3, type FigureGroup } from '../../results/speed-figures.js';
import { SPEED_FIGURES, type SpeedFigure, type SpeedFigureId, type SpeedResults } from '../../results/speed-results-schema.js';
import { html, type Html } from './html.js';
import { renderPage } from './layout.js';
import type { SiteModel } from './site-model.js';
import type { SitePage } from './site-pages.js';
import { chartRows, speedChartSvg } from './speed-chart.js';

const GROUPS: Record<FigureGroup, { title: string; text: string }> = {
  reply: {
    title: 'Reply latency',
    text: 'From writing a query (CSI 6n, CSI c) to its answer reaching termprobe, with nothing written for 50 ms before (idle), or at once after the answer to 32 KiB of text (right after a burst of output). The query and the answer pass the relay termprobe runs in the terminal (two pipe hops each way).',
  },
  drain: {
    title: 'Drain throughput',
    text: 'Each payload (about 256 KiB, generated from fixed seeds) written whole, as fast as the terminal reads its pty, with a cursor report after it: the time runs from its first byte to the report’s answer, so it is the terminal’s, not the pty buffer’s. MB/s is 10⁶ bytes a second; lines/s counts the line feeds written, or the rows drawn for the redraws.',
  },
  frame: {
    title: 'First frame after output',
    text: 'From writing 40 characters over a row of the screen to the first X DAMAGE event over those cells (GUI terminals on their private display; under weston, the compositor’s drawing of foot’s frame): the nearest this harness comes to input-to-photon without a camera.',
  },
  memory: {
    title: 'Memory',
    text: 'Resident size (VmRSS) of the terminal’s own processes — not the display, the compositor, the session bus or termprobe’s relay — at start, and after 20,000 lines of text filled the scrollback (each terminal keeps what its default scrollback limit allows). Five samples 50 ms apart; their spread says how steady the figure is in one instance, not how it varies between instances.',
  },
};

const label = (r: SpeedResults) => `${r.target.identity.name} ${r.target.identity.version}`;
const svgPath = (id: SpeedFigureId) => `speed/${id}.svg`;

function cellsOf(f: SpeedFigure | undefined): Html {
  if (!f || f.status === 'unmeasured' || !f.stats) {
    const why = f?.status === 'stalled' ? `stalled: ${f.stall!.consumed} of ${f.stall!.of} bytes consumed after ${(f.stall!.afterMs / 1000).toFixed(1)} s (${f.stall!.reason})` : (f?.note ?? 'not measured');
    return html`<td colspan="4">${why}</td>`;
  }
  const s = f.stats;
  const v = (x: number) => sig3(shownValue(f, x).value);
  const unit = shownValue(f, s.median).unit;
  const lines = f.lines !== undefined ? html`<br><span class="n">${sig3(linesPerSecond(f.lines, s.median))} lines/s</span>` : '';
  const stalled = f.status === 'stalled' ? html`<br>then stalled (${f.stall!.consumed} of ${f.stall!.of} bytes)` : '';
  const [lo, hi] = [shownValue(f, s.min).value, shownValue(f, s.max).value].sort((a, b) => a - b);
  return html`<td class="num">${v(s.median)} ${unit}${lines}</td><td class="num">${v(s.p90)}</td><td class="num">${sig3(lo!)}–${sig3(hi!)}</td><td class="num">${f.trials.length}${stalled}</td>`;
}

function figureSection(runs: readonly SpeedResults[], id: SpeedFigureId): Html {
  const rows = runs.map((r) => html`<tr><th scope="row">${label(r)}</th>${cellsOf(r.figures.find((f) => f.id === id))}</tr>`);
  const alt = `Chart of ${FIGURE_TITLES[id]} per terminal; the table below gives the same numbers.`;
  return html`<section class="speed-figure" id="${id}"><h3>${FIGURE_TITLES[id]}</h3>
<p><img src="${svgPath(id)}" alt="${alt}" loading="lazy"></p>
<div class="table-wrap"><table class="data"><thead><tr><th scope="col">terminal</th><th scope="col">median</th><th scope="col">p90 (the slow or large end)</th><th scope="col">min–max</th><th scope="col">trials</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

function loadTable(runs: readonly SpeedResults[]): Html {
  const rows = runs.map((r) => html`<tr><th scope="row">${label(r)}</th><td class="num">${r.load.otherCores} of ${r.load.cpus}</td><td class="num">${r.load.runCores}</td><td class="num">${r.load.before[0]} → ${r.load.after[0]}</td><td>${r.run.startedAt.slice(0, 16).replace('T', ' ')}</td><td class="num">${(r.run.elapsedMs / 1000).toFixed(1)} s</td></tr>`);
  return html`<div class="table-wrap"><table class="data"><thead><tr><th scope="col">terminal</th><th scope="col">cores busy with other work</th><th scope="col">cores this run took</th><th scope="col">load average (1 min)</th><th scope="col">measured (UTC)</th><th scope="col">took</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function renderSpeedPage(model: SiteModel, runs: readonly SpeedResults[]): string {
  const first = runs[0]!;
  const groups = (Object.keys(GROUPS) as FigureGroup[]).map((g) => html`<h2>${GROUPS[g].title}</h2><p>${GROUPS[g].text}</p>${SPEED_FIGURES.filter((id) => figureGroup(id) === g).map((id) => figureSection(runs, id))}`);
  const body = html`<h1>How fast each terminal is</h1>
<p class="meta">${runs.length} terminals at ${first.settings.cols}×${first.settings.rows}, payloads ${first.payloads.version} #${first.payloads.hash}, ${first.payloads.trials} trials per figure. These figures sit beside the compatibility table and never change its marks.</p>
<p>Every terminal ran alone on the same machine, each on its own private display at the same size, one after another. The machine’s other work is recorded beside each terminal: figures made while it was busy are slower and spread wider. Two runs of a figure differ (<code>termprobe diff a.json b.json</code>) only when none of their trials overlap.</p>
<h2>The machine while each terminal was measured</h2>${loadTable(runs)}${groups}
<p>Machine-readable: <a href="speed.json">speed.json</a> (the speed results files, <code>termprobe speed</code>).</p>`;
  return renderPage(model, { title: 'Speed', kind: 'speed-page', root: '', crumbs: [{ text: 'Speed' }], nav: 'speed', body });
}

export const speedPages: SitePage = {
  name: 'speed',
  pages(model) {
    const runs = model.speed;
    if (!runs || runs.length === 0) return [];
    return [
      { path: 'speed.html', content: () => renderSpeedPage(model, runs) },
      { path: 'speed.json', content: () => JSON.stringify(runs, null, 1) + '\n' },
      ...SPEED_FIGURES.map((id) => ({ path: svgPath(id), content: () => speedChartSvg(id, chartRows(runs, id)) })),
    ];
  },
};
