/**
 * The calibration sheet: what the terminal is asked to draw at the start of a
 * session so that termprobe can learn what its pixels mean (learn-model.ts).
 * Each sample is one cell: a known text with a known SGR, at a known place.
 *
 * - glyph:VARIANT:C — every printable ASCII character, plain, bold, italic and
 *   bold italic (the shapes a cell's text and weight and slant are read against),
 *   and where asked the DEC Special Graphics, plain;
 * - attr:NAME:X and attr:NAME:blank — each line and attribute alone, on an X
 *   and on a blank (a blank shows a line's own pixels);
 * - ink:C, bold:C, dim:C — an X in each base colour, plain, bold and dim;
 * - fg:C and bg:C — solid cells in each colour as background, and as foreground
 *   through reverse video: the 16 base colours, 16–255 and a few direct colours.
 *
 * Samples that draw ink stand a blank cell apart (an italic glyph reaches into
 * the next cell); solid ones stand side by side.
 */
import { COLOR_NAMES } from '../../../results/results-constants.js';

export type Variant = 'plain' | 'bold' | 'italic' | 'bold-italic';
export const VARIANTS: readonly Variant[] = ['plain', 'bold', 'italic', 'bold-italic'];
const VARIANT_SGR: Record<Variant, string> = { plain: '', bold: '1', italic: '3', 'bold-italic': '1;3' };

/** The characters whose shapes the sheet shows: printable ASCII. */
export const SHEET_GLYPHS = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));

/**
 * DEC Special Graphics (ESC ( 0), 0x60-0x7e, and the characters a terminal draws for them: xterm 379's dec2ucs
 * (fontutils.c), as the corpus's charsets probes name them (jklmnqtuvwx as ┘┐┌└┼─├┤┴┬│). Drawn on the sheet only
 * where the text is read from the glyphs (your own terminal): there, a cell holding one is matched against the
 * glyph the terminal drew for it, where otherwise it reads U+FFFD.
 */
export const DEC_GRAPHICS: readonly (readonly [string, string])[] = [...'`abcdefghijklmnopqrstuvwxyz{|}~'].map((c, i) => [c, '◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·'[i]!] as const);

export interface SheetOptions {
  /** Draw the DEC Special Graphics glyphs too, after the rest (the pages before are unchanged). */
  lineDrawing?: boolean;
}

/**
 * Direct colours the sheet shows as fills, so that a cell drawn in one reads back exactly: the ones the corpus's
 * style expectations name (pixels.test.ts keeps the list in step), and a few more.
 */
export const SHEET_DIRECT_COLOURS = ['#0a141e', '#ff0000', '#ffffff', '#102030', '#ff8000', '#00ffff'] as const;

/** Line and attribute samples: name → SGR. */
export const ATTRIBUTE_SGR = {
  underline: '4',
  double: '4:2',
  'double-21': '21',
  curly: '4:3',
  dotted: '4:4',
  dashed: '4:5',
  strikethrough: '9',
  overline: '53',
  reverse: '7',
  invisible: '8',
  'invisible-underline': '8;4',
  blink: '5',
  'underline-colour': '4;58;2;255;0;255',
} as const;
export type AttributeName = keyof typeof ATTRIBUTE_SGR;

export interface Sample {
  key: string;
  /** 1-based page of the sheet. */
  page: number;
  row: number;
  col: number;
  text: string;
  sgr: string;
}

export type ColourName = 'default' | (typeof COLOR_NAMES)[number];

function baseSgr(index: number, role: 'fg' | 'bg'): string {
  const base = role === 'fg' ? (index < 8 ? 30 : 82) : index < 8 ? 40 : 92;
  return String(base + index);
}

function directSgr(hex: string, role: 'fg' | 'bg'): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `${role === 'fg' ? 38 : 48};2;${(n >> 16) & 0xff};${(n >> 8) & 0xff};${n & 0xff}`;
}

interface Entry {
  key: string;
  text: string;
  sgr: string;
  /** Takes two columns (the sample and a blank after it). */
  spaced: boolean;
}

function entries(opts: SheetOptions): Entry[] {
  const out: Entry[] = [];
  const ink = (key: string, sgr: string, text = 'X') => out.push({ key, text, sgr, spaced: true });
  const fill = (key: string, sgr: string) => out.push({ key, text: ' ', sgr, spaced: false });
  for (const v of VARIANTS) for (const c of SHEET_GLYPHS) ink(`glyph:${v}:${c}`, VARIANT_SGR[v], c);
  for (const [name, sgr] of Object.entries(ATTRIBUTE_SGR)) {
    ink(`attr:${name}:X`, sgr);
    ink(`attr:${name}:blank`, sgr, ' ');
  }
  ink('ink:default', '');
  ink('bold:default', '1');
  ink('dim:default', '2');
  COLOR_NAMES.forEach((name, i) => {
    ink(`ink:${name}`, baseSgr(i, 'fg'));
    ink(`bold:${name}`, `1;${baseSgr(i, 'fg')}`);
    ink(`dim:${name}`, `2;${baseSgr(i, 'fg')}`);
  });
  for (const hex of SHEET_DIRECT_COLOURS) {
    ink(`ink:${hex}`, directSgr(hex, 'fg'));
    ink(`dim:${hex}`, `2;${directSgr(hex, 'fg')}`);
  }
  ink('dim:196', '2;38;5;196');
  fill('bg:default', '');
  fill('fg:default', '7');
  COLOR_NAMES.forEach((name, i) => {
    fill(`bg:${name}`, baseSgr(i, 'bg'));
    fill(`fg:${name}`, `7;${baseSgr(i, 'fg')}`);
  });
  for (let n = 16; n < 256; n++) fill(`bg:${n}`, `48;5;${n}`);
  for (let n = 16; n < 256; n++) fill(`fg:${n}`, `7;38;5;${n}`);
  for (const hex of SHEET_DIRECT_COLOURS) {
    fill(`bg:${hex}`, directSgr(hex, 'bg'));
    fill(`fg:${hex}`, `7;${directSgr(hex, 'fg')}`);
  }
  // Each written in the DEC set and G0 put back to ASCII at once: the key names the character drawn.
  if (opts.lineDrawing) for (const [ascii, drawn] of DEC_GRAPHICS) ink(`glyph:plain:${drawn}`, '', `\x1b(0${ascii}\x1b(B`);
  return out;
}

/**
 * The sheet's samples laid out on pages of `cols` × `rows` cells, the last column left blank: an overlay scroll bar
 * covers it while the content changes (tilix 1.9.5's GTK one fades out about 3 s after the sheet is drawn, and until
 * then its fills there are not one colour), as the grid finder's far cell stands short of it.
 */
export function layoutSheet(cols: number, rows: number, opts: SheetOptions = {}): Sample[] {
  const samples: Sample[] = [];
  cols = cols > 2 ? cols - 1 : cols;
  let page = 1;
  let row = 1;
  let col = 1;
  for (const e of entries(opts)) {
    const width = e.spaced ? 2 : 1;
    if (col + width - 1 > cols) {
      row++;
      col = 1;
    }
    if (row > rows) {
      page++;
      row = 1;
    }
    samples.push({ key: e.key, page, row, col, text: e.text, sgr: e.sgr });
    col += width;
  }
  return samples;
}

/** The bytes that draw one page: cursor hidden, screen cleared, each sample at its place with its SGR alone. */
export function pageBytes(samples: readonly Sample[], page: number): string {
  let out = '\x1b[?25l\x1b[0m\x1b[H\x1b[2J';
  for (const s of samples) if (s.page === page) out += `\x1b[${s.row};${s.col}H\x1b[0${s.sgr ? `;${s.sgr}` : ''}m${s.text}\x1b[0m`;
  return out;
}

/**
 * The far cell the grid is found by, with the first: short of the last column and row, which an overlay scroll bar
 * (tilix's GTK one) may cover.
 */
export function gridFinderFar(cols: number, rows: number): { row: number; col: number } {
  return { row: Math.max(1, rows - 1), col: Math.max(1, cols - 2) };
}

/** Cells the grid is found by: reverse-video blanks (solid cells of the default foreground) at 1;1 and the far cell. */
export function gridFinderBytes(cols: number, rows: number): string {
  const far = gridFinderFar(cols, rows);
  return `\x1b[?25l\x1b[0m\x1b[H\x1b[2J\x1b[7m \x1b[${far.row};${far.col}H \x1b[0m\x1b[H`;
}

/** A cleared screen, cursor hidden. */
export const BLANK_PAGE = '\x1b[?25l\x1b[0m\x1b[H\x1b[2J';
