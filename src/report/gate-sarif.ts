/**
 * `termprobe gate` as SARIF 2.1.0 (code scanning): a result per failure, placed
 * in the profile — at the ledger entry's line where the probe has one (and a
 * stale-entry result there too, the entry no longer holding its answer), else
 * at the `answers:` line the probe's committed answer comes from. New probes
 * that fail are warnings, errors with --strict.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GateFinding } from '../classify/gate-verdict.js';
import type { GateProfile } from '../classify/gate-profile.js';
import { toolVersion } from '../util/tool-version.js';
import { actionFor, failures, KIND_TITLES, type GateReport } from './gate-report.js';

const RULES = [
  { id: 'regression', text: 'An answer changed away from the committed one.' },
  { id: 'unexpected-fix', text: 'A probe the committed answers (or the ledger) held as not implemented now answers as the spec says.' },
  { id: 'new-failing', text: 'A probe new in the corpus at hand answers otherwise than the spec says.' },
  { id: 'stale-ledger-entry', text: 'A ledger entry accepts an answer the terminal no longer gives.' },
] as const;

type RuleId = (typeof RULES)[number]['id'];

function artifact(file: string): { uri: string; uriBaseId?: string } {
  const rel = relative(process.cwd(), file);
  if (isAbsolute(rel) || rel.startsWith('..')) return { uri: pathToFileURL(file).href };
  return { uri: rel.split(sep).join('/'), uriBaseId: '%SRCROOT%' };
}

function result(ruleId: RuleId, level: 'error' | 'warning', text: string, file: string, line: number | undefined) {
  return {
    ruleId,
    ruleIndex: RULES.findIndex((r) => r.id === ruleId),
    level,
    message: { text },
    locations: [{ physicalLocation: { artifactLocation: artifact(file), region: { startLine: line ?? 1 } } }],
  };
}

function findingText(f: GateFinding): string {
  const was = f.committed ? `committed ${f.committed.mark} ${f.committed.answer}; ` : '';
  const layer = f.layer ? ` Layer: ${f.layer}.` : '';
  return `${f.id} (${f.title}): ${KIND_TITLES[f.kind]} — ${was}now ${f.now ? `${f.now.mark} ${f.now.answer}` : '(none)'}. Spec: ${f.spec}; expected ${f.expected}. Repro: ${f.repro}.${layer} ${actionFor(f)}.`;
}

export function renderGateSarif(r: GateReport, profile: Pick<GateProfile, 'file' | 'lineOf'>): string {
  const strict = r.verdict.strict;
  const answersLine = profile.lineOf('answers');
  const results = [];
  const failing = failures(r);
  const shown = strict ? failing : [...failing, ...r.verdict.findings.filter((f) => f.kind === 'new-failing')];
  for (const f of shown) {
    const level = f.kind === 'new-failing' && !strict ? 'warning' : 'error';
    results.push(result(f.kind as RuleId, level, findingText(f), profile.file, f.ledger?.line ?? answersLine));
  }
  for (const e of r.verdict.stale) {
    results.push(result('stale-ledger-entry', 'error', `ledger entry ${e.index} (${e.probe}) accepts ${e.answers.map((a) => JSON.stringify(a)).join(' or ')}, which ${r.terminal.label} no longer gives: update the entry and the committed answers.`, profile.file, e.line));
  }
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'termprobe',
            version: toolVersion(),
            rules: RULES.map((rule) => ({ id: rule.id, name: rule.id, shortDescription: { text: rule.text } })),
          },
        },
        automationDetails: { id: `termprobe-gate/${r.terminal.label}` },
        results,
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
