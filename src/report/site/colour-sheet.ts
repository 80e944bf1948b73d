/**
 * Colours for screen cells as CSS classes, so pages need no inline style (the
 * Content-Security-Policy forbids it). Each colour used on the site gets one
 * rule in generated.css; class names are built from the canonical colour, which
 * the results schema restricts to a base name, an index 16–255 or #rrggbb.
 */
import { COLOR_NAMES } from '../../results/results-constants.js';
import type { Color } from '../../results/results-schema.js';

/** xterm's default palette for the 16 base colours. */
const BASE: readonly string[] = [
  '#000000', '#cd0000', '#00cd00', '#cdcd00', '#0000ee', '#cd00cd', '#00cdcd', '#e5e5e5',
  '#7f7f7f', '#ff0000', '#00ff00', '#ffff00', '#5c5cff', '#ff00ff', '#00ffff', '#ffffff',
];
const CUBE = [0, 95, 135, 175, 215, 255];
const hex2 = (n: number) => n.toString(16).padStart(2, '0');

export const DEFAULT_FG = '#111111';
export const DEFAULT_BG = '#ffffff';

/** The #rrggbb a canonical colour stands for, or undefined when it is not one. */
export function colourValue(c: Color): string | undefined {
  if (typeof c === 'number') {
    if (!Number.isInteger(c) || c < 0 || c > 255) return undefined;
    if (c < 16) return BASE[c];
    if (c < 232) {
      const i = c - 16;
      return `#${hex2(CUBE[Math.floor(i / 36)]!)}${hex2(CUBE[Math.floor(i / 6) % 6]!)}${hex2(CUBE[i % 6]!)}`;
    }
    const grey = 8 + 10 * (c - 232);
    return `#${hex2(grey)}${hex2(grey)}${hex2(grey)}`;
  }
  const named = (COLOR_NAMES as readonly string[]).indexOf(c);
  if (named >= 0) return BASE[named];
  return /^#[0-9a-f]{6}$/.test(c) ? c : undefined;
}

export class ColourSheet {
  readonly #rules = new Map<string, string>();

  /** The class that paints `colour` as foreground ('f') or background ('g'); '' for an unknown colour. */
  use(colour: Color | 'default-fg' | 'default-bg', layer: 'f' | 'g'): string {
    const value = colour === 'default-fg' ? DEFAULT_FG : colour === 'default-bg' ? DEFAULT_BG : colourValue(colour);
    if (value === undefined) return '';
    const name = `${layer}-${value.slice(1)}`;
    if (!this.#rules.has(name)) this.#rules.set(name, `.${name}{${layer === 'f' ? 'color' : 'background-color'}:${value}}`);
    return name;
  }

  css(): string {
    return [...this.#rules.values()].sort().join('\n');
  }
}
