/**
 * How a style draws: what a cell with this text and this style looks like in a
 * terminal whose pixels termprobe calibrated (settings.pixels). Two styles that
 * draw the same cannot be told apart from the pixels, so a style read from the
 * pixels meets an expected style that differs from it only in this way "alike":
 * never a match and never a miss (see answer-key.ts styleMatch).
 *
 * What each word draws as:
 * - colours: the default and base-16 colours as the terminal drew them on its
 *   sheet (there is no standard for them); entries 16–255 as xterm's standard
 *   palette (unless the sheet showed otherwise); #rrggbb as itself;
 * - bold and dim: as the sheet showed them (a heavier glyph, other colours);
 *   an attribute the sheet showed drawing nothing draws as nothing anyone
 *   could read, so it never meets a read without it;
 * - underline styles, strikethrough, overline, reverse, invisible, blink: as
 *   their names say (a curly line is curly), whatever the terminal does with
 *   the SGR that asks for them;
 * - fields the read could not tell (`untold`) draw as nothing.
 */
import { COLOR_NAMES } from './results-constants.js';
import type { Color, PixelModel, Style, StyleField } from './results-schema.js';
import { standardPaletteRgb } from './standard-palette.js';

type BaseName = (typeof COLOR_NAMES)[number];
const BASE = new Set<string>(COLOR_NAMES);

/** A style without the fields named (underline takes its style and colour with it). */
export function withoutFields(style: Style | undefined, fields: readonly StyleField[]): Style {
  const out: Style = { ...style };
  for (const f of fields) {
    delete out[f];
    if (f === 'underline') {
      delete out.underlineStyle;
      delete out.underlineColor;
    }
  }
  return out;
}

function hex(rgb: number): string {
  return `#${rgb.toString(16).padStart(6, '0')}`;
}

/** The colour a colour value draws as, in the role given; undefined for the default underline colour (the text's). */
export function colourDrawn(model: PixelModel, role: 'fg' | 'bg', value: Color | undefined): string | undefined {
  if (value === undefined) return (role === 'fg' ? model.fg : model.bg).default;
  if (typeof value === 'number') return model.palette?.[String(value)] ?? hex(standardPaletteRgb(value));
  if (BASE.has(value)) return (role === 'fg' ? model.fg : model.bg)[value as BaseName];
  return value;
}

function blend(from: string, to: string, share: number): string {
  const a = Number.parseInt(from.slice(1), 16);
  const b = Number.parseInt(to.slice(1), 16);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const x = (a >> shift) & 0xff;
    const y = (b >> shift) & 0xff;
    out |= Math.round(x + (y - x) * share) << shift;
  }
  return hex(out);
}

/** A glyph whose colour differs from the background's by less than this (in every channel) does not show. */
export const INVISIBLE_CONTRAST = 12;

function tooFaint(a: string, b: string): boolean {
  const x = Number.parseInt(a.slice(1), 16);
  const y = Number.parseInt(b.slice(1), 16);
  return Math.max(Math.abs((x >> 16) - (y >> 16)), Math.abs(((x >> 8) & 0xff) - ((y >> 8) & 0xff)), Math.abs((x & 0xff) - (y & 0xff))) < INVISIBLE_CONTRAST;
}

/** Marks a colour the terminal does not draw: it equals no colour a read gives. */
const NOT_DRAWN = 'not-drawn';

/** The text colour as drawn before reverse video: the colour, then bold's and dim's changes. */
export function textColour(model: PixelModel, s: Style): string | undefined {
  const name = s.fg ?? 'default';
  const keyed = typeof name === 'string' && (name === 'default' || BASE.has(name));
  let c = colourDrawn(model, 'fg', s.fg);
  if (c === undefined) return undefined;
  const boldColour = s.bold && keyed ? model.bold.colours?.[name as BaseName | 'default'] : undefined;
  if (boldColour) c = boldColour;
  if (s.dim) {
    if (!model.dim) return NOT_DRAWN;
    // The dim colour the sheet showed for this name (unless bold changed the colour first), else the share that fits them all.
    const known = keyed && !boldColour ? model.dim.colours[name as BaseName | 'default'] : undefined;
    const towards = model.dim.towards === 'black' ? '#000000' : (colourDrawn(model, 'bg', s.bg) ?? c);
    const dimmed = known ?? (model.dim.blend !== undefined ? blend(c, towards, model.dim.blend) : undefined);
    if (dimmed === undefined) return undefined;
    // Dim that leaves this colour as it is (xterm's faint black) draws as plain: alike, "untold", never "lacks" —
    // the terminal draws dim, only not in this colour. A terminal that draws dim in no colour (no model.dim) lacks it.
    c = dimmed;
  }
  return c;
}

/**
 * A key that two styles share exactly when they draw the same cell (text `text`) in this terminal, the `untold`
 * fields left out; undefined when the calibration cannot say how the style draws (a dim colour it did not sample).
 */
export function drawnKey(model: PixelModel, text: string, style: Style | undefined, untold: readonly StyleField[]): string | undefined {
  const s = withoutFields(style, [...untold, ...model.untold]);
  let fg = textColour(model, s);
  let bg = colourDrawn(model, 'bg', s.bg);
  if (fg === undefined || bg === undefined) return undefined;
  if (s.reverse) [fg, bg] = [bg, fg];
  const parts = [`bg=${bg}`];
  // No glyph shows where there is none, where it is concealed, or where it has the background's colour.
  const blank = text.trim() === '' || s.invisible === true || (fg !== NOT_DRAWN && tooFaint(fg, bg));
  if (!blank) parts.push(`ink=${fg}`, s.bold && model.bold.weight ? 'heavy' : 'regular', s.italic && model.italic ? 'slanted' : 'upright', s.blink ? 'blinking' : 'steady');
  // Bold that neither weighs the glyph nor changes its colour draws nothing a read could show.
  if (!blank && s.bold && !model.bold.weight && !(typeof (s.fg ?? 'default') === 'string' && model.bold.colours?.[(s.fg ?? 'default') as BaseName | 'default'])) parts.push('bold-undrawn');
  // A line shows unless it has the background's colour, or the cell is concealed and the terminal hides its lines too.
  const hidden = s.invisible === true && model.invisibleHidesLines === true;
  if (s.underline && !hidden) {
    const line = s.underlineColor === undefined ? fg : colourDrawn(model, 'fg', s.underlineColor);
    if (line !== undefined && !tooFaint(line, bg)) parts.push(`under=${s.underlineStyle ?? 'single'}:${line}`);
  }
  if (s.strikethrough && !hidden && !tooFaint(fg, bg)) parts.push('struck');
  if (s.overline && !hidden && !tooFaint(fg, bg)) parts.push('overlined');
  return parts.join(' ');
}
