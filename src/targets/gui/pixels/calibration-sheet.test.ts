import { describe, expect, test } from 'vitest';
import { DEC_GRAPHICS, layoutSheet, pageBytes } from './calibration-sheet.js';

describe('the calibration sheet with the DEC line-drawing glyphs (your own terminal)', () => {
  test('draws each after the other samples, in the DEC set, and leaves those as a GUI target draws them', () => {
    const plain = layoutSheet(80, 24);
    const withLines = layoutSheet(80, 24, { lineDrawing: true });
    // A GUI target's sheet, its pages and their bytes (the calibration reuse compares page 1) are unchanged.
    expect(withLines.slice(0, plain.length)).toEqual(plain);
    const added = withLines.slice(plain.length);
    expect(added.map((s) => s.key)).toEqual(DEC_GRAPHICS.map(([, drawn]) => `glyph:plain:${drawn}`));
    // jklmnqtuvwx as the corpus's charsets.dec-graphics-lines names them.
    expect('jklmnqtuvwx'.split('').map((c) => DEC_GRAPHICS.find(([ascii]) => ascii === c)?.[1]).join('')).toBe('┘┐┌└┼─├┤┴┬│');
    const q = added.find((s) => s.key === 'glyph:plain:─')!;
    expect(pageBytes(withLines, q.page)).toContain(`\x1b[${q.row};${q.col}H\x1b[0m\x1b(0q\x1b(B\x1b[0m`);
    // Each a blank cell apart, as the other glyphs (a glyph may reach into the next cell).
    for (let i = 1; i < added.length; i++) if (added[i]!.row === added[i - 1]!.row) expect(added[i]!.col - added[i - 1]!.col).toBe(2);
  });
});
