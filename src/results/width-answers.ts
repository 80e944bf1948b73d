/** Reading and writing the one-character-per-item answers of a Unicode results file. */
import type { UnicodePass, UnicodeResults } from './unicode-results-schema.js';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** One item's answer character: the advance (0-35), '+' beyond, '-' none. */
export function answerChar(advance: number | null | undefined): string {
  if (advance === undefined) return '.';
  if (advance === null || advance < 0) return '-';
  return advance < DIGITS.length ? DIGITS[advance]! : '+';
}

/** The advance an item got in a pass: a number, null (no answer), or undefined (not measured in that pass). */
export function advanceOf(results: UnicodeResults, pass: UnicodePass, index: number, id: string): number | null | undefined {
  const ch = results.answers[pass][index];
  if (ch === undefined || ch === '.') return undefined;
  if (ch === '-') return null;
  if (ch === '+') return results.long[pass][id] ?? null;
  const n = DIGITS.indexOf(ch);
  return n < 0 ? null : n;
}
