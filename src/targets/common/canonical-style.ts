/**
 * Canonical cell styles: every embedded emulator's attributes are mapped to the
 * one form the results file uses, so cells from different emulators compare
 * with plain equality. Colours are a base-16 name, an index 16–255, or
 * lowercase #rrggbb; default colours and false flags are left out.
 */
import { COLOR_NAMES } from '../../results/results-constants.js';
import { UNDERLINE_STYLES } from '../../results/results-constants.js';
import type { Color, Style } from '../../results/results-schema.js';

/** A palette index (0–255) in canonical form. */
export function paletteColor(index: number): Color {
  if (!Number.isInteger(index) || index < 0 || index > 255) {
    throw new RangeError(`palette index ${index} is outside 0–255`);
  }
  return index < 16 ? COLOR_NAMES[index]! : index;
}

/** A 24-bit colour given as 0xRRGGBB, in canonical form. */
export function rgbColor(rgb: number): Color {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

export { packRgb, standardPaletteRgb } from '../../results/standard-palette.js';

/** Attribute flags and colours as an emulator reports them; colours already canonical or absent (default). */
export interface StyleParts {
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** 1 single … 5 dashed (xterm.js's numbering: 0 none, 1 single, 2 double, 3 curly, 4 dotted, 5 dashed). */
  underlineStyle?: number | undefined;
  underlineColor?: Color | undefined;
  blink?: boolean;
  reverse?: boolean;
  invisible?: boolean;
  strikethrough?: boolean;
  overline?: boolean;
  fg?: Color | undefined;
  bg?: Color | undefined;
}

/** The canonical style, or undefined when every attribute is the default. */
export function buildStyle(parts: StyleParts): Style | undefined {
  const style: Style = {};
  if (parts.bold) style.bold = true;
  if (parts.dim) style.dim = true;
  if (parts.italic) style.italic = true;
  if (parts.underline) {
    style.underline = true;
    const named = parts.underlineStyle === undefined ? undefined : UNDERLINE_STYLES[parts.underlineStyle - 2];
    if (named) style.underlineStyle = named;
    if (parts.underlineColor !== undefined) style.underlineColor = parts.underlineColor;
  }
  if (parts.blink) style.blink = true;
  if (parts.reverse) style.reverse = true;
  if (parts.invisible) style.invisible = true;
  if (parts.strikethrough) style.strikethrough = true;
  if (parts.overline) style.overline = true;
  if (parts.fg !== undefined) style.fg = parts.fg;
  if (parts.bg !== undefined) style.bg = parts.bg;
  return Object.keys(style).length === 0 ? undefined : style;
}
