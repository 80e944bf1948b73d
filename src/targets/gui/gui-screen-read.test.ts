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
});
