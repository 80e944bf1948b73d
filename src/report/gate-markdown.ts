/**
 * `termprobe gate` as Markdown: the summary a CI job shows (written to
 * $GITHUB_STEP_SUMMARY when it is set). The outcome, a table of the failures
 * with both answers, each failure's repro and layer folded under it, new
 * failing probes apart, and the ledger's known differences counted.
 */
import type { GateFinding } from '../classify/gate-verdict.js';
import { actionFor, failures, gateHeadline, KIND_TITLES, type GateReport } from './gate-report.js';
import { mdCode, mdTable } from './markdown.js';

const shown = (a: GateFinding['now']) => (a ? `${a.mark} ${mdCode(a.answer)}` : '—');

function details(f: GateFinding, profileFile: string): string {
  const lines = [
    `<details><summary><b>${KIND_TITLES[f.kind]}</b>: <code>${f.id}</code> — ${escapeHtml(f.title)}</summary>`,
    '',
    `- spec: ${escapeHtml(f.spec)}; expected ${mdCode(f.expected)}`,
    ...(f.now?.raw.length ? [`- raw now: ${mdCode(f.now.raw.join('  '))}`] : []),
    ...(f.ledger ? [`- ledger: ${profileFile}:${f.ledger.line ?? '?'} (${f.ledger.class}): ${escapeHtml(f.ledger.reason)} ${escapeHtml(f.ledger.link)}`] : []),
    ...(f.layer ? [`- layer: ${escapeHtml(f.layer)}`] : []),
    `- what to do: ${actionFor(f)}`,
    '',
    '```sh',
    f.repro,
    '```',
    '</details>',
  ];
  return lines.join('\n');
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderGateMarkdown(r: GateReport): string {
  const v = r.verdict;
  const failing = failures(r);
  const out = [
    `## termprobe gate: ${r.verdict.failed ? '❌' : '✅'} ${r.terminal.label}`,
    '',
    gateHeadline(r),
    '',
    `Profile \`${r.profile.file}\`, target ${mdCode(r.profile.target)}, held to \`${r.profile.answers}\` (${r.committed.label}); corpus ${mdCode(r.corpus.hash.slice(0, 19) + '…')} (${r.profile.corpus}).`,
  ];
  if (failing.length > 0) {
    out.push('', mdTable(['', 'probe', 'committed', 'now'], failing.map((f) => [KIND_TITLES[f.kind], mdCode(f.id), shown(f.committed), shown(f.now)])));
    out.push('', ...failing.map((f) => details(f, r.profile.file)));
  }
  const apart = v.findings.filter((f) => f.kind === 'new-failing' && !v.strict);
  if (apart.length > 0) {
    out.push('', `### New probes that fail (${apart.length}, reported apart; they fail the gate only with \`--strict\`)`, '');
    out.push(mdTable(['probe', 'now', 'expected'], apart.map((f) => [mdCode(f.id), shown(f.now), mdCode(f.expected)])));
  }
  if (v.stale.length > 0) {
    out.push('', '### Stale ledger entries', '', ...v.stale.map((e) => `- \`${r.profile.file}:${e.line ?? '?'}\` ledger entry ${e.index} (\`${e.probe}\`) accepts ${e.answers.map((a) => mdCode(a)).join(' or ')}`));
  }
  if (v.notes.length > 0) out.push('', ...v.notes.map((n) => `> ${n}`));
  return out.join('\n') + '\n';
}
