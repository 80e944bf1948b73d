/**
 * Turn the reply events collected for one probe into its recorded answer:
 * each query gets the first matching reply, the rest is `unexpected`.
 */
import { escapeText } from '../corpus/escape-bytes.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import type { ProbeResult, Reply } from '../results/results-schema.js';
import type { ProbePlan } from './probe-plan.js';

function rawOf(ev: ReplyEvent): string {
  return ev.kind === 'text' ? ev.text : ev.raw;
}

/** A run sees the same few replies hundreds of times (CPRs, the DA1 sentinel): escape each once. */
const escaped = new Map<string, string>();
const MAX_ESCAPED = 4096;

function escapeReply(raw: string): string {
  let out = escaped.get(raw);
  if (out === undefined) {
    out = escapeText(raw);
    if (escaped.size >= MAX_ESCAPED) escaped.clear();
    if (raw.length <= 256) escaped.set(raw, out);
  }
  return out;
}

export function assembleAnswer(plan: ProbePlan, events: ReplyEvent[], complete: boolean): ProbeResult {
  // Plain loops and a flag array: this runs once per probe, mostly before the JIT has warmed up.
  const used: boolean[] = []; // by event index; unset is false
  // The sentinel DA1 is the last DA1 received; it answers no query.
  if (complete) {
    for (let i = events.length - 1; i >= 0; i--) {
      if (events[i]!.kind === 'da1') {
        used[i] = true;
        break;
      }
    }
  }
  const replies: Reply[] = [];
  let cursor: ProbeResult['cursor'];
  let missing = 0;
  for (let q = 0; q < plan.queries.length; q++) {
    const { query, spec } = plan.queries[q]!;
    let idx = -1;
    for (let i = 0; i < events.length; i++) {
      if (!used[i] && spec.matches(events[i]!)) {
        idx = i;
        break;
      }
    }
    if (idx < 0) {
      missing++;
      if (query !== 'cursor') replies.push({ query });
      continue;
    }
    used[idx] = true;
    const ev = events[idx]!;
    if (query === 'cursor' && ev.kind === 'cpr') {
      cursor = { row: ev.row, col: ev.col, via: 'cpr', raw: escapeReply(ev.raw) };
    } else {
      replies.push({ query, value: spec.value(ev), raw: escapeReply(rawOf(ev)) });
    }
  }
  const unexpected: string[] = [];
  for (let i = 0; i < events.length; i++) {
    if (!used[i] && events[i]!.kind !== 'text') unexpected.push(escapeReply(rawOf(events[i]!)));
  }
  const status: ProbeResult['status'] = !complete && events.length === 0 ? 'no-reply' : !complete ? 'partial' : 'ok';
  const result: ProbeResult = { id: plan.probe.id, status, replies };
  if (cursor) result.cursor = cursor;
  if (unexpected.length > 0) result.unexpected = unexpected;
  if (!complete) result.note = events.length === 0 ? 'the terminal sent nothing for this probe before the timeout' : 'the DA1 sentinel never came; the answer may be incomplete';
  else if (missing > 0) result.note = `${missing} quer${missing === 1 ? 'y' : 'ies'} unanswered (the DA1 sentinel arrived)`;
  return result;
}
