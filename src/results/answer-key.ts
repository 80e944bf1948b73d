/**
 * Canonical answers: what two runs of a probe are compared on. Timings, raw
 * spellings and evidence are left out; cursor, reply values and the screen count.
 */
import { substituteSize, type SizeVars } from '../corpus/escape-notation.js';
import type { Expectation, Probe } from '../corpus/probe-schema.js';
import type { ProbeResult } from './results-schema.js';

export const NO_REPLY = 'none';

export interface AnswerValues {
  cursor?: string;
  replies: Record<string, string>;
  screen?: string[];
}

export function answerValues(r: ProbeResult): AnswerValues {
  const out: AnswerValues = { replies: {} };
  if (r.cursor) out.cursor = `${r.cursor.row ?? ''};${r.cursor.col ?? ''}`;
  for (const rep of r.replies) out.replies[rep.query] = rep.value ?? NO_REPLY;
  if (r.screen) out.screen = r.screen.text;
  return out;
}

/** One line that is equal for two results exactly when their answers are equal. */
export function answerSignature(r: ProbeResult): string {
  if (r.status === 'no-reply' || r.status === 'skipped' || r.status === 'error') return r.status;
  const v = answerValues(r);
  const parts: string[] = [];
  parts.push(`cursor=${v.cursor ?? NO_REPLY}`);
  for (const q of Object.keys(v.replies).sort()) parts.push(`${q}=${JSON.stringify(v.replies[q])}`);
  if (r.screen) parts.push(`screen=${JSON.stringify(r.screen.cells ?? r.screen.text)}`);
  return parts.join(' ');
}

/** A short human form of an answer for tables: "1;80", "1;80 ?2026=2", "no-reply". */
export function answerSummary(r: ProbeResult | undefined): string {
  if (!r) return '—';
  if (r.status === 'no-reply' || r.status === 'skipped' || r.status === 'error') return r.status;
  const v = answerValues(r);
  const parts: string[] = [];
  if (v.cursor !== undefined) parts.push(v.cursor);
  for (const [q, val] of Object.entries(v.replies)) parts.push(`${q.replace(/^decrqm:/, '')}=${val}`);
  if (v.screen) parts.push(`[${v.screen.map((l) => l.replace(/ +$/, '')).join('⏎')}]`);
  return parts.join(' ') || 'ok';
}

/**
 * Does an answer value meet an expected one? Expected values are exact strings,
 * or `/pattern/` for replies with no single right value (matched whole), e.g.
 * `/.+/` for "any reply", or `/6[2-5](;[0-9]+)+/` for "a VT220-or-later DA1".
 */
export function valueMatches(expected: string, got: string): boolean {
  if (expected.length >= 2 && expected.startsWith('/') && expected.endsWith('/')) {
    return got !== NO_REPLY && new RegExp(`^(?:${expected.slice(1, -1)})$`, 'su').test(got);
  }
  return expected === got;
}

/** Fields of an expectation that the result does not meet (empty: it matches). */
export function unmetFields(r: ProbeResult, exp: Expectation, size: SizeVars): string[] {
  const v = answerValues(r);
  const unmet: string[] = [];
  if (exp.cursor !== undefined && substituteSize(exp.cursor, size) !== v.cursor) unmet.push('cursor');
  for (const [q, want] of Object.entries(exp.replies ?? {})) {
    if (!valueMatches(substituteSize(want, size), v.replies[q] ?? NO_REPLY)) unmet.push(q);
  }
  if (exp.screen !== undefined) {
    const got = (v.screen ?? []).map((l) => l.replace(/ +$/, ''));
    const want = exp.screen.map((l) => substituteSize(l, size).replace(/ +$/, ''));
    if (JSON.stringify(got) !== JSON.stringify(want)) unmet.push('screen');
  }
  return unmet;
}

export type Behaviour = 'implements' | 'lacks' | 'other' | 'no-reply';

/** Which of the probe's stated behaviours the answer shows. */
export function behaviourOf(probe: Probe, r: ProbeResult, size: SizeVars): Behaviour {
  if (r.status === 'no-reply' || r.status === 'skipped' || r.status === 'error') return 'no-reply';
  if (unmetFields(r, probe.expect.implements, size).length === 0) return 'implements';
  if (probe.expect.lacks && unmetFields(r, probe.expect.lacks, size).length === 0) return 'lacks';
  return 'other';
}
