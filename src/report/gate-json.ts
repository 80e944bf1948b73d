/** `termprobe gate --format json`: the whole verdict for machines — every probe's finding, counts, stale entries. */
import type { GateFinding } from '../classify/gate-verdict.js';
import type { GateReport } from './gate-report.js';
import { gateHeadline } from './gate-report.js';

/** A ledger entry as the JSON names it: where it is, not its parsed internals. */
function finding(f: GateFinding, profileFile: string) {
  const { ledger, ...rest } = f;
  return { ...rest, ...(ledger ? { ledger: { file: profileFile, line: ledger.line, index: ledger.index, class: ledger.class, answers: ledger.answers, reason: ledger.reason, link: ledger.link } } : {}) };
}

export function renderGateJson(r: GateReport): string {
  const v = r.verdict;
  return JSON.stringify(
    {
      outcome: v.failed ? 'fail' : 'pass',
      summary: gateHeadline(r),
      strict: v.strict,
      profile: r.profile,
      terminal: r.terminal,
      committed: r.committed,
      corpus: r.corpus,
      ...(r.resultsFile ? { resultsFile: r.resultsFile } : {}),
      elapsedMs: Math.round(r.elapsedMs),
      counts: v.counts,
      failures: v.findings.filter((f) => f.kind === 'regression' || f.kind === 'unexpected-fix' || (v.strict && f.kind === 'new-failing')).map((f) => finding(f, r.profile.file)),
      stale: v.stale.map((e) => ({ file: r.profile.file, line: e.line, index: e.index, probe: e.probe, answers: e.answers })),
      notes: v.notes,
      findings: v.findings.map((f) => finding(f, r.profile.file)),
    },
    null,
    2,
  ) + '\n';
}
