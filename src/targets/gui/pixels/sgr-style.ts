/**
 * SGR parameters and canonical styles, both ways: the style a parameter string
 * sets from a reset rendition (what a DECRQSS m reply means, e.g. "0;1;4:3;38:2::10:20:30"),
 * and parameters that set a style (to draw a cell an emulator reported). ECMA-48
 * 8.3.117 and xterm ctlseqs (colons for sub-parameters, ITU T.416 colours).
 */
import { COLOR_NAMES } from '../../../results/results-constants.js';
import { UNDERLINE_STYLES, type Color, type Style } from '../../../results/results-schema.js';

function palette(n: number): Color | undefined {
  if (!Number.isInteger(n) || n < 0 || n > 255) return undefined;
  return n < 16 ? COLOR_NAMES[n]! : n;
}

function rgb(r: number, g: number, b: number): Color | undefined {
  if (![r, g, b].every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) return undefined;
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** A colour after 38/48/58: from its colon sub-parameters, or from the semicolon parameters that follow (returns how many it took). */
function extendedColour(sub: string[], rest: string[]): { colour: Color | undefined; took: number } {
  if (sub.length > 1) {
    const [, mode, ...args] = sub.map((p) => (p === '' ? NaN : Number(p)));
    if (mode === 5) return { colour: palette(args[0]!), took: 0 };
    // 38:2:<colour space>:r:g:b, or 38:2:r:g:b (no colour space)
    if (mode === 2) return { colour: args.length >= 4 ? rgb(args[1]!, args[2]!, args[3]!) : rgb(args[0]!, args[1]!, args[2]!), took: 0 };
    return { colour: undefined, took: 0 };
  }
  const mode = Number(rest[0]);
  if (mode === 5) return { colour: palette(Number(rest[1])), took: 2 };
  if (mode === 2) return { colour: rgb(Number(rest[1]), Number(rest[2]), Number(rest[3])), took: 4 };
  return { colour: undefined, took: 0 };
}

/** The style an SGR parameter string sets, starting from a reset rendition (undefined: plain). */
export function styleOfSgr(params: string): Style | undefined {
  const s: Style = {};
  const list = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < list.length; i++) {
    const sub = list[i]!.split(':');
    const p = Number(sub[0] === '' ? '0' : sub[0]);
    if (p === 0) for (const k of Object.keys(s)) delete s[k as keyof Style];
    else if (p === 1) s.bold = true;
    else if (p === 2) s.dim = true;
    else if (p === 3) s.italic = true;
    else if (p === 4) {
      const kind = sub.length > 1 ? Number(sub[1]) : 1;
      delete s.underlineStyle;
      if (kind === 0) delete s.underline;
      else {
        s.underline = true;
        const named = UNDERLINE_STYLES[kind - 2];
        if (named) s.underlineStyle = named;
      }
    } else if (p === 21) {
      s.underline = true;
      s.underlineStyle = 'double';
    } else if (p === 5 || p === 6) s.blink = true;
    else if (p === 7) s.reverse = true;
    else if (p === 8) s.invisible = true;
    else if (p === 9) s.strikethrough = true;
    else if (p === 53) s.overline = true;
    else if (p === 22) {
      delete s.bold;
      delete s.dim;
    }
    else if (p === 23) delete s.italic;
    else if (p === 24) {
      delete s.underline;
      delete s.underlineStyle;
    }
    else if (p === 25) delete s.blink;
    else if (p === 27) delete s.reverse;
    else if (p === 28) delete s.invisible;
    else if (p === 29) delete s.strikethrough;
    else if (p === 55) delete s.overline;
    else if (p >= 30 && p <= 37) s.fg = COLOR_NAMES[p - 30];
    else if (p >= 90 && p <= 97) s.fg = COLOR_NAMES[p - 82];
    else if (p >= 40 && p <= 47) s.bg = COLOR_NAMES[p - 40];
    else if (p >= 100 && p <= 107) s.bg = COLOR_NAMES[p - 92];
    else if (p === 39) delete s.fg;
    else if (p === 49) delete s.bg;
    else if (p === 59) delete s.underlineColor;
    else if (p === 38 || p === 48 || p === 58) {
      const { colour, took } = extendedColour(sub, list.slice(i + 1));
      i += took;
      if (colour === undefined) continue;
      if (p === 38) s.fg = colour;
      else if (p === 48) s.bg = colour;
      else s.underlineColor = colour;
    }
  }
  if (!s.underline) delete s.underlineColor;
  return Object.keys(s).length === 0 ? undefined : s;
}

function colourParams(kind: 38 | 48 | 58, c: Color): string {
  if (typeof c === 'number') return `${kind};5;${c}`;
  const base = (COLOR_NAMES as readonly string[]).indexOf(c);
  if (base >= 0) {
    if (kind === 58) return `58;5;${base}`;
    return String((kind === 38 ? 30 : 40) + (base < 8 ? base : 60 + base - 8));
  }
  const n = Number.parseInt(c.slice(1), 16);
  return `${kind};2;${(n >> 16) & 0xff};${(n >> 8) & 0xff};${n & 0xff}`;
}

/** SGR parameters that set `style` from a reset rendition (semicolons, except 4:N for an underline's style). */
export function sgrOfStyle(style: Style | undefined): string {
  const p = ['0'];
  if (!style) return '0';
  if (style.bold) p.push('1');
  if (style.dim) p.push('2');
  if (style.italic) p.push('3');
  if (style.underline) p.push(style.underlineStyle ? `4:${UNDERLINE_STYLES.indexOf(style.underlineStyle) + 2}` : '4');
  if (style.underline && style.underlineColor !== undefined) p.push(colourParams(58, style.underlineColor));
  if (style.blink) p.push('5');
  if (style.reverse) p.push('7');
  if (style.invisible) p.push('8');
  if (style.strikethrough) p.push('9');
  if (style.overline) p.push('53');
  if (style.fg !== undefined) p.push(colourParams(38, style.fg));
  if (style.bg !== undefined) p.push(colourParams(48, style.bg));
  return p.join(';');
}
