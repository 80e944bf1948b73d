/**
 * A cell's observation (read-cell.ts) named as the canonical style: of all the
 * styles that draw what the cell shows in this terminal (drawn-style.ts), the
 * one with the fewest words — default colours before base names, base names
 * before palette indexes, those before #rrggbb; no reverse video, dim or
 * colour-only bold unless they are needed to explain the colours.
 */
import { textColour, colourDrawn } from '../../../results/drawn-style.js';
import { COLOR_NAMES } from '../../../results/results-constants.js';
import type { Color, PixelModel, Style } from '../../../results/results-schema.js';
import { SHEET_DIRECT_COLOURS } from './calibration-sheet.js';
import { colourDistance, hexOf, parseHex } from './cell-image.js';
import { SAME_COLOUR } from './learn-model.js';
import type { Observation } from './read-cell.js';

/** Colour values a cell may be named with, in order of preference (undefined: the default). */
const NAMES: (Color | undefined)[] = [undefined, ...COLOR_NAMES, ...Array.from({ length: 240 }, (_, i) => i + 16), ...SHEET_DIRECT_COLOURS];

/** How far a drawn colour is from the one seen, when within the estimates' tolerance; undefined otherwise. */
function distance(drawn: string | undefined, seen: number): number | undefined {
  if (drawn === undefined || drawn === 'not-drawn') return undefined;
  const d = colourDistance(parseHex(drawn), seen);
  return d <= SAME_COLOUR ? d : undefined;
}

/** A colour value and how far what it draws is from the colour seen (a difference of 1 is the estimates' own). */
interface Named {
  value: Color;
  off: number;
  /** The distance itself, a difference of 1 kept: it parts names of equal words (foot's reverse video of its default #111111 against palette 233, #121212). */
  raw: number;
}

const cache = new WeakMap<PixelModel, Map<string, Named[]>>();

/** Colour values that draw `want` in `role` (for text: with the flags of `flags`), nearest first, then best; the literal colour last. */
function namesFor(model: PixelModel, role: 'fg' | 'bg', want: number, flags: Style): Named[] {
  let known = cache.get(model);
  if (!known) cache.set(model, (known = new Map()));
  const key = `${role} ${want} ${flags.bold ? 'b' : ''}${flags.dim ? 'd' : ''}`;
  let out = known.get(key);
  if (!out) known.set(key, (out = findNames(model, role, want, flags)));
  return out;
}

function findNames(model: PixelModel, role: 'fg' | 'bg', want: number, flags: Style): Named[] {
  const out: Named[] = [];
  for (const value of NAMES) {
    const drawn = role === 'fg' ? textColour(model, { ...flags, ...(value === undefined ? {} : { fg: value }) }) : colourDrawn(model, 'bg', value);
    const d = distance(drawn, want);
    if (d !== undefined) out.push({ value: value ?? ('default' as Color), off: d <= 1 ? 0 : d, raw: d });
  }
  // The colour itself only where no name draws it: an estimate within a step or two of a name is that name.
  if (out.length === 0 && (role === 'bg' || (!flags.dim && !flags.bold))) out.push({ value: hexOf(want), off: 0, raw: 0 });
  return out.sort((a, b) => a.off - b.off);
}

const rank = (c: Color) => (c === ('default' as Color) ? 0 : typeof c === 'number' ? 2 : c.startsWith('#') ? 3 : 1);

/** The canonical style of what the cell shows (undefined: plain). */
export function nameStyle(o: Observation, model: PixelModel): Style | undefined {
  const base: Style = {};
  if (o.ink?.bold && model.bold.weight) base.bold = true;
  if (o.ink?.italic) base.italic = true;
  let best: { style: Style; score: number[] } | undefined;
  const consider = (s: Style, score: number[]) => {
    if (!best || lexLess(score, best.score)) best = { style: s, score };
  };
  const boldChoices = o.ink && !model.bold.weight && model.bold.colours ? [false, true] : [base.bold === true];
  const dimChoices = o.ink && model.dim ? [false, true] : [false];
  for (const reverse of o.ink ? [false, true] : [false]) {
    for (const bold of boldChoices) {
      for (const dim of dimChoices) {
        const flags: Style = { ...(bold ? { bold: true } : {}), ...(dim ? { dim: true } : {}) };
        const textWant = o.ink ? (reverse ? o.bg : o.ink.colour) : undefined;
        const bgWant = reverse && o.ink ? o.ink.colour : o.bg;
        const fgs: Named[] = textWant === undefined ? [{ value: 'default' as Color, off: 0, raw: 0 }] : namesFor(model, 'fg', textWant, flags);
        const bgs = namesFor(model, 'bg', bgWant, {});
        if (fgs.length === 0 || bgs.length === 0) continue;
        const fg = fgs[0]!.value;
        const bgc = bgs[0]!.value;
        const off = fgs[0]!.off + bgs[0]!.off;
        const s: Style = { ...base, ...flags, ...(reverse ? { reverse: true } : {}) };
        if (fg !== ('default' as Color)) s.fg = fg;
        if (bgc !== ('default' as Color)) s.bg = bgc;
        const words = (s.fg !== undefined ? 1 : 0) + (s.bg !== undefined ? 1 : 0) + (reverse ? 1 : 0) + (dim ? 1 : 0) + (bold && !model.bold.weight ? 1 : 0);
        consider(s, [off, words, fgs[0]!.raw + bgs[0]!.raw, reverse ? 1 : 0, rank(fg) + rank(bgc)]);
      }
    }
  }
  const style: Style = best ? { ...(best as { style: Style }).style } : { ...base };
  if (o.under) {
    style.underline = true;
    if (o.under.shape !== 'single') style.underlineStyle = o.under.shape;
    // A line in the colour the glyph is drawn in is the text's own (reverse video or not).
    const text = o.ink?.colour;
    const drawnText = textColour(model, style);
    const lineIsText = text !== undefined ? colourDistance(o.under.colour, text) <= SAME_COLOUR : distance(drawnText, o.under.colour) !== undefined;
    if (!lineIsText) {
      const names = namesFor(model, 'fg', o.under.colour, {}).filter((c) => c.value !== ('default' as Color));
      style.underlineColor = names[0]?.value ?? hexOf(o.under.colour);
    }
  }
  if (o.strike) style.strikethrough = true;
  if (o.over) style.overline = true;
  return Object.keys(style).length === 0 ? undefined : orderStyle(style);
}

function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** The style with its keys in schema order (results compare cells as JSON). */
function orderStyle(s: Style): Style {
  const order: (keyof Style)[] = ['bold', 'dim', 'italic', 'underline', 'underlineStyle', 'underlineColor', 'blink', 'reverse', 'invisible', 'strikethrough', 'overline', 'fg', 'bg'];
  const out: Style = {};
  for (const k of order) if (s[k] !== undefined) (out as Record<string, unknown>)[k] = s[k];
  return out;
}
