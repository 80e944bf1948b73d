/**
 * Screen readback for GUI terminals that offer one, turned into the results'
 * screen answer (text per row; no cells: neither method tells styles).
 *
 * - xterm, DECRQCRA one cell at a time with every checksum extension bit set
 *   (XTCHECKSUM 63, for the read only): the checksum of a one-cell rectangle is
 *   then the cell's code point, masked to 16 bits; 0 is a blank never written,
 *   0xFFFF the right half of a wide character.
 * - urxvt, a perl extension's dump: one entry per cell, so columns are exact.
 * - kitty, remote control get-text: the screen's rows as text; columns are
 *   counted with string-width (kitty's own width table may differ for rare
 *   characters).
 */
import stringWidth from 'string-width';
import type { Region } from '../../corpus/probe-schema.js';
import type { ReplyEvent } from '../../protocol/reply-events.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { validateRegion } from '../common/region-read.js';

/**
 * XTCHECKSUM (CSI Ps # y, xterm ctlseqs): bits 0–5 set make DECRQCRA's checksum the plain sum of
 * code points (not negated, no attributes, blanks counted, not masked to 8 or 7 bits); 0 is the
 * default (checksumExtension's, csDEC). SetChecksum is not among xterm 379's disallowed window
 * operations, upstream's (main.h DEF_DISALLOWED_WINDOW) nor Debian's longer list (debian/rules),
 * so no resource is needed.
 */
export const XTERM_READ_CHECKSUM = '\x1b[63#y';
export const XTERM_DEFAULT_CHECKSUM = '\x1b[0#y';

/** DECRQCRA for every cell of the region, request id = 1 + the cell's index (row-major). */
export function decrqcraRequests(region: Region): string {
  let out = '';
  let id = 1;
  for (let row = region.top; row <= region.bottom; row++) {
    for (let col = region.left; col <= region.right; col++) out += `\x1b[${id++};1;${row};${col};${row};${col}*y`;
  }
  return out;
}

/** The DECRQCRA reports among the events: request id → checksum. */
export function decrqcraReports(events: readonly ReplyEvent[]): Map<number, number> {
  const found = new Map<number, number>();
  for (const ev of events) {
    if (ev.kind !== 'checksum') continue;
    const id = ev.id;
    const sum = Number.parseInt(ev.checksum, 16);
    if (Number.isInteger(id) && Number.isFinite(sum)) found.set(id, sum);
  }
  return found;
}

export class ScreenReadError extends Error {
  override name = 'ScreenReadError';
}

function cellText(sum: number): string {
  if (sum === 0) return ' ';
  if (sum === 0xffff) return '';
  if (sum >= 0xd800 && sum <= 0xdfff) return '\ufffd';
  return String.fromCodePoint(sum);
}

export function screenFromDecrqcra(region: Region, cols: number, rows: number, reports: Map<number, number>): ScreenAnswer {
  validateRegion(region, cols, rows);
  const text: string[] = [];
  let id = 1;
  for (let row = region.top; row <= region.bottom; row++) {
    let line = '';
    for (let col = region.left; col <= region.right; col++, id++) {
      const sum = reports.get(id);
      if (sum === undefined) throw new ScreenReadError(`no DECRQCRA report for cell ${row};${col}`);
      line += cellText(sum);
    }
    text.push(line.replace(/ +$/, ''));
  }
  return { via: 'decrqcra', region: { ...region }, text };
}

/**
 * Made once: a Segmenter is an ICU object, and these run for every row of every screen read (0.85 s of termprobe's
 * main thread in a run of every target, most of it making segmenters and walking rows of plain ASCII).
 */
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A row of printable ASCII only: a column a character, a grapheme a character. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Text that joins a wrapped row and its continuation into one line (mlterm's
 * snapshot, kitty's get-text) back into screen rows of `cols` columns: a line
 * wider than the screen is several rows, and a wide character that does not fit
 * in the last column starts the next row, as it did on the screen.
 */
export function splitWrappedRows(lines: readonly string[], cols: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (PRINTABLE_ASCII.test(line)) {
      // One column a character: the same rows as the walk below, without it.
      for (let at = 0; at === 0 || at < line.length; at += cols) out.push(line.slice(at, at + cols));
      continue;
    }
    let row = '';
    let width = 0;
    for (const { segment } of GRAPHEMES.segment(line)) {
      const w = Math.max(1, stringWidth(segment));
      if (width + w > cols) {
        out.push(row);
        row = '';
        width = 0;
      }
      row += segment;
      width += w;
    }
    out.push(row);
  }
  return out;
}

/** Cut the region out of whole screen rows, counting columns by display width. */
export function screenFromRows(region: Region, cols: number, rows: number, lines: readonly string[], via: ScreenAnswer['via']): ScreenAnswer {
  validateRegion(region, cols, rows);
  const text: string[] = [];
  for (let row = region.top; row <= region.bottom; row++) {
    const whole = lines[row - 1] ?? '';
    if (PRINTABLE_ASCII.test(whole)) {
      text.push(whole.slice(region.left - 1, region.right).replace(/ +$/, ''));
      continue;
    }
    let col = 1;
    let line = '';
    for (const { segment } of GRAPHEMES.segment(whole)) {
      const width = Math.max(1, stringWidth(segment));
      if (col >= region.left && col + width - 1 <= region.right) line += segment;
      else if (col + width - 1 >= region.left && col <= region.right) line += ' '; // a wide character cut by the edge
      col += width;
      if (col > region.right) break;
    }
    text.push(line.replace(/ +$/, ''));
  }
  return { via, region: { ...region }, text };
}

/** The region out of a dump that lists every cell ('' for the right half of a wide character). */
export function screenFromCells(region: Region, cols: number, rows: number, grid: readonly (readonly string[])[], via: ScreenAnswer['via']): ScreenAnswer {
  validateRegion(region, cols, rows);
  const text: string[] = [];
  for (let row = region.top; row <= region.bottom; row++) {
    const cells = grid[row - 1] ?? [];
    let line = '';
    for (let col = region.left; col <= region.right; col++) line += cells[col - 1] ?? ' ';
    text.push(line.replace(/ +$/, ''));
  }
  return { via, region: { ...region }, text };
}
