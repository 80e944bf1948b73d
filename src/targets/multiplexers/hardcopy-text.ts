/**
 * The text of GNU screen's `hardcopy` file as a screen answer. Screen 4 writes
 * one byte per cell: the low byte of the character (a wide character's second
 * cell is 0xff) and nothing of its character set, so only printable ASCII
 * written in the ASCII set can be trusted. Bytes that cannot be the character
 * (non-ASCII, a wide character and its filler) become U+FFFD; when the probe
 * wrote non-ASCII text or switched character sets (`suspect`), every non-blank
 * cell does, since 'q' may stand for a line-drawing '─' and '-' for '中'.
 */
import type { Region } from '../../corpus/probe-schema.js';
import type { Cell, ScreenAnswer } from '../../results/results-schema.js';
import { validateRegion } from '../common/region-read.js';

const UNKNOWN = '\uFFFD';
const FILLER = 0xff;

function cellText(byte: number, next: number | undefined, suspect: boolean): string {
  if (byte === FILLER) return '';
  if (next === FILLER || byte < 0x20 || byte > 0x7e) return UNKNOWN;
  if (suspect && byte !== 0x20) return UNKNOWN;
  return String.fromCharCode(byte);
}

function fileLines(file: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < file.length; i++) {
    if (file[i] === 0x0a) {
      lines.push(file.subarray(start, i));
      start = i + 1;
    }
  }
  return lines;
}

export function hardcopyAnswer(file: Uint8Array, region: Region, cols: number, rows: number, suspect: boolean): ScreenAnswer {
  validateRegion(region, cols, rows);
  const lines = fileLines(file);
  const text: string[] = [];
  for (let row = region.top - 1; row < region.bottom; row++) {
    const line = lines[row] ?? new Uint8Array();
    let out = '';
    for (let col = region.left - 1; col < region.right; col++) {
      out += col < line.length ? cellText(line[col]!, line[col + 1], suspect) : ' ';
    }
    text.push(out.replace(/ +$/, ''));
  }
  return { via: 'hardcopy', region: { ...region }, text };
}

/** Whether bytes (after the last DECSTR, where the engine's prelude starts a probe) hold non-ASCII text or a character-set switch. */
export function writesNonAscii(data: Uint8Array): boolean {
  let from = 0;
  for (let i = data.length - 3; i >= 0; i--) {
    if (data[i] === 0x1b && data[i + 1] === 0x5b && data[i + 2] === 0x21 && data[i + 3] === 0x70) {
      from = i;
      break;
    }
  }
  for (let i = from; i < data.length; i++) {
    const b = data[i]!;
    if (b >= 0x80 || b === 0x0e) return true;
    // ESC ( ) * + - . / followed by a final other than B: a character set designated
    if (b === 0x1b && i + 2 < data.length && '()*+-./'.includes(String.fromCharCode(data[i + 1]!)) && data[i + 2] !== 0x42) return true;
  }
  return false;
}

/**
 * Where cells read another way (screen's drawing on a display: screen-display.ts) disagree with the hardcopy, in
 * what the hardcopy tells exactly: a wide character's two halves (its filler byte), and each printable ASCII
 * character where the probe wrote only ASCII. The first disagreement, or undefined when they agree.
 */
export function hardcopyDisagrees(file: Uint8Array, region: Region, cells: readonly (readonly Cell[])[], suspect: boolean): string | undefined {
  const lines = fileLines(file);
  for (let r = 0; r < cells.length; r++) {
    const line = lines[region.top - 1 + r] ?? new Uint8Array();
    for (let i = 0; i < cells[r]!.length; i++) {
      const col = region.left - 1 + i;
      const cell = cells[r]![i]!;
      const byte = col < line.length ? line[col]! : 0x20;
      const width = byte === FILLER ? 0 : line[col + 1] === FILLER ? 2 : 1;
      const told = cellText(byte, line[col + 1], suspect);
      const where = `row ${region.top + r}, column ${col + 1}`;
      if (cell.w !== width) return `${where}: the hardcopy shows a cell ${width} wide, the display ${cell.w}`;
      if (told !== UNKNOWN && told !== '' && told !== cell.t) return `${where}: the hardcopy shows ${JSON.stringify(told)}, the display ${JSON.stringify(cell.t)}`;
    }
  }
  return undefined;
}
