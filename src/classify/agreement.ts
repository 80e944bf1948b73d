/**
 * Agreement with a chosen emulator, the second view of a cell: where the
 * terminal's answer differs from the emulator's, whose fault is it? Wherever the
 * probe's expectations decide, the class follows from the two support marks:
 *
 *   the terminal ✓, the emulator not     reference   (the emulator is the one that is wrong)
 *   the terminal ✗                       bug         (wrong per the spec) — or deliberate, if
 *                                                    a registry entry documents the choice
 *   both ✓, or both ✗                    variant     (both meet, or both miss, the spec)
 *   the terminal ~                       the entry's class, else unexplained
 *   either side ?                        inconclusive
 *
 * The registry only separates bug from deliberate and explains "other" answers.
 */
import type { SignatureLevel } from './run-view.js';
import type { DivergenceEntry } from './load-divergences.js';
import type { SupportMark } from './support-mark.js';

export const AGREEMENTS = ['same', 'variant', 'bug', 'deliberate', 'reference', 'unexplained', 'inconclusive'] as const;
export type Agreement = (typeof AGREEMENTS)[number];

export interface AgreementVerdict {
  class: Agreement;
  /** How deep the two answers were compared: screen cells, screen text, or without the screen. */
  level: SignatureLevel;
}

/** One verdict object per level and class, shared by every cell that gets it (compare judges 31,000 cells; verdicts are read-only). */
const LEVELS: readonly SignatureLevel[] = ['cells', 'text', 'none'];
const VERDICTS = Object.fromEntries(LEVELS.map((level) => [level, Object.fromEntries(AGREEMENTS.map((cls) => [cls, Object.freeze({ class: cls, level })]))])) as Record<SignatureLevel, Record<Agreement, AgreementVerdict>>;
const verdict = (cls: Agreement, level: SignatureLevel): AgreementVerdict => VERDICTS[level][cls];

export function classifyAgreement(same: boolean, level: SignatureLevel, mine: SupportMark, theirs: SupportMark, entry: DivergenceEntry | undefined): AgreementVerdict {
  if (same) return verdict('same', level);
  if (mine.support === 'inconclusive' || theirs.support === 'inconclusive') return verdict('inconclusive', level);
  if (mine.support === 'implements') return verdict(theirs.support === 'implements' ? 'variant' : 'reference', level);
  if (mine.support === 'lacks') return verdict(theirs.support === 'lacks' ? 'variant' : (entry?.class ?? 'bug'), level);
  return verdict(entry?.class ?? 'unexplained', level);
}
