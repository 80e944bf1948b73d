/** What the compare reports share: which rows show, the header and footer lines, the summary's columns. */
import type { Comparison, ComparisonRow } from '../classify/build-comparison.js';
import { shortImplemented } from '../classify/consensus.js';
import type { TargetSummary } from '../classify/score.js';
import { SCORE_LINE } from '../classify/score.js';

export interface CompareRenderOptions {
  onlyDifferences?: boolean;
  color?: boolean;
  /** Fit the text tables to this many columns (undefined: no limit). */
  width?: number;
}

/** What to run next, after the summary. */
export const NEXT_LINE = 'Next: `termprobe explain <probe> <target>` tells one cell\'s whole story; `termprobe compare -d` shows only the probes that differ; `termprobe triage` lists the unexplained ones.';

export function visibleRows(cmp: Comparison, opts: CompareRenderOptions): ComparisonRow[] {
  return opts.onlyDifferences ? cmp.rows.filter((r) => r.differs) : cmp.rows;
}

/** The engines column shows when at least two engines are compared. */
export function showsConsensus(cmp: Comparison): boolean {
  return cmp.engineCount >= 2;
}

export function consensusCell(row: ComparisonRow): string {
  return shortImplemented(row.consensus);
}

export function headerLines(cmp: Comparison): string[] {
  const ref = cmp.reference.view;
  const how = cmp.reference.source === 'run' ? 'run now' : ref.file;
  const lines = [`Against: ${ref.label} (${how}). Registry: ${cmp.registryFile}.`];
  for (const n of cmp.notes) lines.push(`Note: ${n}.`);
  return lines;
}

function percent(n: number, of: number): string {
  return of === 0 ? '0 %' : `${((100 * n) / of).toFixed(1)} %`;
}

export function footerLines(cmp: Comparison, shown: number): string[] {
  const differing = cmp.rows.filter((r) => r.differs).length;
  const { cells, of } = cmp.unexplained;
  return [
    `${differing} of ${cmp.rows.length} probes differ from ${cmp.reference.view.label} across ${cmp.columns.length} targets (${cmp.engineCount} engines)${shown !== cmp.rows.length ? `; ${shown} shown` : ''}.`,
    `Unexplained: ${cells} of ${of} ✗ and ~ cells (${percent(cells, of)}): ~ answers no registry entry explains.`,
    ...screenReadLines(cmp),
  ];
}

/** The share of screen probes each real terminal answered with a read screen, and over all of them. */
export function screenReadLines(cmp: Comparison): string[] {
  const reads = cmp.screenReads.filter((s) => s.of > 0);
  if (reads.length === 0) return [];
  const read = reads.reduce((n, s) => n + s.read, 0);
  const of = reads.reduce((n, s) => n + s.of, 0);
  const each = reads.map((s) => `${s.label} ${s.read}/${s.of}${s.via.length > 0 ? ` (${s.via.join(', ')})` : ''}`).join('; ');
  return [`Screens read: ${read} of ${of} screen-probe answers of real terminals (${percent(read, of)}) come with the screen read, the rest from the cursor alone — ${each}.`];
}

export const SUMMARY_HEAD = ['target', 'engine', 'run', '✓', '✗', '~', '?', 'score', '=', 'v', 'B', 'D', 'R', 'U'];
export const SUMMARY_ALIGN = ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'] as const;

export function summaryCells(s: TargetSummary): string[] {
  const a = s.agreement;
  const agreement = s.isReference ? ['—', '—', '—', '—', '—', '—'] : [a.same, a.variant, a.bug, a.deliberate, a.reference, a.unexplained].map(String);
  return [
    s.isReference ? `${s.label} (against)` : s.label,
    s.engine,
    String(s.run),
    String(s.implements),
    String(s.lacks),
    String(s.other),
    String(s.inconclusive),
    s.score === null ? '—' : s.score.toFixed(1),
    ...agreement,
  ];
}

export { SCORE_LINE };
