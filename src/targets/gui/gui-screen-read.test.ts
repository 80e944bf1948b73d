import { describe, expect, it } from 'vitest';
import { screenFromRows, splitWrappedRows } from './gui-screen-read.js';

describe('rows read back as text', () => {
  it('split a wrapped row that the read-back joined to its continuation back into screen rows', () => {
    const full = 'x'.repeat(80);
    expect(splitWrappedRows([`${'a'.repeat(79)}aaa`, 'next'], 80)).toEqual(['a'.repeat(80), 'aa', 'next']);
    expect(splitWrappedRows([full, ''], 80)).toEqual([full, '']);
    // A wide character that does not fit in the last column starts the next row.
    expect(splitWrappedRows([`${'a'.repeat(79)}中b`], 80)).toEqual(['a'.repeat(79), '中b']);
  });

  it('then cut the region by display columns', () => {
    const rows = splitWrappedRows(['', `${'a'.repeat(79)}aaa`], 80);
    expect(screenFromRows({ top: 3, left: 1, bottom: 3, right: 6 }, 80, 24, rows, 'hardcopy').text).toEqual(['aa']);
  });

  it('read rows of plain ASCII as the grapheme walk reads them: lengths 1 to three screens, cut anywhere', () => {
    for (const length of [1, 9, 10, 11, 20, 29, 30, 31]) {
      const line = Array.from({ length }, (_, i) => String.fromCharCode(0x20 + ((i * 7) % 95))).join('');
      const fast = splitWrappedRows([line], 10);
      // The same line with its first character outside ASCII (é: one column, one grapheme) takes the walk.
      const walked = splitWrappedRows([`\u00e9${line.slice(1)}`], 10);
      expect([line[0] + walked[0]!.slice(1), ...walked.slice(1)]).toEqual(fast);
      for (const [left, right] of [[1, 10], [3, 7], [10, 10]] as const) {
        const region = { top: 1, left, bottom: fast.length, right };
        const cut = screenFromRows(region, 10, 24, walked, 'hardcopy').text;
        expect(screenFromRows(region, 10, 24, fast, 'hardcopy').text).toEqual(left === 1 ? [line[0] + (cut[0] ?? '').slice(1), ...cut.slice(1)].map((r) => r.replace(/ +$/, '')) : cut);
      }
    }
    expect(splitWrappedRows([''], 10)).toEqual(['']);
  });
});
