/**
 * Text for a one-line message: every character that would not show (controls,
 * format characters such as a byte-order mark, line and paragraph separators,
 * unassigned and private-use code points) written as \u{XXXX}, so a message
 * never carries an invisible character or breaks the line.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/gu;

export function codePointName(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function printable(text: string): string {
  return text.replace(INVISIBLE, (ch) => `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}`);
}
