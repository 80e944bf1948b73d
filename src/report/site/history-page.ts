/**
 * history/<terminal>.html: one terminal across its versions (xterm.js and
 * ghostty-web from results/history/, or several versions of any terminal among
 * the files given): the versions, and for each release step the probes that
 * changed answer, with both answers — the same history `termprobe history`
 * prints (version-history.ts). A terminal page links to its history, and the
 * history page to every version's results file, so the versions the table does
 * not show are one click away.
 */
import type { ResultsCopy } from './compact-results.js';
import type { RunView } from '../../classify/run-view.js';
import type { VersionHistory } from '../version-history.js';
import type { AnswerShown } from '../diff-results.js';
import { html, type Html } from './html.js';
import { renderPage } from './layout.js';
import type { SiteColumn, SiteModel } from './site-model.js';
import type { SiteFile, SitePage } from './site-pages.js';
import { slugify } from './slug.js';

/** The histories of the site (set by build-site.ts), each with its page's slug. */
export interface SiteHistory {
  history: VersionHistory;
  slug: string;
  /** Each version's results file inside the site (history/results/<slug>-<version>.json.gz), by version. */
  results: Map<string, { path: string; content: () => Buffer | { results: ResultsCopy } }>;
  /** The runs behind the versions, oldest first (for the features' "since", site-features.ts). */
  views: RunView[];
}

export function historyPath(h: SiteHistory): string {
  return `history/${h.slug}.html`;
}

/** The history of a terminal column: by name, when the site has one. */
export function historyOf(col: SiteColumn, model: SiteModel): SiteHistory | undefined {
  return model.histories?.find((h) => h.history.terminal === col.view.name || h.history.terminal === col.view.targetId);
}

const answer = (a: AnswerShown | undefined) => (a ? a.answer : '—');

/** For the terminal page: a link to the history, with how many versions and changes it holds. */
export function historySection(col: SiteColumn, model: SiteModel): Html {
  const h = historyOf(col, model);
  if (!h) return html`<p>No other version of ${col.view.name} among the results.</p>`;
  const v = h.history.versions;
  const changes = h.history.steps.reduce((n, s) => n + s.changed.length, 0);
  const versions = v.map((x) => x.version).join(', ');
  return html`<p><a href="../${historyPath(h)}">${col.view.name} across ${v.length} version${v.length === 1 ? '' : 's'}</a> (${versions}; ${h.history.settings}): ${changes} answer change${changes === 1 ? '' : 's'} between consecutive versions.${h.history.notRun.length > 0 ? ` ${h.history.notRun.length} release(s) could not be run.` : ''}</p>`;
}

function stepSection(step: VersionHistory['steps'][number], probeSlugs: Map<string, string>): Html {
  const extra = [step.added ? `${step.added} added` : '', step.removed ? `${step.removed} removed` : ''].filter(Boolean).join(', ');
  const headline = html`<h3 id="step-${slugify(`${step.from}-${step.to}`)}">${step.from} → ${step.to}</h3><p>${step.changed.length === 0 ? 'No answer changed' : `${step.changed.length} probe${step.changed.length === 1 ? '' : 's'} changed answer`} (${step.unchanged} unchanged${extra ? `, ${extra}` : ''}).</p>`;
  if (step.changed.length === 0) return headline;
  const rows = step.changed.map((c) => {
    const slug = probeSlugs.get(c.id);
    const name = slug ? html`<a href="../probes/${slug}.html">${c.id}</a>` : html`${c.id}`;
    return html`<tr><th scope="row">${name}</th><td><code class="raw">${answer(c.a)}</code></td><td><code class="raw">${answer(c.b)}</code></td></tr>`;
  });
  return html`${headline}<table class="data history"><thead><tr><th scope="col">probe</th><th scope="col">${step.from}</th><th scope="col">${step.to}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderHistoryPage(h: SiteHistory, model: SiteModel): string {
  const hist = h.history;
  const probeSlugs = new Map(model.rows.map((r) => [r.id, r.slug]));
  const col = model.columns.find((c) => c.view.name === hist.terminal || c.view.targetId === hist.terminal);
  const versions = hist.versions.map((v) => {
    const file = h.results.get(v.version);
    return html`<li>${v.version}${file ? html` · <a href="../${file.path}" download>results file</a>` : ''}</li>`;
  });
  const notRun = hist.notRun.map((n) => html`<li>${n.version}: ${n.reason}</li>`);
  const body = html`<h1>${hist.terminal} across its versions</h1>
<p class="meta">${hist.versions.length} version${hist.versions.length === 1 ? '' : 's'}, run by the same engine with the same settings (${hist.settings})${col ? html` · <a href="../terminals/${col.slug}.html">${col.view.label} in the table</a>` : ''} · <a href="../index.html">back to the table</a></p>
<section><h2>Versions</h2><ul class="versions">${versions}</ul>${notRun.length > 0 ? html`<h3>Not run</h3><ul>${notRun}</ul>` : ''}</section>
${hist.notes.length > 0 ? html`<section>${hist.notes.map((n) => html`<p class="n">Note: ${n}.</p>`)}</section>` : ''}
<section><h2>What changed between consecutive versions</h2>${hist.steps.length === 0 ? html`<p>Only one version ran: nothing to compare.</p>` : hist.steps.map((s) => stepSection(s, probeSlugs))}</section>`;
  return renderPage(model, { title: `${hist.terminal} history`, kind: 'history-page', root: '../', crumbs: [{ href: '../history.html', text: 'History' }, { text: hist.terminal }], nav: 'history', body });
}

export const historyPages: SitePage = {
  name: 'history',
  pages: (model) =>
    (model.histories ?? []).flatMap((h): SiteFile[] => [{ path: historyPath(h), content: () => renderHistoryPage(h, model) }, ...h.results.values()]),
};
