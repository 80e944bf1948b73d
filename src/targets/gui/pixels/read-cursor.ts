/**
 * The cursor as drawn: the pixels that change when it is hidden, around the
 * cell the cursor report names, give its shape — a box over the whole cell
 * (block, or its outline where the window draws as one not typed into), a
 * band at the bottom (underline) or at the left (bar) — and frames over a
 * blink's half period say whether it blinks. Nothing changes: hidden.
 */
import type { ScreenAnswer } from '../../../results/results-schema.js';
import type { Frame } from '../x-picture.js';
import type { PixelGrid } from './cell-image.js';

export type CursorRead = NonNullable<ScreenAnswer['cursor']>;

/** The pixels that differ between two frames of one rectangle, as a mask. */
export function changed(a: Frame, b: Frame): Uint8Array {
  const n = a.rect.width * a.rect.height;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (a.rgb[i * 3] !== b.rgb[i * 3] || a.rgb[i * 3 + 1] !== b.rgb[i * 3 + 1] || a.rgb[i * 3 + 2] !== b.rgb[i * 3 + 2]) out[i] = 1;
  return out;
}

/**
 * The shape a mask of changed pixels shows, against the cell at `at` (1-based) of the grid; the frames' rectangle is
 * in window pixels. 'hidden' when nothing changed.
 */
export function cursorShape(mask: Uint8Array, rect: { x: number; y: number; width: number; height: number }, grid: PixelGrid, at: { row: number; col: number }): CursorRead['shape'] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  let count = 0;
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      if (!mask[y * rect.width + x]) continue;
      count++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (count === 0) return 'hidden';
  const cellX = grid.x0 + (at.col - 1) * grid.cellW - rect.x;
  const cellY = grid.y0 + (at.row - 1) * grid.cellH - rect.y;
  const w = maxX - minX + 1;
  const h = maxY - minY + 1;
  // A band no taller than a third of the cell, in its lower half: underline; no wider than a third, at its left: bar.
  if (h <= grid.cellH / 3 && minY >= cellY + grid.cellH / 2 && w >= grid.cellW * 0.6) return 'underline';
  if (w <= grid.cellW / 3 && minX <= cellX + grid.cellW / 3 && h >= grid.cellH * 0.6) return 'bar';
  return 'block';
}

/** The text a cursor read is judged by, as a probe's `cursorStyle` expectation writes it: "block blink", "bar", "hidden". */
export function cursorText(c: CursorRead | undefined): string | undefined {
  if (!c) return undefined;
  if (c.shape === 'hidden') return 'hidden';
  return c.blink === undefined ? c.shape : c.blink ? `${c.shape} blink` : c.shape;
}
