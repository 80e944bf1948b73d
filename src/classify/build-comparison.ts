/**
 * The comparison every report renders: probes × targets. Each cell has its
 * support mark first (does the terminal implement the behaviour, from the probe's
 * own expectations), the registry entry that explains its answer where one does,
 * and then its agreement with the chosen emulator. Built once; renderers only
 * format it.
 */
import { classifyAgreement, type AgreementVerdict } from './agreement.js';
import { makeSigner, pairLevelIn } from './answer-signer.js';
import type { Reference } from './choose-reference.js';
import { consensusOf, type Consensus } from './consensus.js';
import type { DivergenceEntry, DivergenceRegistry } from './load-divergences.js';
import { makeMarker, type Marker } from './marks.js';
import type { ProbeLookup } from './probe-lookup.js';
import { applyConventions, describeConvention, type ReplyConvention } from './reply-convention.js';
import { labelRuns, type ProbeSlot, type RunView } from './run-view.js';
import { summarizeTarget, type TargetSummary } from './score.js';
import type { Support, SupportMark } from './support-mark.js';

export interface ComparisonCell {
  support: SupportMark;
  /** The reply convention this answer was corrected under before it was judged (its table form shows raw→judged). */
  corrected?: ReplyConvention;
  /** The registry entry explaining this answer: a ✗ or ~ answer it names. */
  entry?: DivergenceEntry;
  /** Against the chosen emulator; absent in the emulator's own column and where the run has no result. */
  agreement?: AgreementVerdict;
}

export interface ComparisonRow {
  id: string;
  category: string;
  /** One cell per column, in column order. */
  cells: ComparisonCell[];
  /** Some target's answer differs from the emulator's. */
  differs: boolean;
  consensus: Consensus;
  /** Each column's slot for this probe (run-view.ts; undefined: no result), so a renderer asks a cell's answer without a lookup by id: cellAnswer. */
  slots: readonly (ProbeSlot | undefined)[];
}

export interface Comparison {
  /** The emulator every answer is set against (the "reference" in older wording). */
  reference: Reference;
  /** Columns: the emulator first, then the other runs in the order given. */
  columns: RunView[];
  rows: ComparisonRow[];
  summaries: TargetSummary[];
  /** Engines among the columns (the six VTE front ends count once). */
  engineCount: number;
  registryFile: string;
  notes: string[];
  /** ~ cells no registry entry explains, out of all ✗ and ~ cells. */
  unexplained: { cells: number; of: number };
  /** Per real terminal: of the screen probes it ran, how many were answered with a read screen (not the cursor alone). */
  screenReads: ScreenReads[];
  marker: Marker;
}

export interface ScreenReads {
  label: string;
  read: number;
  of: number;
  /** How the screens were read (the results' screen.via), most used first. */
  via: string[];
}

/** The share of screen probes each real terminal answered with its screen read (the rest are decided by the cursor alone). */
export function screenReadsOf(columns: readonly RunView[], ids: readonly string[], lookup: ProbeLookup): ScreenReads[] {
  const screenIds = ids.filter((id) => lookup(id)?.screen !== undefined);
  return columns
    .filter((v) => v.real)
    .map((v) => {
      let read = 0;
      let of = 0;
      const via = new Map<string, number>();
      for (const id of screenIds) {
        const r = v.result(id);
        if (!r || r.status === 'skipped') continue;
        of++;
        if (r.screen) {
          read++;
          via.set(r.screen.via, (via.get(r.screen.via) ?? 0) + 1);
        }
      }
      return { label: v.label, read, of, via: [...via].sort((a, b) => b[1] - a[1]).map(([k]) => k) };
    });
}

/** The short answer of one cell (column `col` of the row), as tables show it. */
export function cellAnswer(columns: readonly RunView[], row: Pick<ComparisonRow, 'id' | 'slots'>, col: number): string {
  const slot = row.slots[col];
  return slot ? columns[col]!.summaryIn(slot) : columns[col]!.summary(row.id);
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
  /** Notes of the caller's own (e.g. versions left out), printed with the comparison's. */
  notes?: string[];
}

/** The support mark and explaining entry of one run's answer (no emulator needed; the run's reply convention applied already: see applyConventions). */
export function judgeCell(id: string, view: RunView, marker: Marker, registry: DivergenceRegistry): Pick<ComparisonCell, 'support' | 'entry' | 'corrected'> {
  const slot = view.slot(id);
  return slot ? judgeSlot(id, view, slot, marker, registry) : { support: marker.mark(view, id) };
}

/** judgeCell for the probe's slot in the view (run-view.ts): no lookups by id. */
function judgeSlot(id: string, view: RunView, slot: ProbeSlot, marker: Marker, registry: DivergenceRegistry): Pick<ComparisonCell, 'support' | 'entry' | 'corrected'> {
  const support = marker.markIn(view, id, slot);
  // Built field by field, not by spreads: one object per cell, and 31,000 cells.
  const cell: Pick<ComparisonCell, 'support' | 'entry' | 'corrected'> = { support };
  // A ✗ or ~ answer, or one whose screen shows other than its replies say (a finding): an entry may explain it.
  const entry = support.support === 'lacks' || support.support === 'other' || support.conflict ? registry.find(id, view.answerer, view.summaryIn(slot)) : undefined;
  if (entry) cell.entry = entry;
  if (view.convention && view.judgedIn(slot) !== slot.r) cell.corrected = view.convention;
  return cell;
}

/** One note per run judged under a reply convention: what it corrects, how the tables show it, and where it is stated. */
function conventionNotes(columns: readonly RunView[]): string[] {
  return columns.flatMap((v) => (v.convention ? [`${describeConvention(v.convention, v.label)}; tables show its raw report, then the answer judged (e.g. 1;4→2;5) (${v.convention.file}${v.convention.line ? `:${v.convention.line}` : ''})`] : []));
}

export function buildComparison(views: RunView[], reference: Reference, registry: DivergenceRegistry, lookup: ProbeLookup, opts: ComparisonOptions = {}): Comparison {
  const ref = reference.view;
  const columns = [ref, ...views.filter((v) => v !== ref)];
  labelRuns(columns);
  applyConventions(columns, registry);
  const marker = makeMarker(lookup);
  const cats = opts.categories?.length ? new Set(opts.categories) : undefined;
  const ids = probeIdsOf(columns).filter((id) => !cats || cats.has(categoryOf(id)));
  // One signer for every probe: it keeps each probe's comparison level once found.
  const signer = makeSigner(columns);
  const rows: ComparisonRow[] = ids.map((id) => {
    // Each column's slot for this probe, looked up once: every question below is asked of it (run-view.ts).
    const slots: (ProbeSlot | undefined)[] = new Array(columns.length);
    for (let i = 0; i < columns.length; i++) slots[i] = columns[i]!.slot(id);
    const refSlot = slots[0];
    const refMark = refSlot ? marker.markIn(ref, id, refSlot) : marker.mark(ref, id);
    // One pass over the columns (31,000 cells for the published runs): the cells, their marks and whether any differs.
    const cells: ComparisonCell[] = new Array(columns.length);
    const marks: Support[] = new Array(columns.length);
    let differs = false;
    for (let i = 0; i < columns.length; i++) {
      const v = columns[i]!;
      const slot = slots[i];
      const cell: ComparisonCell = slot ? judgeSlot(id, v, slot, marker, registry) : { support: marker.mark(v, id) };
      // The emulator is the first column.
      if (i > 0 && refSlot && slot) {
        const level = pairLevelIn(slot, refSlot);
        cell.agreement = classifyAgreement(v.signatureIn(slot, level) === ref.signatureIn(refSlot, level), level, cell.support, refMark, cell.entry);
        if (cell.agreement.class !== 'same') differs = true;
      }
      cells[i] = cell;
      marks[i] = cell.support.support;
    }
    const consensus = consensusOf(id, columns, marks, signer, slots);
    return { id, category: categoryOf(id), cells, differs, consensus, slots };
  });
  const summaries = columns.map((v, col) => summarizeTarget(v, v === ref, rows.map((r) => r.cells[col]!)));
  let cells = 0;
  let of = 0;
  for (const s of summaries) {
    cells += s.unexplained;
    of += s.lacks + s.other;
  }
  const notes = [...reference.notes, ...(opts.notes ?? []), ...conventionNotes(columns)];
  const hashes = new Set(columns.map((v) => v.run.corpus.hash));
  if (hashes.size > 1) notes.push(`the runs come from ${hashes.size} corpus versions: probes are matched by id and judged by the corpus at hand`);
  const sizes = new Set(columns.map((v) => `${v.run.settings.cols}x${v.run.settings.rows}`));
  if (sizes.size > 1) notes.push(`the runs have different sizes (${[...sizes].join(', ')}): size-dependent answers differ for that reason`);
  const engineCount = new Set(columns.map((v) => v.engine.name)).size;
  return { reference, columns, rows, summaries, engineCount, registryFile: registry.file, notes, unexplained: { cells, of }, screenReads: screenReadsOf(columns, ids, lookup), marker };
}
