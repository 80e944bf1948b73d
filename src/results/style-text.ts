/**
 * A cell's style as one line of text, the form a probe's `style` expectation is
 * written in: the attributes in a fixed order, then the colours, e.g.
 * "bold underline:curly ul=196 fg=red"; "plain" for a cell with no style.
 * Single underline is "underline"; the others "underline:double|curly|dotted|dashed".
 */
import type { Style } from './results-schema.js';

export const PLAIN_STYLE = 'plain';

export function styleText(s: Style | undefined): string {
  if (!s) return PLAIN_STYLE;
  const words: string[] = [];
  if (s.bold) words.push('bold');
  if (s.dim) words.push('dim');
  if (s.italic) words.push('italic');
  if (s.underline) words.push(s.underlineStyle ? `underline:${s.underlineStyle}` : 'underline');
  if (s.underlineColor !== undefined) words.push(`ul=${s.underlineColor}`);
  if (s.blink) words.push('blink');
  if (s.reverse) words.push('reverse');
  if (s.invisible) words.push('invisible');
  if (s.strikethrough) words.push('strikethrough');
  if (s.overline) words.push('overline');
  if (s.fg !== undefined) words.push(`fg=${s.fg}`);
  if (s.bg !== undefined) words.push(`bg=${s.bg}`);
  return words.length === 0 ? PLAIN_STYLE : words.join(' ');
}
