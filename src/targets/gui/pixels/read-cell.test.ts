import { describe, expect, test } from 'vitest';
import type { CellImage } from './cell-image.js';
import type { Templates } from './learn-model.js';
import { observeCell } from './read-cell.js';

const W = 6;
const H = 12;

function mask(on: [number, number][]): Float32Array {
  const m = new Float32Array(W * H);
  for (const [x, y] of on) m[y * W + x] = 1;
  return m;
}

/** A cell of `ink` on black, the pixels `on` covered. */
function cell(on: [number, number][], ink: [number, number, number]): CellImage {
  const rgb = new Uint8Array(W * H * 3);
  for (const [x, y] of on) rgb.set(ink, (y * W + x) * 3);
  return { width: W, height: H, rgb };
}

// An l, plain (one column) and bold (two).
const PLAIN: [number, number][] = Array.from({ length: 8 }, (_, i) => [2, 2 + i]);
const BOLD: [number, number][] = [...PLAIN, ...PLAIN.map(([x, y]) => [x + 1, y] as [number, number])];
const templates: Templates = {
  width: W,
  height: H,
  glyphs: new Map([['l', new Map([['plain', mask(PLAIN)], ['bold', mask(BOLD)]])]]),
  variants: [{ variant: 'plain', bold: false, italic: false }, { variant: 'bold', bold: true, italic: false }],
  underlines: new Map(),
};

describe('a cell observed against the sheet', () => {
  test('its weight, where the ink stands out from the background', () => {
    const o = observeCell(cell(BOLD, [0xaa, 0xaa, 0xaa]), 'l', templates);
    expect(o.ink?.bold).toBe(true);
    expect(o.untold).toEqual([]);
  });

  test('no weight or slant where the ink is nearly the background (38;2;10;20;30 on black): untold, not guessed', () => {
    const o = observeCell(cell(BOLD, [0x0a, 0x14, 0x1e]), 'l', templates);
    expect(o.ink).toMatchObject({ bold: false, italic: false });
    expect(o.untold).toEqual(['bold', 'italic']);
  });
});
