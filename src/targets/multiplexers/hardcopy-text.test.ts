import { expect, test } from 'vitest';
import { hardcopyAnswer, hardcopyDisagrees, writesNonAscii } from './hardcopy-text.js';

const file = (...rows: (string | number[])[]) => Buffer.concat(rows.map((r) => Buffer.concat([typeof r === 'string' ? Buffer.from(r, 'latin1') : Buffer.from(r), Buffer.from('\n')])));

test('ASCII rows come back as they are, trailing blanks trimmed, regions cut by column', () => {
  const f = file('hello world', '', '   x');
  expect(hardcopyAnswer(f, { top: 1, left: 1, bottom: 3, right: 20 }, 80, 24, false).text).toEqual(['hello world', '', '   x']);
  expect(hardcopyAnswer(f, { top: 1, left: 7, bottom: 1, right: 9 }, 80, 24, false).text).toEqual(['wor']);
});

test("a wide character's low byte and its 0xff filler are not taken for text", () => {
  // 中 (U+4E2D) is stored as 0x2d '-' followed by the filler 0xff
  expect(hardcopyAnswer(file([0x61, 0x2d, 0xff, 0x62]), { top: 1, left: 1, bottom: 1, right: 4 }, 80, 24, false).text).toEqual(['a\uFFFDb']);
  expect(hardcopyAnswer(file([0xe9, 0x00]), { top: 1, left: 1, bottom: 1, right: 4 }, 80, 24, false).text).toEqual(['\uFFFD\uFFFD']);
});

test('suspect rows keep only where something is', () => {
  expect(hardcopyAnswer(file('q q'), { top: 1, left: 1, bottom: 1, right: 4 }, 80, 24, true).text).toEqual(['\uFFFD \uFFFD']);
});

test('writesNonAscii looks at the last probe only (after the last DECSTR)', () => {
  const enc = (s: string) => Buffer.from(s, 'utf8');
  expect(writesNonAscii(enc('\x1b[!p\x1b(B\x1b)B\x0fabc'))).toBe(false);
  expect(writesNonAscii(enc('\x1b[!p中\x1b[!pabc'))).toBe(false);
  expect(writesNonAscii(enc('\x1b[!pabc\x1b[!p中'))).toBe(true);
  expect(writesNonAscii(enc('\x1b(0q'))).toBe(true);
  expect(writesNonAscii(enc('\x0eq'))).toBe(true);
});

test('hardcopyDisagrees: cells read another way must agree where the hardcopy is exact (widths, ASCII of an ASCII probe)', () => {
  const region = { top: 1, left: 1, bottom: 1, right: 4 };
  const f = file([0x61, 0x2d, 0xff, 0x62]); // a 中 b
  const cells = (...c: [string, number][]) => [c.map(([t, w]) => ({ t, w }))];
  expect(hardcopyDisagrees(f, region, cells(['a', 1], ['中', 2], ['', 0], ['b', 1]), false)).toBeUndefined();
  expect(hardcopyDisagrees(f, region, cells(['a', 1], ['中', 1], ['x', 1], ['b', 1]), false)).toBe('row 1, column 2: the hardcopy shows a cell 2 wide, the display 1');
  expect(hardcopyDisagrees(f, region, cells(['c', 1], ['中', 2], ['', 0], ['b', 1]), false)).toBe('row 1, column 1: the hardcopy shows "a", the display "c"');
  // After a character-set switch an ASCII byte may stand for another character: only widths are checked.
  expect(hardcopyDisagrees(file('q'), { top: 1, left: 1, bottom: 1, right: 2 }, cells(['─', 1], [' ', 1]), true)).toBeUndefined();
  expect(hardcopyDisagrees(file('q'), { top: 1, left: 1, bottom: 1, right: 2 }, cells(['─', 1], [' ', 1]), false)).toBe('row 1, column 1: the hardcopy shows "q", the display "─"');
});
