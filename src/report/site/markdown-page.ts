/**
 * The Markdown of termprobe's own docs pages (README.md and docs/*.md, written
 * by this project) as HTML for the site: headings with their GitHub anchors,
 * paragraphs, lists (an item's indented lines continue it), fenced code, tables,
 * and inline code, links, bold and italics. Every piece of text goes through
 * `html` (escaped); a link to another docs page points at its page in the site,
 * a link to a file of the repository stays text (the site holds no sources).
 */
import { html, joinHtml, type Html } from './html.js';

/** GitHub's heading anchors: lower case, punctuation other than - and _ dropped, spaces to -. */
export function headingAnchor(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** A docs page's name on the site for a link target ("verdicts.md#x" → "verdicts.html#x"), or undefined when the target is no docs page. */
export type LinkTarget = (target: string) => string | undefined;

function inline(text: string, link: LinkTarget): Html {
  const parts: Html[] = [];
  // Code spans first (nothing inside them is markup), then links, bold, italics.
  const re = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|(?<![\w*])\*([^*\s][^*]*)\*(?!\w)/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    parts.push(html`${text.slice(at, m.index)}`);
    if (m[1] !== undefined) parts.push(html`<code>${m[1]}</code>`);
    else if (m[2] !== undefined) {
      const target = /^https?:\/\//.test(m[3]!) ? m[3]! : link(m[3]!);
      parts.push(target ? html`<a href="${target}">${inline(m[2], link)}</a>` : inline(m[2], link));
    } else if (m[4] !== undefined) parts.push(html`<strong>${inline(m[4], link)}</strong>`);
    else parts.push(html`<em>${inline(m[5]!, link)}</em>`);
    at = m.index + m[0].length;
  }
  parts.push(html`${text.slice(at)}`);
  return joinHtml(parts);
}

const cellsOf = (row: string) => row.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));

/** The page's HTML body and its first heading (the page title). */
export function markdownToHtml(text: string, link: LinkTarget): { title: string; body: Html } {
  const lines = text.split('\n');
  const out: Html[] = [];
  let title = '';
  let i = 0;
  const para: string[] = [];
  const flush = () => {
    if (para.length > 0) out.push(html`<p>${inline(para.join(' '), link)}</p>`);
    para.length = 0;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) code.push(lines[i]!);
      i++;
      out.push(html`<pre><code>${code.join('\n')}</code></pre>`);
    } else if (heading) {
      flush();
      // The page's first heading is its title, the page's h1 (docs-pages.ts writes it); the others keep their level.
      if (!title && heading[1] === '#') title = heading[2]!.replace(/`/g, '');
      else out.push(headingHtml(Math.max(2, heading[1]!.length), heading[2]!, link));
      i++;
    } else if (/^\|.*\|\s*$/.test(line) && /^\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? '')) {
      flush();
      const head = cellsOf(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && /^\|/.test(lines[i]!); i++) rows.push(cellsOf(lines[i]!));
      out.push(html`<div class="table-wrap"><table class="data"><thead><tr>${head.map((h) => html`<th scope="col">${inline(h, link)}</th>`)}</tr></thead><tbody>${rows.map((r) => html`<tr>${r.map((c) => html`<td>${inline(c, link)}</td>`)}</tr>`)}</tbody></table></div>`);
    } else if (/^\s*- /.test(line)) {
      flush();
      const items: string[] = [];
      for (; i < lines.length && (/^\s*- /.test(lines[i]!) || (/^\s+\S/.test(lines[i]!) && items.length > 0)); i++) {
        if (/^\s*- /.test(lines[i]!)) items.push(lines[i]!.replace(/^\s*- /, ''));
        else items[items.length - 1] += ` ${lines[i]!.trim()}`;
      }
      out.push(html`<ul>${items.map((it) => html`<li>${inline(it, link)}</li>`)}</ul>`);
    } else if (line.trim() === '') {
      flush();
      i++;
    } else {
      para.push(line.trim());
      i++;
    }
  }
  flush();
  return { title, body: joinHtml(out) };
}

function headingHtml(level: number, text: string, link: LinkTarget): Html {
  const id = headingAnchor(text);
  const inner = inline(text, link);
  switch (level) {
    case 2: return html`<h2 id="${id}">${inner}</h2>`;
    case 3: return html`<h3 id="${id}">${inner}</h3>`;
    case 4: return html`<h4 id="${id}">${inner}</h4>`;
    case 5: return html`<h5 id="${id}">${inner}</h5>`;
    default: return html`<h6 id="${id}">${inner}</h6>`;
  }
}
