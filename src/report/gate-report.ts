/**
 * What every gate report (text, Markdown, JSON, JUnit, SARIF) is made from: the
 * verdict and what was compared — the profile, the terminal that answered, the
 * committed answers and the corpus — plus the one-line outcome they all share.
 */
import type { GateFinding, GateKind, GateVerdict } from '../classify/gate-verdict.js';
import { isFailure } from '../classify/gate-verdict.js';
import { plural } from '../util/plural.js';

export interface GateReport {
  verdict: GateVerdict;
  profile: { file: string; target: string; corpus: string; answers: string };
  /** The terminal that answered now: "xterm 379", its engine, and the target as run. */
  terminal: { label: string; engine: string; target: string };
  /** The run the answers file holds: "xterm 379, corpus sha256:…". */
  committed: { label: string; corpus: string };
  corpus: { hash: string; probes: number };
  /** The fresh run's results file, where it was written (absent when none was). */
  resultsFile?: string;
  elapsedMs: number;
}

export const KIND_TITLES: Record<GateKind, string> = {
  regression: 'regression',
  'unexpected-fix': 'unexpected fix',
  'new-failing': 'new probe failing',
  new: 'new probe',
  known: 'known difference (ledger)',
  'as-committed': 'as committed',
  skipped: 'skipped',
};

export const failures = (r: GateReport): GateFinding[] => r.verdict.findings.filter((f) => isFailure(f.kind, r.verdict.strict));

/** What a failing finding asks the author to do. */
export function actionFor(f: GateFinding): string {
  if (f.kind === 'unexpected-fix') {
    return f.ledger
      ? `the probe now answers as the spec says: remove ledger entry ${f.ledger.index} and commit the new answers`
      : 'the probe now answers as the spec says: commit the new answers';
  }
  if (f.kind === 'new-failing') return `new in the corpus at hand (${f.newBecause}): fix it, or commit the new answers and add a ledger entry`;
  return f.ledger ? `the answer moved away from the one ledger entry ${f.ledger.index} accepts` : 'the answer moved away from the committed one';
}

export function gateHeadline(r: GateReport): string {
  const c = r.verdict.counts;
  const parts = [
    plural(c.regression, 'regression'),
    plural(c['unexpected-fix'], 'unexpected fix', 'unexpected fixes'),
    `${c['new-failing']} new failing${r.verdict.strict ? '' : ' (fail only with --strict)'}`,
  ];
  const run = r.verdict.findings.length - c.skipped;
  const held = `${plural(run, 'probe')} run: ${c['as-committed']} as committed, ${c.known} known differences held by the ledger, ${c.new + c['new-failing']} new`;
  return `${r.verdict.failed ? 'FAIL' : 'PASS'}: ${parts.join(', ')} — ${held}${c.skipped ? `, ${c.skipped} skipped` : ''}.`;
}
