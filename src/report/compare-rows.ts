/** What the compare reports share: which rows show, the header lines, the summary's columns. */
import type { Comparison, ComparisonRow } from '../classify/build-comparison.js';
import { describeConsensus } from '../classify/consensus.js';
import type { TargetSummary } from '../classify/score.js';

export interface CompareRenderOptions {
  onlyDifferences?: boolean;
  color?: boolean;
}

export function visibleRows(cmp: Comparison, opts: CompareRenderOptions): ComparisonRow[] {
  return opts.onlyDifferences ? cmp.rows.filter((r) => r.differs) : cmp.rows;
}

/** The consensus column shows only when at least two real terminals vote. */
export function showsConsensus(cmp: Comparison): boolean {
  return cmp.realCount >= 2;
}

export function consensusCell(row: ComparisonRow): string {
  return describeConsensus(row.consensus) || '—';
}

export function headerLines(cmp: Comparison): string[] {
  const ref = cmp.reference.view;
  const how = cmp.reference.source === 'run' ? 'run now' : ref.file;
  const lines = [`Reference: ${ref.label} (${how}). Registry: ${cmp.registryFile}.`];
  for (const n of cmp.notes) lines.push(`Note: ${n}.`);
  return lines;
}

export function footerLine(cmp: Comparison, shown: number): string {
  const differing = cmp.rows.filter((r) => r.differs).length;
  return `${differing} of ${cmp.rows.length} probes differ from the reference across ${cmp.columns.length} targets${shown !== cmp.rows.length ? ` (${shown} shown)` : ''}.`;
}

export const SUMMARY_HEAD = ['target', 'run', 'agree', 'bug', 'deliberate', 'reference', 'unexplained', 'no-reply', 'score'];

export function summaryCells(s: TargetSummary): string[] {
  return [
    s.isReference ? `${s.label} (reference)` : s.label,
    String(s.run),
    String(s.same),
    String(s.bug),
    String(s.deliberate),
    String(s.reference),
    String(s.unexplained),
    String(s.noReply),
    s.score === null ? '—' : s.score.toFixed(1),
  ];
}

export const SCORE_LINE = 'score = 100 × (agree + reference + deliberate/2) / probes compared with the reference';
