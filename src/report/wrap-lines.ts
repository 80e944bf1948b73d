/**
 * Prose lines fitted to a width: a line longer than the width breaks at the
 * last space that fits, and its continuation lines are indented two columns
 * more than the line itself (so a wrapped item still reads as one). Widths are
 * display columns (a wide character counts 2). A word longer than a whole line
 * is cut where the line ends: nothing is ever wider than the width.
 */
import stringWidth from 'string-width';

const ASCII = /^[\x20-\x7e]*$/;
const columnsOf = (s: string) => (ASCII.test(s) ? s.length : stringWidth(s));

/** Cut a word into pieces of at most `width` columns. */
function cutWord(word: string, width: number): string[] {
  const out: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (columnsOf(piece + ch) > width && piece !== '') {
      out.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece !== '') out.push(piece);
  return out;
}

export function wrapLine(line: string, width: number): string[] {
  if (width < 8 || columnsOf(line) <= width) return [line];
  const indent = /^ */.exec(line)![0];
  const more = `${indent}  `.slice(0, Math.max(0, width - 4));
  const out: string[] = [];
  let current = indent;
  let lead = indent;
  for (const word of line.slice(indent.length).split(' ')) {
    const sep = current === lead ? '' : ' ';
    if (columnsOf(current + sep + word) <= width) {
      current += sep + word;
      continue;
    }
    if (current !== lead) out.push(current);
    lead = more;
    current = more;
    // A word wider than a whole line: cut it, each piece on a line of its own.
    const pieces = columnsOf(more + word) <= width ? [word] : cutWord(word, width - more.length);
    for (const piece of pieces.slice(0, -1)) out.push(more + piece);
    current = more + pieces[pieces.length - 1]!;
  }
  if (current.trim() !== '') out.push(current);
  return out;
}

/** Every line fitted to `width` columns. */
export function wrapLines(lines: readonly string[], width: number): string[] {
  return lines.flatMap((l) => (l.includes('\n') ? l.split('\n') : [l]).flatMap((x) => wrapLine(x, width)));
}
