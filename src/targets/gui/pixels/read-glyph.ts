/**
 * A cell's text from its pixels, where no text read works (terminology) or the
 * one that does failed: the glyph the terminal drew on its calibration sheet
 * (printable ASCII, each weight and slant) whose coverage map is nearest the
 * cell's, lines left out (the rows any underline, strikethrough or overline
 * covers). A cell nearest no glyph closely enough is unreadable (undefined):
 * closely enough is both a small difference per pixel and a small share of the
 * ink, so a glyph the sheet did not draw is not taken for a small one it did
 * (terminology's DEC line-drawing ─ matched ASCII "-" within 0.055 per pixel,
 * but differed by 54 % of its ink; every glyph the sheet drew, read back in the
 * probes' pictures, within 26 %).
 */
import { coverage, farthestColour, modeColour, type CellImage } from './cell-image.js';
import type { Templates } from './learn-model.js';

/** Mean coverage difference per pixel above which no glyph of the sheet is this cell's. */
const NO_GLYPH = 0.08;
/** Share of the ink (the cell's or the glyph's, the larger) that may differ: above it, no glyph of the sheet is this cell's. */
const NO_GLYPH_SHARE = 0.4;
/** Ink this close to the background is none: the cell is blank. */
const VISIBLE = 12;

/** Pixels no line of the terminal's covers (1), and those one does (0). */
function lineFree(t: Templates): Uint8Array {
  const free = new Uint8Array(t.width * t.height).fill(1);
  for (const mask of [...t.underlines.values(), t.strike, t.over]) {
    if (!mask) continue;
    for (let i = 0; i < free.length; i++) if (mask[i]! > 0.05) free[i] = 0;
  }
  return free;
}

const freeCache = new WeakMap<Templates, Uint8Array>();

export function readGlyph(img: CellImage, t: Templates): string | undefined {
  let free = freeCache.get(t);
  if (!free) freeCache.set(t, (free = lineFree(t)));
  const bg = modeColour(img);
  const far = farthestColour({ ...img, rgb: onlyFree(img, free, bg) }, bg);
  if (far.distance < VISIBLE) return ' ';
  const cov = coverage(img, bg, far.colour);
  let best: { text: string; d: number; ink: number } | undefined;
  let n = 0;
  let ink = 0;
  for (let i = 0; i < free.length; i++) {
    n += free[i]!;
    if (free[i]) ink += cov[i]!;
  }
  for (const [text, maps] of t.glyphs) {
    for (const mask of maps.values()) {
      let d = 0;
      let glyphInk = 0;
      for (let i = 0; i < cov.length; i++) {
        if (!free[i]) continue;
        d += Math.abs(cov[i]! - mask[i]!);
        glyphInk += mask[i]!;
      }
      if (!best || d < best.d) best = { text, d, ink: glyphInk };
    }
  }
  if (!best || best.d / Math.max(1, n) > NO_GLYPH || best.d / Math.max(ink, best.ink, 1) > NO_GLYPH_SHARE) return undefined;
  return best.text;
}

/** The cell's pixels with those a line may cover set to the background. */
function onlyFree(img: CellImage, free: Uint8Array, bg: number): Uint8Array {
  const rgb = img.rgb.slice();
  for (let i = 0; i < free.length; i++) {
    if (free[i]) continue;
    rgb[i * 3] = (bg >> 16) & 0xff;
    rgb[i * 3 + 1] = (bg >> 8) & 0xff;
    rgb[i * 3 + 2] = bg & 0xff;
  }
  return rgb;
}
