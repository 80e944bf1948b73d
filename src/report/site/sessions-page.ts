/**
 * sessions.html: the recorded sessions replayed into every target (one row per
 * session: how many targets read a screen, how many pairs differ), and the
 * chunking property's findings per target; sessions/<name>.html: a session's
 * final screens side by side, the cells that differ from the first screen
 * outlined, and every pair. Written only when the site is built with replay or
 * chunking reports (site-command.ts reads sessions/ and chunking/ beside the results).
 */
import type { ChunkingReport } from '../../results/chunking-report-schema.js';
import { rectText, type ReplayedTargetRecord as ReplayedTarget, type ReplayReport } from '../../results/replay-report-schema.js';
import type { ColourSheet } from './colour-sheet.js';
import { html, type Html } from './html.js';
import { renderPage } from './layout.js';
import { jsonBlock } from './probe-page.js';
import { screenData } from './screen-grid.js';
import type { SitePage, SiteFile } from './site-pages.js';
import type { SiteModel } from './site-model.js';
import { SlugAllocator } from './slug.js';
import { fillTemplate } from './templates.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const cursorText = (c: { row: number; col: number } | null | undefined) => (c ? `${c.row};${c.col}` : 'none');

/** The recorded command without the recording machine's scratch folders (mktemp's /tmp/tmp.XXXX/, shown as …/). */
function shownCommand(r: ReplayReport): string {
  return (r.session.command ?? '').replace(/\/tmp\/[^/\s]+\//g, '…/');
}

function sessionSlugs(reports: readonly ReplayReport[]): string[] {
  const alloc = new SlugAllocator('session');
  return reports.map((r) => alloc.take(r.session.name));
}

function read(r: ReplayReport): ReplayedTarget[] {
  return r.targets.filter((t) => t.status === 'ok' && t.state);
}

function summaryTable(reports: readonly ReplayReport[], slugs: string[]): Html {
  const rows = reports.map((r, i) => {
    const withScreen = read(r).filter((t) => t.state?.screen).length;
    const differ = r.pairs.filter((p) => !p.same).length;
    const skipped = r.targets.filter((t) => t.status !== 'ok');
    return html`<tr><th><a href="sessions/${slugs[i]!}.html">${r.session.name}</a></th><td>${shownCommand(r)}</td><td>${r.session.cols}x${r.session.rows}</td><td>${r.session.bytes}</td><td>${read(r).length} (${withScreen} with screens)</td><td class="${differ ? 'differs' : 'same'}">${differ} of ${r.pairs.length}</td><td>${skipped.map((t) => `${t.target}: ${t.status}`).join('; ')}</td></tr>`;
  });
  return html`<table class="data session-pairs"><thead><tr><th scope="col">session</th><th scope="col">command</th><th scope="col">size</th><th scope="col">bytes</th><th scope="col">targets read</th><th scope="col">pairs that differ</th><th scope="col">not replayed</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function probeLink(model: SiteModel, id: string): Html {
  const row = model.rows.find((r) => r.id === id);
  return row ? html`<a href="probes/${row.slug}.html"><code>${id}</code></a>` : html`<code>${id}</code>`;
}

function chunkingSection(model: SiteModel, reports: readonly ChunkingReport[]): Html {
  if (reports.length === 0) return html`<p>No chunking reports were given to this build.</p>`;
  const rows = reports.map((r) => {
    const found = r.findings.length === 0
      ? html`none`
      : html`<ul>${r.findings.map((f) => html`<li>${probeLink(model, f.probe)}: ${f.whole} whole; ${f.differing.slice(0, 4).map((d) => `${d.answer} (${d.split})`).join(', ')}${f.differing.length > 4 ? ` and ${f.differing.length - 4} more cuts` : ''}</li>`)}</ul>`;
    return html`<tr><th>${r.target.name} ${r.target.version}</th><td>${r.corpus.probes} probes, ${r.run.variants} variants${r.settings.pauseMs ? `, ${r.settings.pauseMs} ms after each piece` : ''}</td><td>${found}</td></tr>`;
  });
  return html`<div class="table-wrap"><table class="data"><thead><tr><th scope="col">target</th><th scope="col">run</th><th scope="col">probes whose answer depends on the cut</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function renderSessionsPage(model: SiteModel): string {
  const sessions = model.sessions ?? [];
  const slugs = sessionSlugs(sessions);
  const body = fillTemplate('sessions', {
    meta: `${plural(sessions.length, 'session')}; chunking runs on ${plural((model.chunking ?? []).length, 'target')}`,
    table: sessions.length ? summaryTable(sessions, slugs) : html`<p>No replay reports were given to this build.</p>`,
    chunking: chunkingSection(model, model.chunking ?? []),
  });
  return renderPage(model, { title: 'Sessions', kind: 'sessions-page', root: '', crumbs: [{ text: 'Sessions' }], nav: 'sessions', body });
}

/** The cells of `rects`, as a lookup. */
function inRects(rects: readonly { top: number; left: number; bottom: number; right: number }[]) {
  return (row: number, col: number) => rects.some((r) => row >= r.top && row <= r.bottom && col >= r.left && col <= r.right);
}

/** A target's name on the page: its target name and, when it said, its own name and version. */
const targetLabel = (t: ReplayedTarget) => `${t.target}${t.terminal ? ` (${t.terminal})` : ''}`;

/**
 * The final screens, each distinct screen drawn once with every target that
 * left it (most sessions end on two to five distinct screens across 28 targets:
 * drawing each target's copy made a session page 0.8 MB); targets without a
 * screen say why. Targets with the same screen (however it was read: the grid
 * names every way) and cursor compare alike with the first one, so a group's
 * caption and outlined cells are its first member's.
 */
function finalScreens(r: ReplayReport, first: ReplayedTarget | undefined, colours: ColourSheet, drawn: unknown[]): Html[] {
  const pairWithFirst = (t: ReplayedTarget) => (first && t !== first ? r.pairs.find((p) => (p.a === first.target && p.b === t.target) || (p.b === first.target && p.a === t.target)) : undefined);
  const groups = new Map<string, ReplayedTarget[]>();
  const out: (Html | ReplayedTarget[])[] = [];
  for (const t of r.targets) {
    const label = targetLabel(t);
    if (t.status !== 'ok' || !t.state) {
      out.push(html`<figure><figcaption>${label}</figcaption><p>${t.status}${t.note ? `: ${t.note}` : ''}</p></figure>`);
      continue;
    }
    if (!t.state.screen) {
      const pair = pairWithFirst(t);
      out.push(html`<figure><figcaption>${label} — cursor ${cursorText(t.state.cursor)}${pair ? (pair.same ? ', same as the first' : `, ${plural(pair.cells, 'cell')} differ`) : ''}</figcaption><p>Screen not readable from this target: the cursor is compared.</p></figure>`);
      continue;
    }
    const s = t.state.screen;
    const key = JSON.stringify([cursorText(t.state.cursor), s.region, s.cells ?? s.text]);
    const members = groups.get(key);
    if (members) members.push(t);
    else {
      const list = [t];
      groups.set(key, list);
      out.push(list);
    }
  }
  return out.map((item) => {
    if (!Array.isArray(item)) return item;
    const lead = item[0]!;
    const pair = pairWithFirst(item.includes(first!) ? first! : lead);
    const caption = `${item.map(targetLabel).join(', ')} — cursor ${cursorText(lead.state!.cursor)}${pair ? (pair.same ? ', same as the first' : `, ${plural(pair.cells, 'cell')} differ`) : ''}`;
    const vias = [...new Set(item.map((t) => t.state!.screen!.via))];
    // The grid as data, drawn by assets/screen.js (a session's screens as HTML cells weighed up to 216 KB a page).
    drawn.push({ caption, ...(screenData(lead.state!.screen!, colours, vias, pair && !pair.same ? inRects(pair.rects) : undefined) as object) });
    return html`<div data-screen="${drawn.length - 1}"><p class="n">${caption}: the screen is drawn by the page’s script from the data below.</p></div>`;
  });
}

export function renderSessionPage(model: SiteModel, r: ReplayReport, ctx: { colours: ColourSheet }): string {
  const shown = read(r);
  const first = shown.find((t) => t.state?.screen) ?? shown[0];
  const drawn: unknown[] = [];
  const screens = html`${finalScreens(r, first, ctx.colours, drawn)}${jsonBlock('screens-data', drawn)}`;
  const pairs = html`<table class="data session-pairs"><thead><tr><th scope="col">a</th><th scope="col">b</th><th scope="col">compared</th><th scope="col">result</th></tr></thead><tbody>${r.pairs.map(
    (p) => html`<tr><td>${p.a}</td><td>${p.b}</td><td>${p.compared}</td><td class="${p.same ? 'same' : 'differs'}">${p.same ? 'same' : [p.cursor ? `cursor ${cursorText(p.cursor.a)} vs ${cursorText(p.cursor.b)}` : '', p.cells ? `${plural(p.cells, 'cell')}: ${p.rects.slice(0, 3).map(rectText).join('; ')}${p.rects.length > 3 ? `; and ${p.rects.length - 3} more` : ''}` : ''].filter(Boolean).join('; ')}</td></tr>`,
  )}</tbody></table>`;
  const body = fillTemplate('session', {
    name: r.session.name,
    meta: `${shownCommand(r)} · ${r.session.cols}x${r.session.rows}${r.session.term ? ` · TERM=${r.session.term}` : ''} · ${r.session.bytes} bytes · replayed by termprobe ${r.tool.version}`,
    first: first?.target ?? 'none',
    screens,
    pairs,
    file: r.session.file,
    targets: r.targets.map((t) => t.target).join(','),
  });
  return renderPage(model, { title: `Session ${r.session.name}`, kind: 'session-page', root: '../', crumbs: [{ href: '../sessions.html', text: 'Sessions' }, { text: r.session.name }], nav: 'sessions', body, scripts: ['assets/screen.js', 'assets/session.js'] });
}

export const sessionsPages: SitePage = {
  name: 'sessions',
  pages(model, ctx): SiteFile[] {
    const sessions = model.sessions ?? [];
    if (sessions.length === 0 && (model.chunking ?? []).length === 0) return [];
    const slugs = sessionSlugs(sessions);
    return [
      { path: 'sessions.html', content: () => renderSessionsPage(model) },
      ...sessions.map((r, i) => ({ path: `sessions/${slugs[i]!}.html`, content: () => renderSessionPage(model, r, ctx) })),
    ];
  },
};
