import { describe, expect, test } from 'vitest';
import type { CellImage } from './cell-image.js';
import type { Templates } from './learn-model.js';
import { glyphOfLooks } from './pixel-reader.js';

// Cells of 6×12 pixels, dark ink on a light background, as a VTE terminal draws them.
const W = 6;
const H = 12;
const BG = [0xff, 0xff, 0xff];
const INK = [0x00, 0x00, 0x00];

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

// An X: two diagonals.
const X: [number, number][] = Array.from({ length: 6 }, (_, i) => [[i, 2 + i] as [number, number], [5 - i, 2 + i] as [number, number]]).flat();
const RULE: [number, number][] = Array.from({ length: 6 }, (_, x) => [x, 6]);
const templates: Templates = {
  width: W,
  height: H,
  glyphs: new Map([
    ['X', new Map([['plain', mask(X)]])],
    ['─', new Map([['plain', mask(RULE)]])],
  ]),
  variants: [{ variant: 'plain', bold: false, italic: false }],
  underlines: new Map([['single', mask(Array.from({ length: 6 }, (_, x) => [x, 11] as [number, number]))]]),
};

describe('the text of a cell read from its glyph, over the frames of a blink watch', () => {
  test('a blinking X first seen in its hidden phase reads X, from the frame that shows it', () => {
    expect(glyphOfLooks([cell([]), cell([]), cell(X), cell([])], templates)).toBe('X');
  });

  test('a cell blank in every frame is blank; one that shows its glyph first is that glyph', () => {
    expect(glyphOfLooks([cell([]), cell([])], templates)).toBe(' ');
    expect(glyphOfLooks([cell(X), cell([])], templates)).toBe('X');
  });

  test('a glyph the sheet drew beyond ASCII reads as itself; one it did not draw is U+FFFD', () => {
    expect(glyphOfLooks([cell(RULE)], templates)).toBe('─');
    expect(glyphOfLooks([cell(Array.from({ length: 12 }, (_, y) => [2, y] as [number, number]))], templates)).toBe('\ufffd');
  });
});
