/**
 * A difference the gate fails a build for must hold when the probe is run
 * again. A terminal on a loaded CI machine now and then answers one probe
 * otherwise (a blink caught in the other phase, a key whose marker came late):
 * a gate that failed on that would fail builds at random, and its users would
 * learn to rerun it until it passes. So every probe that would fail the gate is
 * run once more, in a fresh instance; where the second answer is the committed
 * one, the probe counts as its second answer says, and the gate's notes name it
 * with both answers (unstable: worth a look, not a regression). Where the
 * second run fails it too, the first finding stands.
 */
import { isFailure, type GateFinding, type GateKind, type GateVerdict, GATE_KINDS } from './gate-verdict.js';

/** The ids of the findings that fail the gate: the probes to run again. */
export function findingsToConfirm(verdict: GateVerdict): string[] {
  return verdict.findings.filter((f) => isFailure(f.kind, verdict.strict)).map((f) => f.id);
}

/**
 * The first verdict with each failing finding checked against the second run's (`again`, over those probes only):
 * a finding the second run does not fail is replaced by the second run's, and noted.
 */
export function confirmFindings(first: GateVerdict, again: GateVerdict): GateVerdict {
  const secondOf = new Map(again.findings.map((f) => [f.id, f]));
  const unstable: string[] = [];
  const findings: GateFinding[] = first.findings.map((f) => {
    if (!isFailure(f.kind, first.strict)) return f;
    const second = secondOf.get(f.id);
    if (!second || isFailure(second.kind, first.strict)) return f;
    unstable.push(`${f.id} (${f.now?.answer ?? 'no answer'}, then ${second.now?.answer ?? 'no answer'})`);
    return second;
  });
  const counts = Object.fromEntries(GATE_KINDS.map((k) => [k, 0])) as Record<GateKind, number>;
  for (const f of findings) counts[f.kind]++;
  const stillFailing = new Set(findings.filter((f) => isFailure(f.kind, first.strict)).map((f) => f.id));
  const notes = [...first.notes];
  const confirmed = findingsToConfirm(first).length - unstable.length;
  if (unstable.length > 0) {
    notes.push(`${unstable.length} probe(s) answered otherwise than committed, then as committed when run again in a fresh instance (unstable, not counted): ${unstable.join('; ')}`);
  }
  if (confirmed > 0) notes.push(`${confirmed} difference(s) held when run again in a fresh instance`);
  return {
    ...first,
    findings,
    counts,
    stale: first.stale.filter((e) => stillFailing.has(e.probe)),
    failed: counts.regression > 0 || counts['unexpected-fix'] > 0 || (first.strict && counts['new-failing'] > 0),
    notes,
  };
}
