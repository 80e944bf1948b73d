/**
 * The gate's verdict: a fresh run of a terminal against the answers committed
 * for it, probe by probe.
 *
 *   as-committed    the committed answer again (held by a ledger entry: `known`)
 *   regression      the answer changed away from the committed one
 *   unexpected-fix  the answer changed to the one the spec names (✓) where the
 *                   committed answer was not: a ledger entry (or the committed
 *                   answers) must be brought up to date
 *   new             a probe the committed answers cannot speak for (new in the
 *                   corpus at hand, or measured differently since): `new-failing`
 *                   when it answers ✗ or ~, which fails the gate only when strict
 *
 * Answers compare as `termprobe diff` compares them (at the deepest level both
 * runs read the screen); marks come from the corpus at hand, as in `compare`.
 */
import { printfCommand } from '../corpus/escape-bytes.js';
import { describeExpectation } from '../corpus/describe-expectation.js';
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { reproBytes } from '../corpus/repro-bytes.js';
import { sameAnswer } from './answer-signer.js';
import type { GateProfile, LedgerEntry } from './gate-profile.js';
import { entryCovers, type DivergenceRegistry } from './load-divergences.js';
import type { Marker } from './marks.js';
import type { RunView } from './run-view.js';
import { sizeForProbe, SUPPORT_SYMBOLS, type SupportMark } from './support-mark.js';

export const GATE_KINDS = ['regression', 'unexpected-fix', 'new-failing', 'new', 'known', 'as-committed', 'skipped'] as const;
export type GateKind = (typeof GATE_KINDS)[number];

export interface GateAnswer {
  /** As `compare` shows it: "1;80", "?2026=2", "no-reply". */
  answer: string;
  /** ✓ ✗ ~ ? */
  mark: string;
  support: SupportMark['support'];
  /** The raw replies as received, escaped: "cursor \e[1;80R". */
  raw: string[];
}

export interface GateFinding {
  kind: GateKind;
  id: string;
  title: string;
  category: string;
  /** The probe's spec citation. */
  spec: string;
  /** What the spec's answer is, in one line ("cursor 1;80"). */
  expected: string;
  committed?: GateAnswer;
  now?: GateAnswer;
  /** The ledger entry about this probe, if any. */
  ledger?: LedgerEntry;
  /** The skip entry's reason (kind skipped). */
  skipped?: string;
  /** Why a new probe is new: not in the committed answers, or measured differently since. */
  newBecause?: string;
  repro: string;
  /** Who is responsible, where the divergence registry knows it (a terminal, or the engine under it). */
  layer?: string;
}

export interface GateVerdict {
  findings: GateFinding[];
  counts: Record<GateKind, number>;
  /** Ledger entries whose accepted answer is no longer given (the probe regressed further, or was fixed). */
  stale: LedgerEntry[];
  strict: boolean;
  /** Fails: a regression or an unexpected fix, or (strict) a new probe that fails. */
  failed: boolean;
  notes: string[];
}

export interface GateInputs {
  profile: GateProfile;
  corpus: Corpus;
  committed: RunView;
  fresh: RunView;
  /** The probes run, in corpus order. */
  probes: Probe[];
  /** Whether the committed answer of a probe speaks for the probe at hand (same id and same measurement); with why not. */
  comparable(id: string): true | string;
  marker: Marker;
  registry?: DivergenceRegistry;
  strict: boolean;
}

function shownAnswer(view: RunView, id: string, mark: SupportMark): GateAnswer | undefined {
  const r = view.result(id);
  if (!r) return undefined;
  const raw: string[] = [];
  if (r.cursor) raw.push(`cursor ${r.cursor.raw}`);
  for (const rep of r.replies) raw.push(`${rep.query} ${rep.raw ?? '(none)'}`);
  return { answer: view.summary(id), mark: SUPPORT_SYMBOLS[mark.support], support: mark.support, raw };
}

/** The layer the registry holds responsible for this answer: the terminal itself, or the engine it is built on. */
function layerOf(registry: DivergenceRegistry | undefined, view: RunView, id: string, answer: string | undefined): string | undefined {
  if (!registry) return undefined;
  const entry = registry.find(id, view.answerer, answer) ?? registry.find(id, view.answerer);
  if (!entry) return undefined;
  const cover = entryCovers(entry, view.answerer);
  const engine = `${view.engine.name}${view.engine.version ? ` ${view.engine.version}` : ''}`;
  const who = cover === 'engine' ? `${engine} (the engine${view.name === view.engine.name ? '' : ` under ${view.name}`})` : `${view.name} itself`;
  const place = `${entry.file.replace(/^.*\/probes\//, 'probes/')}${entry.line ? `:${entry.line}` : ''}`;
  const exact = answer !== undefined && entry.answers.includes(answer) ? '' : ` (about ${entry.answers.map((a) => JSON.stringify(a)).join(' or ')})`;
  return `${who} — registry ${place}: ${entry.class}${exact}: ${entry.reason}`;
}

function kindOf(inputs: GateInputs, id: string, ledger: LedgerEntry | undefined, nowMark: SupportMark): { kind: GateKind; newBecause?: string } {
  const { committed, fresh } = inputs;
  const comparable = inputs.comparable(id);
  if (comparable !== true) {
    const failing = nowMark.support === 'lacks' || nowMark.support === 'other';
    return { kind: failing ? 'new-failing' : 'new', newBecause: comparable };
  }
  if (sameAnswer(committed, fresh, id).same) return { kind: ledger ? 'known' : 'as-committed' };
  const was = inputs.marker.mark(committed, id);
  if (nowMark.support === 'implements' && was.support !== 'implements') return { kind: 'unexpected-fix' };
  return { kind: 'regression' };
}

export function gateVerdict(inputs: GateInputs): GateVerdict {
  const { profile, committed, fresh, marker, registry } = inputs;
  const ledgerBy = new Map(profile.ledger.map((e) => [e.probe, e]));
  const findings: GateFinding[] = [];
  const stale: LedgerEntry[] = [];
  for (const probe of inputs.probes) {
    const id = probe.id;
    const ledger = ledgerBy.get(id);
    const nowMark = marker.mark(fresh, id);
    const { kind, newBecause } = kindOf(inputs, id, ledger, nowMark);
    const now = shownAnswer(fresh, id, nowMark);
    const committedMark = committed.result(id) ? marker.mark(committed, id) : undefined;
    const size = sizeForProbe(probe, fresh.run.settings);
    const failing = kind === 'regression' || kind === 'unexpected-fix' || kind === 'new-failing';
    findings.push({
      kind,
      id,
      title: probe.title,
      category: probe.category,
      spec: probe.spec,
      expected: describeExpectation(probe.expect.implements),
      ...(committedMark ? { committed: shownAnswer(committed, id, committedMark) } : {}),
      ...(now ? { now } : {}),
      ...(ledger ? { ledger } : {}),
      ...(newBecause ? { newBecause } : {}),
      repro: printfCommand(reproBytes(probe, size)),
      ...(failing ? withLayer(layerOf(registry, fresh, id, now?.answer)) : {}),
    });
    if (ledger && (kind === 'regression' || kind === 'unexpected-fix')) stale.push(ledger);
  }
  for (const s of profile.skip) {
    const probe = inputs.corpus.byId.get(s.probe)!;
    findings.push({ kind: 'skipped', id: s.probe, title: probe.title, category: probe.category, spec: probe.spec, expected: describeExpectation(probe.expect.implements), skipped: s.reason, repro: printfCommand(reproBytes(probe, sizeForProbe(probe, fresh.run.settings))) });
  }
  const counts = Object.fromEntries(GATE_KINDS.map((k) => [k, 0])) as Record<GateKind, number>;
  for (const f of findings) counts[f.kind]++;
  const failed = counts.regression > 0 || counts['unexpected-fix'] > 0 || (inputs.strict && counts['new-failing'] > 0);
  return { findings, counts, stale, strict: inputs.strict, failed, notes: [] };
}

const withLayer = (layer: string | undefined) => (layer ? { layer } : {});

/** The kinds that fail the gate, given strictness. */
export function isFailure(kind: GateKind, strict: boolean): boolean {
  return kind === 'regression' || kind === 'unexpected-fix' || (strict && kind === 'new-failing');
}
