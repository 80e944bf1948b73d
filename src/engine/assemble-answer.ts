/**
 * Turn the reply events collected for one probe into its recorded answer:
 * each query gets the first matching reply (or, for a query several replies
 * answer, the matching replies in order), the rest is `unexpected`.
 */
import { escapeText } from '../corpus/escape-bytes.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import type { ProbeResult, Reply } from '../results/results-schema.js';
import type { ProbePlan } from './probe-plan.js';
import { takeAnswer } from '../corpus/queries.js';

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

/**
 * Each segment (a step's, then the probe's own) runs to the DA1 that closes it; its queries take
 * the replies in it, in order. An answer cut short (no sentinel) leaves the later segments empty.
 */
export function assembleAnswer(plan: ProbePlan, events: ReplyEvent[], complete: boolean): ProbeResult {
  // Plain loops and a flag array: this runs once per probe, mostly before the JIT has warmed up.
  const used: boolean[] = []; // by event index; unset is false
  const replies: Reply[] = [];
  let cursor: ProbeResult['cursor'];
  let missing = 0;
  let from = 0;
  for (let s = 0; s < plan.segments.length; s++) {
    const segment = plan.segments[s]!;
    let to = events.length;
    for (let i = from, seen = 0; i < events.length; i++) {
      if (events[i]!.kind === 'da1' && ++seen === segment.da1Needed) {
        to = i;
        used[i] = true; // the DA1 that closes the segment answers no query
        break;
      }
    }
    const within = from === 0 && to === events.length ? events : events.slice(from, to);
    const usedWithin: boolean[] = [];
    for (let q = 0; q < segment.queries.length; q++) {
      const { query, spec } = segment.queries[q]!;
      const taken = takeAnswer(spec, within, usedWithin);
      if (!taken) {
        missing++;
        if (query !== 'cursor') replies.push({ query });
        continue;
      }
      const first = within[taken.indexes[0]!]!;
      if (query === 'cursor' && first.kind === 'cpr') {
        cursor = { row: first.row, col: first.col, via: 'cpr', raw: escapeReply(first.raw) };
      } else {
        const raw = taken.indexes.length === 1 ? rawOf(first) : taken.indexes.map((i) => rawOf(within[i]!)).join('');
        replies.push({ query, value: taken.value, raw: escapeReply(raw) });
      }
    }
    for (let i = 0; i < within.length; i++) if (usedWithin[i]) used[from + i] = true;
    from = Math.min(to + 1, events.length);
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
