/**
 * `termprobe gate` as JUnit XML, which CI systems show as tests: one test case
 * per probe (class name termprobe.<category>), a failure per regression and
 * unexpected fix with the spec, both answers and the printf repro; skipped
 * probes as skipped. New probes are a suite of their own: one that fails is a
 * failure with --strict, and otherwise skipped with why (reported apart).
 */
import type { GateFinding } from '../classify/gate-verdict.js';
import { findingLines } from './gate-text.js';
import { actionFor, KIND_TITLES, type GateReport } from './gate-report.js';

/** Text as XML 1.0 allows it: markup escaped, characters XML cannot hold written as \xNN. */
export function xmlText(s: string): string {
  return s
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, (ch) => `\\x${(ch.codePointAt(0) ?? 0).toString(16).padStart(2, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function message(f: GateFinding): string {
  const was = f.committed ? `committed ${f.committed.mark} ${f.committed.answer}, ` : '';
  return `${KIND_TITLES[f.kind]}: ${was}now ${f.now ? `${f.now.mark} ${f.now.answer}` : '(none)'}; ${actionFor(f)}`;
}

function testCase(f: GateFinding, r: GateReport): string {
  const open = `    <testcase classname="termprobe.${xmlText(f.category)}" name="${xmlText(f.id)}" time="0">`;
  const strict = r.verdict.strict;
  if (f.kind === 'skipped') return `${open}<skipped message="${xmlText(`skipped by the profile: ${f.skipped ?? ''}`)}"/></testcase>`;
  if (f.kind === 'regression' || f.kind === 'unexpected-fix' || (f.kind === 'new-failing' && strict)) {
    return `${open}\n      <failure type="${f.kind}" message="${xmlText(message(f))}">${xmlText(findingLines(f, r.profile.file).join('\n'))}</failure>\n    </testcase>`;
  }
  if (f.kind === 'new-failing') return `${open}<skipped message="${xmlText(`fails (now ${f.now?.mark ?? ''} ${f.now?.answer ?? ''}; expected ${f.expected}), reported apart: new probes fail the gate only with --strict`)}"/></testcase>`;
  if (f.kind === 'known' && f.ledger) return `${open}<system-out>${xmlText(`known ${f.ledger.class}, held by ${r.profile.file}:${f.ledger.line ?? '?'}: ${f.ledger.reason} (${f.ledger.link})`)}</system-out></testcase>`;
  return `${open}</testcase>`;
}

function suite(name: string, list: GateFinding[], r: GateReport, seconds: string): string {
  const strict = r.verdict.strict;
  const failures = list.filter((f) => f.kind === 'regression' || f.kind === 'unexpected-fix' || (f.kind === 'new-failing' && strict)).length;
  const skipped = list.filter((f) => f.kind === 'skipped' || (f.kind === 'new-failing' && !strict)).length;
  return [
    `  <testsuite name="${xmlText(name)}" tests="${list.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}">`,
    ...list.map((f) => testCase(f, r)),
    '  </testsuite>',
  ].join('\n');
}

export function renderGateJunit(r: GateReport): string {
  const all = r.verdict.findings;
  const fresh = all.filter((f) => f.kind === 'new' || f.kind === 'new-failing');
  const held = all.filter((f) => f.kind !== 'new' && f.kind !== 'new-failing');
  const seconds = (r.elapsedMs / 1000).toFixed(3);
  const strict = r.verdict.strict;
  const failures = all.filter((f) => f.kind === 'regression' || f.kind === 'unexpected-fix' || (f.kind === 'new-failing' && strict)).length;
  const suites = [suite(`termprobe gate: ${r.terminal.label} against ${r.profile.answers}`, held, r, seconds)];
  if (fresh.length > 0) suites.push(suite(`termprobe gate: ${r.terminal.label}, probes new since ${r.profile.answers}`, fresh, r, '0'));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(`termprobe gate ${r.profile.file}`)}" tests="${all.length}" failures="${failures}" errors="0" time="${seconds}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
