/**
 * Is a recorded answer what its raw replies say? Every reply value and cursor
 * in a results file was derived by the engine from a raw reply; here the raw
 * reply is parsed again (the same reply parser, the same query specs) and the
 * value it gives must be the one recorded. A file from another machine is
 * taken only when this holds for every answer: a value with no raw reply, or a
 * raw reply that says something else, was not measured by termprobe.
 */
import { INPUT_REPLY } from '../corpus/input/describe-input.js';
import { rawReplyEvents } from '../corpus/raw-reply-events.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import type { ProbeResult } from '../results/results-schema.js';
import { querySpec, takeAnswer } from '../corpus/queries.js';

function eventsOf(raw: string): ReplyEvent[] | string {
  try {
    return rawReplyEvents(raw);
  } catch (e) {
    return `its raw reply ${JSON.stringify(raw.slice(0, 40))} is not in termprobe's escape notation (${(e as Error).message})`;
  }
}

/** The first problem with one probe's answer, or undefined when every value follows from its raw reply. */
export function implausibleAnswer(r: ProbeResult): string | undefined {
  if (r.cursor) {
    const events = eventsOf(r.cursor.raw);
    if (typeof events === 'string') return `cursor: ${events}`;
    const cpr = events.find((e) => e.kind === 'cpr' && !e.private);
    if (!cpr || cpr.kind !== 'cpr') return `cursor: its raw reply ${JSON.stringify(r.cursor.raw)} is no cursor position report`;
    if (cpr.row !== r.cursor.row || cpr.col !== r.cursor.col) return `cursor: recorded as ${r.cursor.row};${r.cursor.col}, but its raw reply ${JSON.stringify(r.cursor.raw)} says ${cpr.row};${cpr.col}`;
  }
  for (const rep of r.replies) {
    if (rep.value === undefined && rep.raw === undefined) continue; // no reply came: nothing to check
    if (rep.raw === undefined) return `reply to ${rep.query}: value ${JSON.stringify(rep.value)} has no raw reply`;
    if (rep.value === undefined) return `reply to ${rep.query}: raw reply with no value`;
    // An input probe's answer is every byte the terminal sent, recorded as it came: its value is its raw reply.
    if (rep.query === INPUT_REPLY) {
      if (rep.value !== rep.raw) return `reply to ${rep.query}: value ${JSON.stringify(rep.value)} is not the bytes received, ${JSON.stringify(rep.raw)}`;
      continue;
    }
    let spec;
    try {
      spec = querySpec(rep.query);
    } catch {
      return `reply to ${rep.query}: not a query termprobe asks`;
    }
    const events = eventsOf(rep.raw);
    if (typeof events === 'string') return `reply to ${rep.query}: ${events}`;
    const taken = takeAnswer(spec, events, []);
    if (!taken) return `reply to ${rep.query}: its raw reply ${JSON.stringify(rep.raw.slice(0, 40))} does not answer that query`;
    const value = taken.value;
    if (value !== rep.value) return `reply to ${rep.query}: recorded as ${JSON.stringify(rep.value)}, but its raw reply says ${JSON.stringify(value)}`;
  }
  return undefined;
}
