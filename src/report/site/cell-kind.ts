/**
 * How a classified cell shows on the site: its kind, a mark that reads without
 * colour (the same letters as the CLI and Markdown tables), a word, and a colour
 * from the Okabe–Ito palette, chosen so the kinds stay apart under protanopia and
 * deuteranopia (palette.test.ts checks it). The class comes from src/classify;
 * this file only decides how it looks.
 *
 * The kind is the cell's class, except that an answer with no reply shows as
 * "no-reply" unless a registry entry explains it (bug / deliberate / reference).
 */
import type { Verdict } from '../../classify/classify-cell.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { CLASS_LETTERS } from '../class-marks.js';

export const CELL_KINDS = ['agrees', 'bug', 'deliberate', 'reference', 'unexplained', 'no-reply', 'not-run', 'no-reference'] as const;
export type CellKind = (typeof CELL_KINDS)[number];

export interface KindStyle {
  mark: string;
  word: string;
  /** What the kind means, for the legend. */
  meaning: string;
  background: string;
  ink: string;
}

export const KIND_STYLES: Record<CellKind, KindStyle> = {
  agrees: { mark: CLASS_LETTERS.same, word: 'agrees', meaning: 'same answer as the reference', background: '#e4f2ec', ink: '#1d3b30' },
  bug: { mark: CLASS_LETTERS.bug, word: 'bug', meaning: 'the terminal is wrong (registry entry)', background: '#d55e00', ink: '#000000' },
  deliberate: { mark: CLASS_LETTERS.deliberate, word: 'deliberate', meaning: 'a documented choice (registry entry)', background: '#56b4e9', ink: '#000000' },
  reference: { mark: CLASS_LETTERS.reference, word: 'reference', meaning: 'the reference is wrong here (registry entry)', background: '#cc79a7', ink: '#000000' },
  unexplained: { mark: CLASS_LETTERS.unexplained, word: 'unexplained', meaning: 'differs, no registry entry yet (needs triage)', background: '#f0e442', ink: '#000000' },
  'no-reply': { mark: '∅', word: 'no reply', meaning: 'the terminal did not answer', background: '#4d4d4d', ink: '#ffffff' },
  'not-run': { mark: CLASS_LETTERS['not-run'], word: 'not run', meaning: 'no result for this probe', background: '#ffffff', ink: '#595959' },
  'no-reference': { mark: CLASS_LETTERS['no-reference'], word: 'no reference', meaning: 'the reference has no answer to compare with', background: '#ffffff', ink: '#595959' },
};

const EXPLAINED = new Set(['bug', 'deliberate', 'reference']);

export function cellKind(verdict: Verdict, result: ProbeResult | undefined): CellKind {
  if (EXPLAINED.has(verdict.class)) return verdict.class as CellKind;
  if (result?.status === 'no-reply') return 'no-reply';
  return verdict.class === 'same' ? 'agrees' : (verdict.class as CellKind);
}
