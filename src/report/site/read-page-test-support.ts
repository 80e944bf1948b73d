/**
 * A written page read back as text for the tests that look for markup in it
 * (href="…", id="…"): the site leaves out the quotes of attribute values that
 * need none (trim-html.ts), which the parser reads alike, so every value is
 * quoted again here, the page otherwise as written. Script, pre, textarea and
 * style bodies and comments are kept as they are.
 */
import { readFileSync } from 'node:fs';

const PARTS = /<!--[^]*?-->|<((script|pre|textarea|style)\b[^>]*)>[^]*?<\/\2>|<([a-zA-Z][^>]*)>/g;

/** Every bare attribute value of the page's start tags in double quotes. */
export function quoteAttributes(html: string): string {
  const quote = (inside: string) => inside.replace(/("[^"]*")|(\s[^\s"'>/=]+)=([^\s"'=<>`]+)(?=\s|$)/g, (m, q: string | undefined, name: string, value: string) => (q ? m : `${name}="${value}"`));
  return html.replace(PARTS, (m, raw: string | undefined, _body: string | undefined, tag: string | undefined) => {
    if (raw) return `<${quote(raw)}>` + m.slice(raw.length + 2);
    return tag ? `<${quote(tag)}>` : m;
  });
}

/** A page of the site as text, its attribute values quoted. */
export const readPage = (path: string): string => quoteAttributes(readFileSync(path, 'utf8'));
