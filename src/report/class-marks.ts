/**
 * How a cell's class shows: a letter that reads without colour, and a colour
 * on top when colour is on. One legend line explains the letters.
 */
import type { CellClass } from '../classify/classify-cell.js';

export const CLASS_LETTERS: Record<CellClass, string> = {
  same: '=',
  bug: 'B',
  deliberate: 'D',
  reference: 'R',
  unexplained: 'U',
  'not-run': '-',
  'no-reference': '?',
};

const CLASS_COLOURS: Record<CellClass, string> = {
  same: '32',
  bug: '31',
  deliberate: '33',
  reference: '35',
  unexplained: '1;36',
  'not-run': '2',
  'no-reference': '2',
};

export const LEGEND =
  'Legend: = same answer as the reference · B bug · D deliberate · R the reference is off here (see its entry) · U unexplained (see `termprobe triage`) · - not run · ? the reference has no answer';

export function paint(text: string, cls: CellClass, color: boolean): string {
  return color ? `\x1b[${CLASS_COLOURS[cls]}m${text}\x1b[0m` : text;
}

/** "B 2;1", "= 1;80", "-"; the reference's own column shows the bare answer. */
export function cellText(cls: CellClass, answer: string, isReference: boolean): string {
  if (cls === 'not-run') return CLASS_LETTERS['not-run'];
  return isReference ? answer : `${CLASS_LETTERS[cls]} ${answer}`;
}
