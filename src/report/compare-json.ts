/** `termprobe compare --format json`: the comparison for machines, every cell with its mark, agreement and entry. */
import { cellAnswer, type Comparison, type ComparisonRow } from '../classify/build-comparison.js';
import { describeImplemented } from '../classify/consensus.js';
import type { DivergenceEntry } from '../classify/load-divergences.js';
import type { ReplyConvention } from '../classify/reply-convention.js';
import { SCORE_LINE, visibleRows, type CompareRenderOptions } from './compare-rows.js';

function entryJson(e: DivergenceEntry) {
  return { file: e.file, line: e.line ?? null, probe: e.probe, target: e.target, versions: e.versions, answer: e.answers, class: e.class, reason: e.reason, evidence: e.evidence };
}

function conventionJson(c: ReplyConvention) {
  return { file: c.file, line: c.line ?? null, target: c.target, versions: c.versions, cursor: c.cursor, measured: c.measured, reason: c.reason, evidence: c.evidence };
}

/**
 * The cells of one row by target label, each built field by field in the order the format gives them (answer,
 * support, inconclusive, agreement, compared, entry, corrected): 31,000 of them for the published runs, where
 * spreads of small objects cost more than the rest of the row. An entry's JSON is made once and shared.
 */
function cellsJson(cmp: Comparison, row: ComparisonRow, entries: Map<DivergenceEntry, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < row.cells.length; i++) {
    const c = row.cells[i]!;
    const cell: Record<string, unknown> = { answer: c.support.why !== 'not-run' ? cellAnswer(cmp.columns, row, i) : null, support: c.support.support };
    if (c.support.why) cell['inconclusive'] = { why: c.support.why, detail: c.support.detail ?? null };
    if (c.agreement) {
      cell['agreement'] = c.agreement.class;
      cell['compared'] = c.agreement.level;
    }
    if (c.entry) {
      let e = entries.get(c.entry);
      if (e === undefined) entries.set(c.entry, (e = entryJson(c.entry)));
      cell['entry'] = e;
    }
    // The answer was judged after its target's reply convention corrected it (targets[].convention says how).
    if (c.corrected) cell['corrected'] = true;
    out[cmp.columns[i]!.label] = cell;
  }
  return out;
}

export function compareToJson(cmp: Comparison, opts: CompareRenderOptions = {}): unknown {
  const ref = cmp.reference.view;
  const entries = new Map<DivergenceEntry, unknown>();
  return {
    against: { label: ref.label, target: ref.targetId, file: cmp.reference.source === 'run' ? null : ref.file, source: cmp.reference.source },
    registry: cmp.registryFile,
    notes: cmp.notes,
    targets: cmp.columns.map((v) => ({ label: v.label, target: v.targetId, name: v.name, version: v.version, platform: v.platform ?? null, engine: v.engine, file: v.file, real: v.real, convention: v.convention ? conventionJson(v.convention) : null })),
    probes: visibleRows(cmp, opts).map((row) => ({
      id: row.id,
      category: row.category,
      differs: row.differs,
      implemented: { engines: row.consensus.implementing, of: row.consensus.engines.length, text: describeImplemented(row.consensus) || null },
      engines: row.consensus.engines.map((e) => ({ engine: e.engine, support: e.support, targets: e.labels })),
      answers: row.consensus.groups.map((g) => ({ answer: g.summary, targets: g.labels, engines: g.engines })),
      cells: cellsJson(cmp, row, entries),
    })),
    summary: cmp.summaries,
    unexplained: { ...cmp.unexplained, percent: cmp.unexplained.of === 0 ? 0 : Math.round((1000 * cmp.unexplained.cells) / cmp.unexplained.of) / 10 },
    screenReads: cmp.screenReads,
    score: SCORE_LINE,
  };
}

export function renderCompareJson(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  return JSON.stringify(compareToJson(cmp, opts), null, 2) + '\n';
}
