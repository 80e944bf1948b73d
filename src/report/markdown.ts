/** Markdown helpers: tables measured with string-width (wide characters), cells escaped. */
import { markdownTable } from 'markdown-table';
import stringWidth from 'string-width';

/** A table cell's text: pipes escaped (also inside code spans, as GFM wants), line breaks as <br>. */
export function mdCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

/** Inline code that survives backticks inside. */
export function mdCode(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence === '``' ? ' ' : ''}${text}${fence === '``' ? ' ' : ''}${fence}`;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const widths = new Map<string, number>();

/** string-width, with plain ASCII counted directly and the rest cached: the same answers repeat. */
export function textWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let w = widths.get(text);
  if (w === undefined) widths.set(text, (w = stringWidth(text)));
  return w;
}

export function mdTable(head: string[], rows: string[][], align?: ('l' | 'r' | 'c')[]): string {
  return markdownTable([head.map(mdCell), ...rows.map((r) => r.map(mdCell))], { stringLength: textWidth, align });
}
