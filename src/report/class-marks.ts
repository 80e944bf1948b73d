/**
 * How a cell shows: its support mark (✓ ✗ ~ ?) first, then, against the chosen
 * emulator, the agreement letter (= v B D R U -), then the answer. Both read
 * without colour; colour (by support mark) comes on top when it is on. One
 * legend explains them.
 */
import type { Agreement } from '../classify/agreement.js';
import type { ComparisonCell } from '../classify/build-comparison.js';
import { SUPPORT_SYMBOLS, type Support } from '../classify/support-mark.js';

export const AGREEMENT_LETTERS: Record<Agreement, string> = {
  same: '=',
  variant: 'v',
  bug: 'B',
  deliberate: 'D',
  reference: 'R',
  unexplained: 'U',
  inconclusive: '-',
};

export const AGREEMENT_WORDS: Record<Agreement, string> = {
  same: 'the same answer as the emulator',
  variant: 'a different answer with the same support as the emulator (both implement, or both lack, the behaviour)',
  bug: 'the terminal is wrong per the spec (its ✗ says so, or an entry with evidence)',
  deliberate: 'the terminal differs on purpose, documented at the measured version (a registry entry)',
  reference: 'the emulator is the one that is wrong here: the terminal implements the behaviour and it does not',
  unexplained: 'an answer neither expectation names and no registry entry explains (see `termprobe triage`)',
  inconclusive: 'one side cannot tell (no reply, screen not read, …): no verdict',
};

export const SUPPORT_WORDS: Record<Support, string> = {
  implements: 'implements the behaviour (the probe’s implements answer)',
  lacks: 'lacks it (the probe’s lacks answer)',
  other: 'another answer, which neither expectation names',
  inconclusive: 'inconclusive: the answer cannot tell (no reply, not run, screen not read, reply from termprobe’s pipe)',
};

const SUPPORT_COLOURS: Record<Support, string> = { implements: '32', lacks: '31', other: '33', inconclusive: '2' };

export const LEGEND = [
  'Marks: ✓ implements · ✗ lacks · ~ other answer · ? inconclusive (the probe’s own expectations decide; same answer, same mark).',
  'Against the emulator: = same · v same support, other answer · B bug · D deliberate · R the emulator is off here · U unexplained (`termprobe triage`) · - one side inconclusive.',
].join('\n');

export function paint(text: string, support: Support, color: boolean, unexplained = false): string {
  if (!color) return text;
  return `\x1b[${unexplained ? '1;' : ''}${SUPPORT_COLOURS[support]}m${text}\x1b[0m`;
}

/** "✓= 1;80", "✗B 1;81", "~U 2;1", "? no-reply"; the emulator's own column has no letter; "-" where the run has no result. */
export function cellText(cell: ComparisonCell, answer: string, isReference: boolean): string {
  if (cell.support.why === 'not-run') return '-';
  const mark = SUPPORT_SYMBOLS[cell.support.support];
  if (isReference || !cell.agreement) return `${mark}  ${answer}`;
  return `${mark}${AGREEMENT_LETTERS[cell.agreement.class]} ${answer}`;
}
