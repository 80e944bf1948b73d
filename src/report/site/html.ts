/**
 * Safe HTML by construction. Every string from a results file is untrusted, so
 * text only reaches a page through `html`, which escapes each interpolated value
 * unless it is already an `Html` fragment built the same way. There is no way to
 * mark an arbitrary string as safe except `trustedHtml`, used for markup written
 * in this codebase (never for data).
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

/** Escape text for an element body or a quoted attribute value. */
export function escapeHtml(text: string): string {
  // Most values (ids, labels, answers) have nothing to escape: testing first skips the replace and its copy.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : text;
}

/** A fragment of markup that is safe to place in a page as is. */
export class Html {
  readonly #markup: string;
  constructor(markup: string, key: symbol) {
    if (key !== KEY) throw new Error('Html fragments are made by html``, never from a plain string');
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

const KEY = Symbol('html');

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template: `html\`<td title="${label}">${text}</td>\``. Values are escaped
 * (arrays joined, null/undefined/false dropped). Attribute values must be quoted.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out, KEY);
}

/** Markup written by this codebase (templates from site/). Never pass data here. */
export function trustedHtml(markup: string): Html {
  return new Html(markup, KEY);
}

/**
 * Data for a page's script, as the text of a <script type="application/json">
 * (never run: the CSP allows it): JSON with "<" and the line separators escaped,
 * so no string in it can end the element, whatever the data holds.
 */
export function jsonText(data: unknown): Html {
  const text = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return new Html(text, KEY);
}

export function joinHtml(parts: readonly HtmlValue[], separator: HtmlValue = ''): Html {
  const sep = render(separator);
  return new Html(parts.map(render).join(sep), KEY);
}

/** A link only for http(s) URLs; anything else (javascript:, data:, relative) stays text. */
export function externalLink(text: string, shown: string = text): Html {
  let url: URL | undefined;
  try {
    url = /^https?:\/\//i.test(text) ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return html`${text}`;
  return html`<a href="${url.href}" rel="noopener noreferrer nofollow">${shown}</a>`;
}
