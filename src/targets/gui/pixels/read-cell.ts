/**
 * One cell read from its pixels: which of the shapes the terminal drew on its
 * calibration sheet explain it best — the cell's glyph in each weight and slant
 * the terminal draws apart (or no glyph), with each underline shape, a
 * strikethrough and an overline or none — each with the colours its pixels
 * give (antialiased ink blends linearly with the background: see cell-image.ts
 * coverage). The best explanation is what the cell shows; style-names.ts turns
 * it into the canonical style.
 */
import { INVISIBLE_CONTRAST } from '../../../results/drawn-style.js';
import type { StyleField } from '../../../results/results-schema.js';
import { channels, colourDistance, farthestColour, modeColour, type CellImage } from './cell-image.js';
import { inkThroughMask, type Templates } from './learn-model.js';
import type { UnderlineShape } from './line-shapes.js';

/** What a cell shows, colours as drawn (0xRRGGBB). */
export interface Observation {
  bg: number;
  /** The glyph, when one is drawn: its colour, and whether it is the bold or italic one. */
  ink?: { colour: number; bold: boolean; italic: boolean };
  under?: { shape: UnderlineShape; colour: number };
  strike: boolean;
  over: boolean;
  /** Fields the pixels of this cell cannot tell (a glyph the sheet did not show). */
  untold: StyleField[];
}

/** A glyph or line whose colour is this close to the background is none (a line hypothesis that fits only by vanishing). */
const VISIBLE = INVISIBLE_CONTRAST;
/** Ink nearer the background than this (per channel) tells no weight or slant: each glyph variant fits about as well. */
const FAINT = 48;
/** Coverage below this leaves a pixel out of a colour estimate that another shape's coverage could disturb. */
const CLEAR = 0.05;

interface Hypothesis {
  glyph?: { mask: Float32Array; bold: boolean; italic: boolean };
  under?: { shape: UnderlineShape; mask: Float32Array };
  strike?: Float32Array;
  over?: Float32Array;
}

function lineMaskOf(h: Hypothesis, size: number): Float32Array | undefined {
  const parts = [h.under?.mask, h.strike, h.over].filter((m): m is Float32Array => m !== undefined);
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0];
  const out = new Float32Array(size);
  for (const m of parts) for (let i = 0; i < size; i++) out[i] = Math.max(out[i]!, m[i]!);
  return out;
}

function masked(mask: Float32Array, keepWhere: Float32Array | undefined): Float32Array {
  if (!keepWhere) return mask;
  const out = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = keepWhere[i]! < CLEAR ? mask[i]! : 0;
  return out;
}

/** Sum of squared differences between the cell and the hypothesis drawn in the colours given. */
function misfit(img: CellImage, bg: number, glyph: Float32Array | undefined, ink: number, lines: Float32Array | undefined, lineColour: number): number {
  const [br, bgc, bb] = channels(bg);
  const [ir, ig, ib] = channels(ink);
  const [lr, lg, lb] = channels(lineColour);
  let sum = 0;
  const n = img.width * img.height;
  for (let i = 0; i < n; i++) {
    if (img.skip?.[i]) continue;
    let r = br;
    let g = bgc;
    let b = bb;
    const a = glyph ? glyph[i]! : 0;
    if (a > 0) {
      r += a * (ir - r);
      g += a * (ig - g);
      b += a * (ib - b);
    }
    const l = lines ? lines[i]! : 0;
    if (l > 0) {
      r += l * (lr - r);
      g += l * (lg - g);
      b += l * (lb - b);
    }
    const dr = img.rgb[i * 3]! - r;
    const dg = img.rgb[i * 3 + 1]! - g;
    const db = img.rgb[i * 3 + 2]! - b;
    sum += dr * dr + dg * dg + db * db;
  }
  return sum;
}

function hypotheses(t: Templates, glyphText: string | undefined): Hypothesis[] {
  const glyphs: (Hypothesis['glyph'] | undefined)[] = [undefined];
  const maps = glyphText === undefined ? undefined : t.glyphs.get(glyphText);
  if (maps) for (const v of t.variants) {
    const mask = maps.get(v.variant);
    if (mask) glyphs.push({ mask, bold: v.bold, italic: v.italic });
  }
  const unders: (Hypothesis['under'] | undefined)[] = [undefined, ...[...t.underlines].map(([shape, mask]) => ({ shape, mask }))];
  const out: Hypothesis[] = [];
  for (const glyph of glyphs) {
    for (const under of unders) {
      for (const strike of t.strike ? [undefined, t.strike] : [undefined]) {
        for (const over of t.over ? [undefined, t.over] : [undefined]) out.push({ glyph, under, strike, over });
      }
    }
  }
  return out;
}

/**
 * What the cell shows, given the text the screen read gave for it (undefined: not known; the read then takes
 * the best glyph of all, see readGlyph). A cell whose text the sheet did not draw (not printable ASCII) tells its
 * background only.
 */
export function observeCell(img: CellImage, text: string, t: Templates): Observation {
  const blank = text.trim() === '';
  if (!blank && !t.glyphs.has(text)) {
    const bg = modeColour(img);
    const far = farthestColour(img, bg);
    return { bg, ...(far.distance >= VISIBLE ? { ink: { colour: far.colour, bold: false, italic: false } } : {}), strike: false, over: false, untold: ['fg', 'bold', 'dim', 'italic', 'underline', 'strikethrough', 'overline', 'blink', 'invisible', 'reverse'] };
  }
  const common = commonColours(img, 3);
  // One colour throughout: a blank of that background (most cells of a large region; nothing else to fit).
  if (common.length === 1 && blank) return { bg: common[0]!.colour, strike: false, over: false, untold: [] };
  // The background is the most common colour, unless ink covers most of a small cell (bold, lines): the best fit of
  // the few most common colours then decides.
  const hs = hypotheses(t, blank ? undefined : text);
  const size = img.width * img.height;
  let found: ReturnType<typeof best> | undefined;
  for (const { colour: bg, count } of common) {
    if (found && count < size / 4) break;
    const fit = best(img, bg, hs);
    if (!found || fit.error < found.error) found = fit;
  }
  const o = found!.observation;
  // Ink this near the background fits every weight and slant about as well: the one fitting best is noise.
  // (lxterminal and xfce4-terminal draw 38;2;10;20;30 on black: a plain X, 30 levels from the background at most,
  // fitted best as bold italic.)
  if (o.ink && colourDistance(o.ink.colour, o.bg) < FAINT) {
    o.ink = { ...o.ink, bold: false, italic: false };
    for (const f of ['bold', 'italic'] as const) if (!o.untold.includes(f)) o.untold.push(f);
    return o;
  }
  // Where bold italic draws as one of the two, text drawn so may have the other too.
  if (o.ink && t.boldItalicAs === 'italic' && o.ink.italic && !o.ink.bold) o.untold.push('bold');
  if (o.ink && t.boldItalicAs === 'bold' && o.ink.bold && !o.ink.italic) o.untold.push('italic');
  return o;
}

/** The `n` most common colours of the cell, most common first, with how many pixels have each. */
function commonColours(img: CellImage, n: number): { colour: number; count: number }[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < img.width * img.height; i++) {
    if (img.skip?.[i]) continue;
    const c = (img.rgb[i * 3]! << 16) | (img.rgb[i * 3 + 1]! << 8) | img.rgb[i * 3 + 2]!;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([colour, count]) => ({ colour, count }));
}

/** The best explanation of a cell among the hypotheses, and how far it is from the pixels (squared error per pixel). */
export function best(img: CellImage, bg: number, hs: readonly Hypothesis[]): { observation: Observation; error: number } {
  const size = img.width * img.height;
  let found: { observation: Observation; error: number } | undefined;
  for (const h of hs) {
    const lines = lineMaskOf(h, size);
    let ink = bg;
    if (h.glyph) {
      const est = inkThroughMask(img, bg, masked(h.glyph.mask, lines)) ?? inkThroughMask(img, bg, h.glyph.mask);
      if (est === undefined || colourDistance(est, bg) < VISIBLE) continue;
      ink = est;
    }
    let lineColour = ink;
    if (lines) {
      const est = inkThroughMask(img, bg, masked(lines, h.glyph?.mask));
      if (est !== undefined) lineColour = est;
      if (colourDistance(lineColour, bg) < VISIBLE) continue;
    }
    const error = misfit(img, bg, h.glyph?.mask, ink, lines, lineColour) / size;
    if (found && error >= found.error) continue;
    found = {
      error,
      observation: {
        bg,
        ...(h.glyph ? { ink: { colour: ink, bold: h.glyph.bold, italic: h.glyph.italic } } : {}),
        ...(h.under ? { under: { shape: h.under.shape, colour: lineColour } } : {}),
        strike: h.strike !== undefined,
        over: h.over !== undefined,
        untold: [],
      },
    };
  }
  return found ?? { observation: { bg, strike: false, over: false, untold: [] }, error: Number.POSITIVE_INFINITY };
}
