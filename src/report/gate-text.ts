/**
 * `termprobe gate` as text: who was held to what, then each failure with the
 * probe, its spec citation, both answers, the printf repro and (where the
 * registry knows it) the layer responsible; new probes that fail apart; the
 * outcome as the first and the last line.
 */
import type { GateAnswer, GateFinding } from '../classify/gate-verdict.js';
import { actionFor, failures, gateHeadline, KIND_TITLES, type GateReport } from './gate-report.js';
import { plural } from '../util/plural.js';

const answerLine = (a: GateAnswer | undefined) => (a ? `${a.mark} ${a.answer}` : '(none)');

export function findingLines(f: GateFinding, profileFile: string): string[] {
  const out = [
    `${KIND_TITLES[f.kind].toUpperCase()}  ${f.id} — ${f.title}`,
    `  spec:       ${f.spec}`,
    `  expected:   ${f.expected}`,
  ];
  if (f.committed || f.kind !== 'new-failing') out.push(`  committed:  ${answerLine(f.committed)}`);
  out.push(`  now:        ${answerLine(f.now)}`);
  if (f.now?.raw.length) out.push(`  raw now:    ${f.now.raw.join('  ')}`);
  if (f.ledger) out.push(`  ledger:     ${profileFile}:${f.ledger.line ?? '?'}: ${f.ledger.class}: ${f.ledger.reason} (${f.ledger.link})`);
  out.push(`  repro:      ${f.repro}`);
  if (f.layer) out.push(`  layer:      ${f.layer}`);
  out.push(`  what to do: ${actionFor(f)}`);
  return out;
}

export function renderGateText(r: GateReport): string {
  const v = r.verdict;
  const out = [
    gateHeadline(r),
    `profile:  ${r.profile.file} (target ${r.profile.target}; corpus ${r.profile.corpus})`,
    `answered: ${r.terminal.label} (engine ${r.terminal.engine}) in ${(r.elapsedMs / 1000).toFixed(1)} s`,
    `held to:  ${r.profile.answers} — ${r.committed.label}, corpus ${r.committed.corpus.slice(0, 19)}…${r.committed.corpus === r.corpus.hash ? ' (the corpus at hand)' : `; the corpus at hand is ${r.corpus.hash.slice(0, 19)}…`}`,
    ...(r.resultsFile ? [`results:  ${r.resultsFile}`] : []),
    ...v.notes.map((n) => `note: ${n}`),
  ];
  const failing = failures(r);
  for (const f of failing) out.push('', ...findingLines(f, r.profile.file));
  const apart = v.findings.filter((f) => f.kind === 'new-failing' && !v.strict);
  if (apart.length > 0) {
    out.push('', `New probes that fail (${apart.length}; reported apart: they fail the gate only with --strict):`);
    for (const f of apart) out.push(`  ${f.id}: now ${answerLine(f.now)}; expected ${f.expected}; ${f.newBecause}`);
  }
  if (v.stale.length > 0) {
    out.push('', `Stale ledger entries (${v.stale.length}): the answer they accept is no longer given`);
    for (const e of v.stale) out.push(`  ${r.profile.file}:${e.line ?? '?'}: ledger entry ${e.index} (${e.probe}) accepts ${e.answers.map((a) => JSON.stringify(a)).join(' or ')}`);
  }
  out.push('', failing.length > 0 ? `${gateHeadline(r)} Failing: ${failing.map((f) => f.id).join(', ')}.` : gateHeadline(r));
  if (failing.length === 0 && v.counts.known > 0) out.push(`${plural(v.counts.known, 'known difference')} held by the ledger (${r.profile.file}).`);
  return out.join('\n') + '\n';
}
