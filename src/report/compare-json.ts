/** `termprobe compare --format json`: the comparison for machines, every cell with its class and entry. */
import type { Comparison } from '../classify/build-comparison.js';
import { SCORE_LINE, visibleRows, type CompareRenderOptions } from './compare-rows.js';

export function compareToJson(cmp: Comparison, opts: CompareRenderOptions = {}): unknown {
  const ref = cmp.reference.view;
  return {
    reference: { label: ref.label, target: ref.targetId, file: cmp.reference.source === 'run' ? null : ref.file, source: cmp.reference.source },
    registry: cmp.registryFile,
    notes: cmp.notes,
    targets: cmp.columns.map((v) => ({ label: v.label, target: v.targetId, name: v.name, version: v.version, file: v.file, real: v.real })),
    probes: visibleRows(cmp, opts).map((row) => ({
      id: row.id,
      category: row.category,
      differs: row.differs,
      consensus: row.consensus.total === 0 ? null : { total: row.consensus.total, groups: row.consensus.groups.map((g) => ({ answer: g.summary, count: g.labels.length, targets: g.labels })) },
      cells: Object.fromEntries(
        row.cells.map((c, i) => {
          const v = cmp.columns[i]!;
          const e = c.entry;
          return [v.label, { answer: c.class === 'not-run' ? null : cmp.signer.summary(v, row.id), class: c.class, ...(e ? { entry: { file: e.file, line: e.line ?? null, probe: e.probe, target: e.target, versions: e.versions, class: e.class, reason: e.reason, evidence: e.evidence } } : {}) }];
        }),
      ),
    })),
    summary: cmp.summaries,
    score: SCORE_LINE,
  };
}

export function renderCompareJson(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  return JSON.stringify(compareToJson(cmp, opts), null, 2) + '\n';
}
