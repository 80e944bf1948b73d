/**
 * The evidence behind one cell, as HTML: the raw replies exactly as received
 * (escape notation), status notes, stray output, extra evidence, and the registry
 * entry's reason and sources. Everything here is text from a results file or the
 * registry: it is escaped, and only http(s) sources become links.
 */
import type { DivergenceEntry } from '../../classify/load-divergences.js';
import { describeConvention, type ReplyConvention } from '../../classify/reply-convention.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { externalLink, html, type Html } from './html.js';

function line(label: string, value: string | undefined): Html {
  return html`<div><span class="n">${label}</span> ${value === undefined ? html`<i>no reply</i>` : html`<code class="raw">${value}</code>`}</div>`;
}

/** Raw replies and notes of one result; "not run" when there is none. */
export function rawEvidence(r: ProbeResult | undefined, opts: { timing?: boolean } = {}): Html {
  if (!r) return html`<i>not run</i>`;
  const parts: Html[] = [];
  if (r.status !== 'ok') parts.push(html`<div><b>${r.status}</b>${r.note ? html`: ${r.note}` : ''}</div>`);
  else if (r.note) parts.push(html`<div>${r.note}</div>`);
  if (r.cursor) parts.push(line('CPR', r.cursor.raw));
  for (const rep of r.replies) parts.push(line(rep.query, rep.raw));
  for (const u of r.unexpected ?? []) parts.push(line('unexpected', u));
  for (const [k, v] of Object.entries(r.evidence ?? {})) parts.push(html`<div><span class="n">${k}</span> ${v}</div>`);
  if (opts.timing !== false && r.elapsedMs !== undefined) parts.push(html`<div class="n">${r.elapsedMs.toFixed(1)} ms</div>`);
  return html`${parts}`;
}

/**
 * A source link's text, short enough to read: a GitHub file at a commit as
 * "owner/repo@abcdef0 path#L10-L20" (the link keeps the whole address); anything else as given.
 */
export function shortSource(url: string): string {
  const m = url.match(/^https:\/\/github\.com\/([^/]+\/[^/]+)\/blob\/([0-9a-f]{7,40}|[^/]+)\/(.+)$/);
  if (!m) return url;
  const ref = /^[0-9a-f]{40}$/.test(m[2]!) ? m[2]!.slice(0, 7) : m[2]!;
  return `${m[1]}@${ref} ${m[3]}`;
}

/** Why a cell has its class: the registry entry's reason, evidence and where it lives. */
export function entryExplanation(entry: DivergenceEntry | undefined, who?: Html): Html {
  if (!entry) return html``;
  const where = `${entry.file}${entry.line !== undefined ? `:${entry.line}` : ''}`;
  return html`<p class="reason">${who ?? ''}${entry.reason}</p>${sources(entry.evidence, html`registry: ${entry.target} ${entry.versions} ${entry.class} · ${where}`)}`;
}

/**
 * A reason's sources and registry line, folded under the reason (one click away, and in the page for search
 * engines and screen readers): the reasons themselves are what a reader scans, and a page of many terminals'
 * reasons stays a page (a probe page's answers table is at most 1,500 px tall at 1440 px wide).
 */
function sources(evidence: readonly string[], registry: Html): Html {
  return html`<details class="sources"><summary>sources (${evidence.length})</summary><ul class="evidence">${evidence.map((e) => html`<li>${externalLink(e, shortSource(e))}</li>`)}</ul><div class="n">${registry}</div></details>`;
}

/** Why a cell shows two cursors (raw→judged): its terminal's reply convention, its evidence and where it lives (its reason is on the terminal's page and in explain). */
export function conventionExplanation(c: ReplyConvention, who?: Html): Html {
  const where = `${c.file}${c.line !== undefined ? `:${c.line}` : ''}`;
  // Its source links only: the page is about the probe, and the terminal's page gives the rest.
  const links = c.evidence.filter((e) => /^https?:\/\//.test(e));
  return html`<p class="reason">${who ?? ''}Reply convention (the raw report, then the answer judged): ${describeConvention(c)}.</p>${sources(links, html`registry: ${c.target} ${c.versions} reply convention · ${where}`)}`;
}
