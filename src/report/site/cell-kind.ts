/**
 * How a cell shows on the site: its support mark (the same symbols as the CLI
 * and Markdown tables), a word, and a colour from the Okabe–Ito palette, chosen
 * so the kinds stay apart under protanopia and deuteranopia (palette.test.ts
 * checks it). The mark comes from src/classify; this file only decides how it
 * looks. An "other" answer no registry entry explains shows as its own kind.
 */
import type { ComparisonCell } from '../../classify/build-comparison.js';

export const CELL_KINDS = ['implements', 'lacks', 'other', 'unexplained', 'inconclusive', 'not-run'] as const;
export type CellKind = (typeof CELL_KINDS)[number];

export interface KindStyle {
  mark: string;
  word: string;
  /** What the kind means, for the legend. */
  meaning: string;
  background: string;
  ink: string;
  /** In dark mode, where it differs: the light kinds would make the table a bright block. */
  dark?: { background: string; ink: string };
}

export const KIND_STYLES: Record<CellKind, KindStyle> = {
  implements: { mark: '✓', word: 'implements', meaning: 'the answer is the one the probe names for a terminal that implements the behaviour', background: '#e4f2ec', ink: '#1d3b30', dark: { background: '#1d3b30', ink: '#d9efe4' } },
  lacks: { mark: '✗', word: 'lacks', meaning: 'the answer is the one the probe names for a terminal that lacks it', background: '#d55e00', ink: '#000000' },
  other: { mark: '~', word: 'other, explained', meaning: 'an answer neither expectation names; a registry entry explains it', background: '#56b4e9', ink: '#000000' },
  unexplained: { mark: '~U', word: 'other, unexplained', meaning: 'an answer neither expectation names, and no registry entry yet (needs triage)', background: '#f0e442', ink: '#000000' },
  inconclusive: { mark: '?', word: 'inconclusive', meaning: 'the answer cannot tell: no reply, screen not read, a reply from termprobe’s pipe, or an answer the probe says observes nothing', background: '#4d4d4d', ink: '#ffffff', dark: { background: '#3a3f45', ink: '#e4e6e8' } },
  'not-run': { mark: '-', word: 'not run', meaning: 'no result for this probe', background: '#ffffff', ink: '#595959', dark: { background: '#15191d', ink: '#a9b0b7' } },
};

/** Short class names for the kinds, where thousands of cells carry one (a feature page's facet marks): generated.css styles both. */
export const SHORT_KIND: Record<CellKind, string> = { implements: 'ki', lacks: 'kl', other: 'ko', unexplained: 'ku', inconclusive: 'kq', 'not-run': 'kn' };

export function cellKind(cell: ComparisonCell): CellKind {
  const s = cell.support;
  if (s.why === 'not-run') return 'not-run';
  if (s.support === 'other') return cell.entry ? 'other' : 'unexplained';
  return s.support;
}
