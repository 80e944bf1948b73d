/**
 * Cases whose answer is known without the pixels, to check the pixel read
 * against: cells drawn with an SGR, each asked back with DECRQSS m just before
 * its X is written (the terminal's own word for the cell's rendition, where it
 * answers DECRQSS: xterm, foot, kitty, mlterm); and cells an embedded emulator
 * reported, drawn again in a GUI terminal from their style. A pixel read agrees
 * when it is the style told, or draws alike in that terminal (drawn-style.ts).
 */
import { drawnKey } from '../../../results/drawn-style.js';
import type { Cell, PixelModel, ScreenAnswer, Style } from '../../../results/results-schema.js';
import { styleText } from '../../../results/style-text.js';
import type { ReplyEvent } from '../../../protocol/reply-events.js';
import { sgrOfStyle, styleOfSgr } from './sgr-style.js';

/** Renditions drawn for the DECRQSS cases: each attribute alone, colours of every kind, and mixes. */
export const TRUTH_SGRS = [
  '', '1', '2', '3', '4', '4:2', '21', '4:3', '4:4', '4:5', '5', '7', '8', '9', '53',
  '31', '37', '90', '97', '41', '47', '100', '107', '38;5;16', '38;5;196', '38;5;255', '48;5;21', '38;5;1',
  '38;2;10;20;30', '48;2;10;20;30', '38:2::10:20:30', '38;2;255;128;0', '48;2;16;32;48',
  '1;31', '1;3', '1;4', '2;31', '2;38;5;196', '7;31', '7;31;42', '3;4;9', '1;3;4;9;31;42', '9;53', '1;2', '4;7',
  '4;58;5;196', '4;58;2;10;20;30', '4:3;58:2::255:0:0', '4;58;5;46', '21;58;5;21', '53;31', '8;4', '1;38;5;196', '4:3;9',
] as const;

/** A cell drawn and what it should read as. */
export interface TruthCase {
  /** How it was drawn (the SGR), or where it came from. */
  label: string;
  row: number;
  col: number;
  text: string;
  /** The style the terminal (or an emulator) says the cell has. */
  told: Style | undefined;
}

export interface TruthResult extends TruthCase {
  read: Style | undefined;
  agrees: boolean;
}

/** Where case `i` stands: every third column, every other row. */
export function casePlace(i: number, cols: number): { row: number; col: number } {
  const perRow = Math.floor(cols / 3);
  return { row: 1 + 2 * Math.floor(i / perRow), col: 1 + 3 * (i % perRow) };
}

/** The bytes that draw the DECRQSS cases: per case, the SGR, then DECRQSS m, then the X. */
export function decrqssCaseBytes(sgrs: readonly string[], cols: number): string {
  let out = '\x1b[0m\x1b[H\x1b[2J';
  sgrs.forEach((sgr, i) => {
    const { row, col } = casePlace(i, cols);
    out += `\x1b[${row};${col}H\x1b[0${sgr ? `;${sgr}` : ''}m\x1bP$qm\x1b\\X\x1b[0m`;
  });
  return out;
}

/** The cases with what DECRQSS told of each (undefined: the terminal did not answer DECRQSS m). */
export function decrqssCases(sgrs: readonly string[], cols: number, events: readonly ReplyEvent[]): TruthCase[] | undefined {
  const replies = events.filter((e): e is Extract<ReplyEvent, { kind: 'decrqss' }> => e.kind === 'decrqss');
  if (replies.length !== sgrs.length || replies.some((r) => r.status !== 1 || !r.payload.endsWith('m'))) return undefined;
  return sgrs.map((sgr, i) => ({ label: `SGR ${sgr || '0'}`, ...casePlace(i, cols), text: 'X', told: styleOfSgr(replies[i]!.payload.slice(0, -1)) }));
}

/** The bytes that draw an emulator's cells again, each at its case's place with its own style. */
export function replayCaseBytes(cells: readonly Cell[], cols: number): string {
  let out = '\x1b[0m\x1b[H\x1b[2J';
  cells.forEach((cell, i) => {
    const { row, col } = casePlace(i, cols);
    out += `\x1b[${row};${col}H\x1b[${sgrOfStyle(cell.s)}m${cell.t}\x1b[0m`;
  });
  return out;
}

/** Whether a pixel read agrees with what was told: the same style, or one the terminal draws alike. */
export function agrees(model: PixelModel, text: string, told: Style | undefined, read: Style | undefined, untold: ScreenAnswer['untold'] = []): boolean {
  if (styleText(told) === styleText(read)) return true;
  const a = drawnKey(model, text, told, untold);
  return a !== undefined && a === drawnKey(model, text, read, untold);
}

/** Each case with its cell from a screen read of the region holding them all (which starts at 1;1). */
export function judgeCases(model: PixelModel, cases: readonly TruthCase[], screen: ScreenAnswer): TruthResult[] {
  return cases.map((c) => {
    const cell = screen.cells?.[c.row - screen.region.top]?.[c.col - screen.region.left];
    const read = cell?.s;
    // Judged on the text the terminal's text read gave the cell (xterm's DECRQCRA reads a concealed X as a blank).
    return { ...c, read, agrees: cell !== undefined && agrees(model, cell.t, c.told, read, [...(screen.untold ?? []), ...(cell.u ?? [])]) };
  });
}
