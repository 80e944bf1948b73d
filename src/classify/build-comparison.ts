/**
 * The comparison every report renders: probes × targets, each cell classified
 * against the reference, a consensus per probe, and a summary per target.
 * Built once; renderers only format it.
 */
import { makeSigner, type Signer } from './answer-signer.js';
import { classifyCell, type Verdict } from './classify-cell.js';
import type { Reference } from './choose-reference.js';
import { consensusFor, type Consensus } from './consensus.js';
import type { DivergenceRegistry } from './load-divergences.js';
import { labelRuns, type RunView } from './run-view.js';
import { summarizeTarget, type TargetSummary } from './score.js';
import type { SpecCheck } from './spec-check.js';

export interface ComparisonRow {
  id: string;
  category: string;
  /** One verdict per column, in column order. */
  cells: Verdict[];
  /** Some target's answer differs from the reference's. */
  differs: boolean;
  consensus: Consensus;
}

export interface Comparison {
  reference: Reference;
  /** Columns: the reference first, then the other runs in the order given. */
  columns: RunView[];
  rows: ComparisonRow[];
  summaries: TargetSummary[];
  /** Real terminals among the columns (those that vote in the consensus). */
  realCount: number;
  registryFile: string;
  notes: string[];
  /** How answers are compared, per probe (cells, or text when some run has no cells). */
  signer: Signer;
}

/** A probe's category is its id up to the first dot (the corpus enforces it). */
export function categoryOf(id: string): string {
  const dot = id.indexOf('.');
  return dot < 0 ? id : id.slice(0, dot);
}

/** Every probe id across the runs, in first-seen order (corpus order within a run). */
export function probeIdsOf(views: RunView[]): string[] {
  const seen = new Set<string>();
  for (const v of views) for (const p of v.run.probes) seen.add(p.id);
  return [...seen];
}

export interface ComparisonOptions {
  /** Only probes of these categories (already validated). */
  categories?: string[];
  /** Whether an answer is the one the probe specifies (see spec-check.ts); without it, no such check. */
  meetsSpec?: SpecCheck;
}

export function buildComparison(views: RunView[], reference: Reference, registry: DivergenceRegistry, opts: ComparisonOptions = {}): Comparison {
  const ref = reference.view;
  const columns = [ref, ...views.filter((v) => v !== ref)];
  labelRuns(columns);
  const cats = opts.categories?.length ? new Set(opts.categories) : undefined;
  const signer = makeSigner(columns);
  const ids = probeIdsOf(columns).filter((id) => !cats || cats.has(categoryOf(id)));
  const rows: ComparisonRow[] = ids.map((id) => {
    const cells = columns.map((v) => classifyCell(id, v, ref, registry, signer, opts.meetsSpec));
    const differs = cells.some((c) => c.class !== 'same' && c.class !== 'not-run' && c.class !== 'no-reference');
    return { id, category: categoryOf(id), cells, differs, consensus: consensusFor(id, columns, signer) };
  });
  const summaries = columns.map((v, col) => summarizeTarget(v, v === ref, ids, rows.map((r) => r.cells[col]!)));
  const notes = [...reference.notes];
  const hashes = new Set(columns.map((v) => v.run.corpus.hash));
  if (hashes.size > 1) notes.push(`the runs come from ${hashes.size} corpus versions: probes are matched by id`);
  const byLevel = { text: 0, none: 0 };
  for (const id of ids) {
    const l = signer.level(id);
    if (l !== 'cells') byLevel[l]++;
  }
  if (byLevel.text > 0) notes.push(`${byLevel.text} probe${byLevel.text === 1 ? ' is' : 's are'} compared by screen text, as some runs could not read cells`);
  if (byLevel.none > 0) notes.push(`${byLevel.none} probe${byLevel.none === 1 ? ' is' : 's are'} compared without the screen, as some runs could not read it`);
  const sizes = new Set(columns.map((v) => `${v.run.settings.cols}x${v.run.settings.rows}`));
  if (sizes.size > 1) notes.push(`the runs have different sizes (${[...sizes].join(', ')}): size-dependent answers differ for that reason`);
  return { reference, columns, rows, summaries, realCount: columns.filter((v) => v.real).length, registryFile: registry.file, notes, signer };
}
