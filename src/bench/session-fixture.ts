/**
 * A synthetic session of about the given size for the bisect bench: the kind of
 * output a TUI writes (cursor positioning, colours, erases, scrolling text, wide
 * characters), on which xterm.js and ghostty agree throughout (lines kept short
 * and erases made with default attributes: a wide character overwritten at the
 * last column, or an erase in underline, is a difference of its own), then one
 * HPR 0 (CSI 0 a) at the very end, where the two part (xterm.js reads 0 as 1).
 */
export function benchSession(bytes: number, rows: number): { data: Uint8Array; divergesAfter: number } {
  const parts: string[] = [];
  let length = 0;
  let i = 0;
  let divergesAfter = -1;
  while (length < bytes) {
    let chunk: string;
    switch (i % 5) {
      case 0:
        chunk = `\x1b[${1 + (i % rows)};1H\x1b[3${i % 8}mline ${i}\x1b[0m\x1b[K\r\n`;
        break;
      case 1:
        chunk = `status ${i % 1000}: \x1b[1mok\x1b[22m 日本 ${'.'.repeat(i % 20)}\r\n`;
        break;
      case 2:
        chunk = `\x1b[${1 + (i % rows)}d\x1b[2Cmore text here\r\n`;
        break;
      case 3:
        chunk = `\x1b[7m ${i % 1000} \x1b[27m\x1b[3A\x1b[5Bdone\r\n`;
        break;
      default:
        chunk = `plain output line number ${i % 1000} with some words in it\r\n`;
    }
    parts.push(chunk);
    length += Buffer.byteLength(chunk);
    i++;
  }
  // The last line: text after an HPR 0 lands one column apart, and nothing overwrites it.
  divergesAfter = length + Buffer.byteLength('\x1b[5;5H\x1b[0a');
  parts.push('\x1b[5;5H\x1b[0aX');
  return { data: new Uint8Array(Buffer.from(parts.join(''), 'utf8')), divergesAfter };
}
