/** An expectation in one line, as `show` and the site print it: "cursor 1;80, decrqm:?2026 = 1 or 3". */
import type { Expectation, InconclusiveAnswer } from './probe-schema.js';

function values(v: string | readonly string[] | { same: string }): string {
  if (typeof v === 'string') return v;
  return 'same' in v ? `the same as ${v.same}` : v.join(' or ');
}

export function describeExpectation(e: Expectation | undefined): string {
  if (!e) return '(not stated)';
  const parts: string[] = [];
  if (e.cursor !== undefined) parts.push(`cursor ${values(e.cursor)}`);
  for (const [q, v] of Object.entries(e.replies ?? {})) parts.push(`${q} = ${values(v)}`);
  if (e.screen) parts.push(`screen ${JSON.stringify(e.screen)}`);
  if (e.style) parts.push(`style ${values(e.style)}`);
  return parts.join(', ') || '(nothing stated)';
}

/** "decrqm:?2026 = none (DECRQM is not answered, so …)" for each inconclusive answer. */
export function describeInconclusiveAnswers(list: readonly InconclusiveAnswer[] | undefined): string[] {
  return (list ?? []).map((c) => `${describeExpectation(c)} — ${c.why}`);
}
