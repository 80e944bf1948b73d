/**
 * Cells cut out of a frame of the terminal's window, and the colour arithmetic
 * the pixel read-back does on them. Colours are 0xRRGGBB numbers; a cell is its
 * pixels as RGB bytes, row by row.
 */
import type { Frame } from '../x-picture.js';

/** Where the cells are on the window, in whole pixels (the pixel read-back needs cells of a whole number of pixels). */
export interface PixelGrid {
  x0: number;
  y0: number;
  cellW: number;
  cellH: number;
}

export interface CellImage {
  width: number;
  height: number;
  /** width × height × 3 bytes. */
  rgb: Uint8Array;
  /** Pixels to leave out (1): where the cursor may be drawn over the cell (an unfocused VTE cursor's outline reaches into the cell before it). */
  skip?: Uint8Array;
}

/** Whether every pixel of an image (or its rgb bytes) is one colour. */
export function uniform(img: { rgb: Uint8Array } | Uint8Array): boolean {
  const rgb = img instanceof Uint8Array ? img : img.rgb;
  for (let i = 3; i < rgb.length; i += 3) if (rgb[i] !== rgb[0] || rgb[i + 1] !== rgb[1] || rgb[i + 2] !== rgb[2]) return false;
  return true;
}

export function rgbAt(img: { width: number; rgb: Uint8Array }, x: number, y: number): number {
  const i = (y * img.width + x) * 3;
  return (img.rgb[i]! << 16) | (img.rgb[i + 1]! << 8) | img.rgb[i + 2]!;
}

/** The cell at 1-based `row`, `col` out of a frame that holds it (the frame's rectangle is in window pixels). */
export function cutCell(frame: Frame, grid: PixelGrid, row: number, col: number): CellImage {
  const { cellW, cellH } = grid;
  const left = grid.x0 + (col - 1) * cellW - frame.rect.x;
  const top = grid.y0 + (row - 1) * cellH - frame.rect.y;
  if (left < 0 || top < 0 || left + cellW > frame.rect.width || top + cellH > frame.rect.height) {
    throw new RangeError(`cell ${row};${col} lies outside the frame`);
  }
  const rgb = new Uint8Array(cellW * cellH * 3);
  for (let y = 0; y < cellH; y++) {
    const from = ((top + y) * frame.rect.width + left) * 3;
    rgb.set(frame.rgb.subarray(from, from + cellW * 3), y * cellW * 3);
  }
  return { width: cellW, height: cellH, rgb };
}

/** The rectangle of cells from `top`;`left` to `bottom`;`right` (1-based, inclusive), in window pixels. */
export function cellsRect(grid: PixelGrid, top: number, left: number, bottom: number, right: number): { x: number; y: number; width: number; height: number } {
  return { x: grid.x0 + (left - 1) * grid.cellW, y: grid.y0 + (top - 1) * grid.cellH, width: (right - left + 1) * grid.cellW, height: (bottom - top + 1) * grid.cellH };
}

export function channels(c: number): [number, number, number] {
  return [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];
}

export function fromChannels(r: number, g: number, b: number): number {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return (clamp(r) << 16) | (clamp(g) << 8) | clamp(b);
}

/** The largest difference of one channel between two colours. */
export function colourDistance(a: number, b: number): number {
  return Math.max(Math.abs(((a >> 16) & 0xff) - ((b >> 16) & 0xff)), Math.abs(((a >> 8) & 0xff) - ((b >> 8) & 0xff)), Math.abs((a & 0xff) - (b & 0xff)));
}

export function hexOf(c: number): string {
  return `#${c.toString(16).padStart(6, '0')}`;
}

export function parseHex(hex: string): number {
  return Number.parseInt(hex.slice(1), 16);
}

/** The colour most pixels of the cell have (its background, unless ink covers most of it). */
export function modeColour(img: CellImage): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestN = 0;
  for (let i = 0; i < img.width * img.height; i++) {
    if (img.skip?.[i]) continue;
    const c = (img.rgb[i * 3]! << 16) | (img.rgb[i * 3 + 1]! << 8) | img.rgb[i * 3 + 2]!;
    const n = (counts.get(c) ?? 0) + 1;
    counts.set(c, n);
    if (n > bestN) [best, bestN] = [c, n];
  }
  return best;
}

/** The pixel farthest from `bg` (the ink's own colour where a glyph covers a pixel whole). */
export function farthestColour(img: CellImage, bg: number): { colour: number; distance: number } {
  let colour = bg;
  let distance = 0;
  for (let i = 0; i < img.width * img.height; i++) {
    if (img.skip?.[i]) continue;
    const c = (img.rgb[i * 3]! << 16) | (img.rgb[i * 3 + 1]! << 8) | img.rgb[i * 3 + 2]!;
    const d = colourDistance(c, bg);
    if (d > distance) [colour, distance] = [c, d];
  }
  return { colour, distance };
}

/**
 * How much of `ink` over `bg` each pixel holds, 0–1 (antialiased text blends linearly: pixel = bg + α·(ink − bg),
 * measured within ±1 on every terminal here): the projection on the line from bg to ink.
 */
export function coverage(img: CellImage, bg: number, ink: number): Float32Array {
  const [br, bgc, bb] = channels(bg);
  const [ir, ig, ib] = channels(ink);
  const dr = ir - br;
  const dg = ig - bgc;
  const db = ib - bb;
  const norm = dr * dr + dg * dg + db * db;
  const out = new Float32Array(img.width * img.height);
  if (norm === 0) return out;
  for (let i = 0; i < out.length; i++) {
    if (img.skip?.[i]) continue;
    const a = ((img.rgb[i * 3]! - br) * dr + (img.rgb[i * 3 + 1]! - bgc) * dg + (img.rgb[i * 3 + 2]! - bb) * db) / norm;
    out[i] = Math.max(0, Math.min(1, a));
  }
  return out;
}

/** Mean absolute difference of two coverage maps of one size. */
export function maskDifference(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / Math.max(1, a.length);
}
