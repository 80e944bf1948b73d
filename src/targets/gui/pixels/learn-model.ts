/**
 * What the calibration sheet teaches: from the cells the terminal drew for the
 * samples of calibration-sheet.ts, the colours as drawn (defaults, base colours
 * as foreground and background, the 256-colour palette, direct colours), how
 * bold and dim draw, whether italic slants, the shapes of its lines, and the
 * coverage map of every printable ASCII glyph in each weight and slant. The part
 * a verdict needs goes into the results (PixelModel); the glyph and line maps
 * stay in the session (Templates) for reading cells.
 */
import { COLOR_NAMES } from '../../../results/results-constants.js';
import type { PixelModel, StyleField } from '../../../results/results-schema.js';
import { standardPaletteRgb } from '../../../results/standard-palette.js';
import { ATTRIBUTE_SGR, SHEET_DIRECT_COLOURS, SHEET_GLYPHS, VARIANTS, type ColourName, type Sample, type Variant } from './calibration-sheet.js';
import { channels, colourDistance, coverage, farthestColour, fromChannels, hexOf, maskDifference, modeColour, type CellImage } from './cell-image.js';
import { classifyUnderline, hasInk, lineRows, type UnderlineShape } from './line-shapes.js';

/** Maps a read is made against, kept in the session. */
export interface Templates {
  width: number;
  height: number;
  /** Coverage of each glyph per variant drawn apart (a variant drawn as another is absent; see `variants`). */
  glyphs: Map<string, Map<Variant, Float32Array>>;
  /** The variants this terminal draws apart, each with the style flags it stands for. */
  variants: { variant: Variant; bold: boolean; italic: boolean }[];
  /** Bold italic draws as italic (bold cannot be told in italic text), or as bold (italic cannot be told in bold text). */
  boldItalicAs?: 'italic' | 'bold';
  /** The underline shapes it draws, each with its coverage on a blank cell. */
  underlines: Map<UnderlineShape, Float32Array>;
  strike?: Float32Array;
  over?: Float32Array;
}

export interface Learned {
  model: Omit<PixelModel, 'cell' | 'blink' | 'sheet' | 'cursor'>;
  templates: Templates;
}

/** Two colours this close (per channel) count as one: the α-model's estimates are within ±1 of the truth (measured). */
export const SAME_COLOUR = 3;
/** Two coverage maps this close (mean absolute difference) count as one shape. */
const SAME_SHAPE = 0.02;

export class CalibrationError extends Error {
  override name = 'CalibrationError';
}

/**
 * The ink colour of a cell drawn with a glyph whose coverage `alpha` is known: each well-covered pixel gives
 * bg + (p − bg) / α; the median of the best-covered ones.
 */
export function inkThroughMask(img: CellImage, bg: number, alpha: Float32Array): number | undefined {
  // The best-covered pixels: those within 60 % of the best (a line konsole draws over two rows half-covers each).
  let most = 0;
  for (let i = 0; i < alpha.length; i++) if (!img.skip?.[i] && alpha[i]! > most) most = alpha[i]!;
  if (most < 0.25) return undefined;
  const picks: { a: number; i: number }[] = [];
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! >= most * 0.6 && !img.skip?.[i]) picks.push({ a: alpha[i]!, i });
  picks.sort((p, q) => q.a - p.a);
  const top = picks.slice(0, Math.max(3, Math.ceil(picks.length / 3)));
  const [br, bgc, bb] = channels(bg);
  const est = [[], [], []] as number[][];
  for (const { a, i } of top) {
    est[0]!.push(br + (img.rgb[i * 3]! - br) / a);
    est[1]!.push(bgc + (img.rgb[i * 3 + 1]! - bgc) / a);
    est[2]!.push(bb + (img.rgb[i * 3 + 2]! - bb) / a);
  }
  const median = (v: number[]) => v.sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
  return fromChannels(median(est[0]!), median(est[1]!), median(est[2]!));
}

export function learnModel(cellOf: (key: string) => CellImage, samples: readonly Sample[]): Learned {
  const notes: string[] = [];
  const has = new Set(samples.map((s) => s.key));
  const bgDefault = modeColour(cellOf('bg:default'));
  const fgFill = modeColour(cellOf('fg:default'));
  const plainX = cellOf('glyph:plain:X');
  const farX = farthestColour(plainX, bgDefault);
  if (farX.distance < 24) throw new CalibrationError(`the terminal drew no visible text on its calibration sheet (an X differs from the background by ${farX.distance} at most)`);
  // The default foreground: the reverse-video fill, unless the glyph's own ink says otherwise.
  const fgDefault = colourDistance(fgFill, farX.colour) <= Math.max(SAME_COLOUR, colourDistance(fgFill, bgDefault) * 0.15) ? fgFill : farX.colour;
  if (fgDefault !== fgFill) notes.push(`reverse video fills a blank with ${hexOf(fgFill)}, not the text colour ${hexOf(fgDefault)}`);
  const xMask = coverage(plainX, bgDefault, fgDefault);

  const inkOf = (key: string, mask = xMask): number | undefined => inkThroughMask(cellOf(key), modeColour(cellOf(key)), mask);
  const fg: Partial<Record<ColourName, string>> = { default: hexOf(fgDefault) };
  const bg: Partial<Record<ColourName, string>> = { default: hexOf(bgDefault) };
  for (const name of COLOR_NAMES) {
    bg[name] = hexOf(modeColour(cellOf(`bg:${name}`)));
    const fill = modeColour(cellOf(`fg:${name}`));
    const ink = inkOf(`ink:${name}`);
    fg[name] = hexOf(ink === undefined || colourDistance(ink, fill) <= SAME_COLOUR ? fill : ink);
    if (ink !== undefined && colourDistance(ink, fill) > SAME_COLOUR) notes.push(`${name} text draws as ${hexOf(ink)}, reverse video as ${hexOf(fill)}`);
  }
  const palette: Record<string, string> = {};
  for (let n = 16; n < 256; n++) {
    const std = standardPaletteRgb(n);
    const asBg = modeColour(cellOf(`bg:${n}`));
    const asFg = modeColour(cellOf(`fg:${n}`));
    if (colourDistance(asBg, std) > 1) palette[String(n)] = hexOf(asBg);
    else if (colourDistance(asFg, std) > 1) palette[String(n)] = hexOf(asFg);
  }
  const off = Object.keys(palette);
  if (off.length > 0) notes.push(`${off.length} of the 240 colours 16–255 draw other than xterm's standard palette (e.g. ${off[0]} as ${palette[off[0]!]})`);
  for (const hex of SHEET_DIRECT_COLOURS) {
    const drawn = modeColour(cellOf(`bg:${hex}`));
    if (colourDistance(drawn, Number.parseInt(hex.slice(1), 16)) > 1) notes.push(`direct colour ${hex} draws as ${hexOf(drawn)}`);
  }

  // Bold: a heavier glyph, other colours, both or neither.
  const boldX = cellOf('glyph:bold:X');
  const boldDefault = farthestColour(boldX, bgDefault).colour;
  const boldInk = colourDistance(boldDefault, fgDefault) <= Math.max(SAME_COLOUR, colourDistance(fgDefault, bgDefault) * 0.04) ? fgDefault : boldDefault;
  const glyphMaps = new Map<string, Map<Variant, Float32Array>>();
  // Printable ASCII, and whatever other glyph the sheet drew (the DEC Special Graphics, in your own terminal).
  const drawnGlyphs = samples.filter((s) => s.key.startsWith('glyph:')).map((s) => s.key.slice(s.key.indexOf(':', 'glyph:'.length) + 1));
  for (const c of new Set([...SHEET_GLYPHS, ...drawnGlyphs])) {
    const maps = new Map<Variant, Float32Array>();
    for (const v of VARIANTS) {
      const key = `glyph:${v}:${c}`;
      if (!has.has(key)) continue;
      maps.set(v, coverage(cellOf(key), bgDefault, v === 'bold' || v === 'bold-italic' ? boldInk : fgDefault));
    }
    glyphMaps.set(c, maps);
  }
  const differs = (a: Variant, b: Variant) => {
    let sum = 0;
    let n = 0;
    for (const maps of glyphMaps.values()) {
      const ma = maps.get(a);
      const mb = maps.get(b);
      if (ma && mb) {
        sum += maskDifference(ma, mb);
        n++;
      }
    }
    return n > 0 && sum / n > SAME_SHAPE / 2;
  };
  const weight = differs('plain', 'bold');
  const italic = differs('plain', 'italic');
  const boldColours: Partial<Record<ColourName, string>> = {};
  const boldMask = glyphMaps.get('X')!.get(weight ? 'bold' : 'plain')!;
  for (const name of ['default', ...COLOR_NAMES] as ColourName[]) {
    const ink = inkOf(`bold:${name}`, boldMask);
    const normal = Number.parseInt(fg[name]!.slice(1), 16);
    if (ink !== undefined && colourDistance(ink, normal) > 1) boldColours[name] = hexOf(snapToKnown(ink, fg, palette));
  }
  if (!weight && Object.keys(boldColours).length === 0) notes.push('bold draws as plain (no heavier glyph, no other colour)');
  else notes.push(`bold draws ${[weight ? 'a heavier glyph' : '', Object.keys(boldColours).length > 0 ? `other colours (${Object.entries(boldColours).map(([k, v]) => `${k} as ${v}`).join(', ')})` : ''].filter(Boolean).join(' and ')}`);
  if (!italic) notes.push('italic draws upright: the glyphs match the plain ones (the font may have no italic face), so italic is untold');

  // Dim: colours only; a blend towards the background where one share fits every sample.
  const dimColours: Partial<Record<ColourName, string>> = {};
  let dimDrawn = false;
  const dimPairs: [string, number][] = [['default', fgDefault], ...COLOR_NAMES.map((n): [string, number] => [n, Number.parseInt(fg[n]!.slice(1), 16)]), ...SHEET_DIRECT_COLOURS.map((h): [string, number] => [h, Number.parseInt(h.slice(1), 16)]), ['196', standardPaletteRgb(196)]];
  const dimFits: [number, number][] = [];
  for (const [name, normal] of dimPairs) {
    const ink = inkOf(`dim:${name}`);
    if (ink === undefined) continue;
    if (colourDistance(ink, normal) > SAME_COLOUR) dimDrawn = true;
    // The base colours' dim colours are the sheet's own (foot sets each); the share is fitted on the others.
    if (name === 'default' || (COLOR_NAMES as readonly string[]).includes(name)) dimColours[name as ColourName] = hexOf(ink);
    // (a colour near the background's says little: its ink is faint, and the estimate of it loose)
    else if (colourDistance(normal, bgDefault) > 60) dimFits.push([normal, ink]);
  }
  let dim: PixelModel['dim'];
  if (dimDrawn) {
    // One share for every sample, of the way towards the background or towards black.
    const fit = (target: number): number | undefined => {
      const ks: number[] = [];
      for (const [normal, ink] of dimFits) {
        const a = channels(normal);
        const b = channels(ink);
        const t = channels(target);
        for (let ch = 0; ch < 3; ch++) if (Math.abs(t[ch]! - a[ch]!) > 60) ks.push((b[ch]! - a[ch]!) / (t[ch]! - a[ch]!));
      }
      ks.sort((x, y) => x - y);
      const k = ks[Math.floor(ks.length / 2)];
      return k !== undefined && dimFits.length >= 2 && dimFits.every(([normal, ink]) => colourDistance(blendColour(normal, target, k), ink) <= SAME_COLOUR) ? Math.round(k * 1000) / 1000 : undefined;
    };
    const toBg = fit(bgDefault);
    const toBlack = toBg === undefined ? fit(0) : undefined;
    dim = { colours: dimColours, ...(toBg !== undefined ? { blend: toBg } : toBlack !== undefined ? { blend: toBlack, towards: 'black' as const } : {}) };
    const share = toBg ?? toBlack;
    notes.push(`dim draws other colours (default text as ${dimColours.default})${share !== undefined ? `, each ${Math.round(share * 100)} % of the way to ${toBg !== undefined ? 'the background' : 'black'}` : ''}`);
  } else notes.push('dim draws as plain');

  // Lines, from blanks: underline shapes, strikethrough, overline.
  const { width, height } = plainX;
  // A line's own pixels, on a blank that kept the default background (urxvt 9.30 reads 4:3 as 43, a yellow background: no line).
  const lineMask = (name: keyof typeof ATTRIBUTE_SGR) => {
    const img = cellOf(`attr:${name}:blank`);
    const bgHere = modeColour(img);
    if (bgHere !== bgDefault) {
      notes.push(`SGR ${ATTRIBUTE_SGR[name]} on a blank draws a ${hexOf(bgHere)} background`);
      return new Float32Array(img.width * img.height);
    }
    return coverage(img, bgDefault, fgDefault);
  };
  const single = lineMask('underline');
  const underlines = new Map<UnderlineShape, Float32Array>();
  if (hasInk(single)) underlines.set('single', single);
  else notes.push('SGR 4 draws no underline');
  const asked: [UnderlineShape, keyof typeof ATTRIBUTE_SGR][] = [['double', 'double'], ['double', 'double-21'], ['curly', 'curly'], ['dotted', 'dotted'], ['dashed', 'dashed']];
  const drawnAs: string[] = [];
  for (const [shape, name] of asked) {
    const mask = lineMask(name);
    const sgr = ATTRIBUTE_SGR[name];
    if (!hasInk(mask)) {
      drawnAs.push(`${sgr} no line`);
      continue;
    }
    const same = [...underlines].find(([, m]) => maskDifference(m, mask) < SAME_SHAPE);
    if (same) {
      if (same[0] !== shape) drawnAs.push(`${sgr} ${same[0]}`);
      continue;
    }
    // A shape of its own; named for what it looks like when it is not the shape asked for and that one is taken.
    const named = underlines.has(shape) ? classifyUnderline(mask, width, height) : shape;
    if (!underlines.has(named)) underlines.set(named, mask);
    if (named !== shape) drawnAs.push(`${sgr} ${named}`);
  }
  notes.push(`underlines drawn: ${[...underlines.keys()].join(', ') || 'none'}${drawnAs.length > 0 ? `; SGR ${drawnAs.join(', SGR ')}` : ''}`);
  const strike = lineMask('strikethrough');
  const over = lineMask('overline');
  if (!hasInk(strike)) notes.push('SGR 9 draws no strikethrough');
  if (!hasInk(over)) notes.push('SGR 53 draws no overline');
  else if (lineRows(over, width, height)[0]! > height / 3) notes.push(`SGR 53 draws a line at row ${lineRows(over, width, height)[0]! + 1} of ${height}`);
  const ulSample = farthestColour(cellOf('attr:underline-colour:blank'), bgDefault);
  if (ulSample.distance < 24) notes.push('SGR 4;58;2;255;0;255 draws no underline on a blank');
  else if (colourDistance(ulSample.colour, 0xff00ff) > 8) notes.push(`SGR 58 (underline colour) draws the line in ${hexOf(ulSample.colour)}, not the colour asked for (#ff00ff)`);
  const invisible = farthestColour(cellOf('attr:invisible:X'), bgDefault).distance;
  if (invisible >= 24) notes.push('SGR 8 (invisible) still draws the glyph');
  const invisibleHidesLines = hasInk(single) && !hasInk(coverage(cellOf('attr:invisible-underline:blank'), bgDefault, fgDefault));
  if (invisibleHidesLines) notes.push('SGR 8 (invisible) hides the underline too');
  const untold: StyleField[] = italic ? [] : ['italic'];
  // Bold italic may draw as one of the two (zutty draws it as italic): then the other cannot be told in such text.
  const boldItalicAs = weight && italic ? (!differs('bold-italic', 'italic') ? 'italic' : !differs('bold-italic', 'bold') ? 'bold' : undefined) : undefined;
  if (boldItalicAs) notes.push(`bold italic draws as ${boldItalicAs}: ${boldItalicAs === 'italic' ? 'bold is untold in italic text' : 'italic is untold in bold text'}`);
  const variants = VARIANTS.filter((v) => (v === 'bold' ? weight : v === 'italic' ? italic : v === 'bold-italic' ? weight && italic && !boldItalicAs : true)).map((v) => ({ variant: v, bold: v === 'bold' || v === 'bold-italic', italic: v === 'italic' || v === 'bold-italic' }));
  for (const maps of glyphMaps.values()) for (const v of VARIANTS) if (!variants.some((d) => d.variant === v)) maps.delete(v);
  return {
    model: {
      fg,
      bg,
      ...(off.length > 0 ? { palette } : {}),
      bold: { weight, ...(Object.keys(boldColours).length > 0 ? { colours: boldColours } : {}) },
      ...(dim ? { dim } : {}),
      italic,
      ...(invisibleHidesLines ? { invisibleHidesLines: true as const } : {}),
      untold,
      notes,
    },
    templates: { width, height, glyphs: glyphMaps, variants, ...(boldItalicAs ? { boldItalicAs } : {}), underlines, ...(hasInk(strike) ? { strike } : {}), ...(hasInk(over) ? { over } : {}) },
  };
}

function blendColour(from: number, to: number, share: number): number {
  const a = channels(from);
  const b = channels(to);
  return fromChannels(a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share, a[2] + (b[2] - a[2]) * share);
}

/** An estimated colour, snapped to the base or palette colour the terminal draws that is nearest it, when within the estimates' own error (1). */
function snapToKnown(c: number, fg: Partial<Record<ColourName, string>>, palette: Record<string, string>): number {
  let best = c;
  let bestD = 2;
  const consider = (known: number) => {
    const d = colourDistance(known, c);
    if (d < bestD) [best, bestD] = [known, d];
  };
  for (const hex of Object.values(fg)) if (hex) consider(Number.parseInt(hex.slice(1), 16));
  for (let n = 16; n < 256; n++) consider(palette[String(n)] ? Number.parseInt(palette[String(n)]!.slice(1), 16) : standardPaletteRgb(n));
  return best;
}
