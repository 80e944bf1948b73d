import { describe, expect, test } from 'vitest';
import type { CellImage } from './cell-image.js';
import type { Templates } from './learn-model.js';
import { glyphOfLooks } from './pixel-reader.js';
import { readGlyph } from './read-glyph.js';

// terminology's cells: 6×12 pixels, light ink on a dark background.
const W = 6;
const H = 12;
const BG = [0x20, 0x20, 0x20];
const INK = [0xaa, 0xaa, 0xaa];

/** A coverage map with the pixels `on` (x, y) fully covered. */
function mask(on: [number, number][]): Float32Array {
  const m = new Float32Array(W * H);
  for (const [x, y] of on) m[y * W + x] = 1;
  return m;
}

function cell(on: [number, number][]): CellImage {
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set(BG, i * 3);
  for (const [x, y] of on) rgb.set(INK, (y * W + x) * 3);
  return { width: W, height: H, rgb };
}

const row = (y: number, from: number, to: number): [number, number][] => Array.from({ length: to - from + 1 }, (_, i) => [from + i, y]);
const column = (x: number, from: number, to: number): [number, number][] => Array.from({ length: to - from + 1 }, (_, i) => [x, from + i]);

// As the sheet drew them: a hyphen three pixels wide (as terminology draws it, antialiased aside), an l, a dot.
const HYPHEN = row(6, 2, 4);
const ELL = column(2, 2, 9);
const DOT = [[2, 9]] as [number, number][];
const templates: Templates = {
  width: W,
  height: H,
  glyphs: new Map([
    ['-', new Map([['plain', mask(HYPHEN)]])],
    ['l', new Map([['plain', mask(ELL)]])],
    ['.', new Map([['plain', mask(DOT)]])],
  ]),
  variants: [{ variant: 'plain', bold: false, italic: false }],
  underlines: new Map([['single', mask(row(11, 0, 5))]]),
};

describe('a cell read from its glyph', () => {
  test('a glyph of the sheet reads as itself, the small ones too', () => {
    expect(readGlyph(cell(HYPHEN), templates)).toBe('-');
    expect(readGlyph(cell(ELL), templates)).toBe('l');
    expect(readGlyph(cell(DOT), templates)).toBe('.');
    expect(readGlyph(cell([]), templates)).toBe(' ');
  });

  test('a line under the glyph is left out', () => {
    expect(readGlyph(cell([...ELL, ...row(11, 0, 5)]), templates)).toBe('l');
  });

  test('a glyph the sheet did not draw is unreadable, not the small one it is nearest', () => {
    // DEC line drawing ─ (q after ESC ( 0): the whole width of the cell, nearest the hyphen by 3 pixels of 72 (0.04 a pixel, close enough alone), half its ink.
    expect(readGlyph(cell(row(6, 0, 5)), templates)).toBeUndefined();
    // ┼: a cross.
    expect(readGlyph(cell([...row(6, 0, 5), ...column(2, 0, 11)]), templates)).toBeUndefined();
  });
});

describe('the text of a cell read from its glyph, over the frames of a blink watch', () => {
  test('a blinking glyph first seen in its hidden phase reads as the frame that shows it gives', () => {
    // Your own terminal's sgr.attr-5 read blank in lxterminal (VTE 0.70.6): the watch began in the hidden phase.
    expect(glyphOfLooks([cell([]), cell([]), cell(ELL), cell([])], templates)).toBe('l');
  });

  test('blank in every frame is blank; a glyph in the first frame is that glyph; one the sheet did not draw is U+FFFD', () => {
    expect(glyphOfLooks([cell([]), cell([])], templates)).toBe(' ');
    expect(glyphOfLooks([cell(DOT), cell([])], templates)).toBe('.');
    expect(glyphOfLooks([cell([]), cell(row(6, 0, 5))], templates)).toBe('\ufffd');
  });
});
