/**
 * A cell's style as one line of text, the form a probe's `style` expectation is
 * written in: the attributes in a fixed order, then the colours, e.g.
 * "bold underline:curly ul=196 fg=red"; "plain" for a cell with no style.
 * Single underline is "underline"; the others "underline:double|curly|dotted|dashed".
 */
import type { Color, Style } from './results-schema.js';

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

const FLAGS = ['bold', 'dim', 'italic', 'blink', 'reverse', 'invisible', 'strikethrough', 'overline'] as const;

function parseColor(text: string): Color {
  return /^\d+$/.test(text) ? Number(text) : (text as Color);
}

/** The style a line of style text names (the inverse of styleText; the corpus schema checks the words). */
export function parseStyleText(text: string): Style | undefined {
  if (text === PLAIN_STYLE) return undefined;
  const s: Style = {};
  for (const word of text.split(' ')) {
    if ((FLAGS as readonly string[]).includes(word)) s[word as (typeof FLAGS)[number]] = true;
    else if (word === 'underline') s.underline = true;
    else if (word.startsWith('underline:')) {
      s.underline = true;
      s.underlineStyle = word.slice('underline:'.length) as NonNullable<Style['underlineStyle']>;
    } else if (word.startsWith('ul=')) s.underlineColor = parseColor(word.slice(3));
    else if (word.startsWith('fg=')) s.fg = parseColor(word.slice(3));
    else if (word.startsWith('bg=')) s.bg = parseColor(word.slice(3));
    else throw new Error(`not a style word: ${JSON.stringify(word)}`);
  }
  return s;
}
