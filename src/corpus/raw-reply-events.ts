/**
 * A results file's raw reply (escaped bytes, as assemble-answer.ts records
 * it) parsed again into reply events: for checking a recorded value against
 * its reply, and for reading a reply's exact text (a colour as the terminal
 * spelled it) where the recorded value is canonical.
 */
import { parseReplies, type ReplyParserOptions } from '../protocol/reply-parser.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import { decodeNotation } from './escape-notation.js';
import { querySpec } from './queries.js';

/** The events a raw reply holds; throws a NotationError when it is not in termprobe's escape notation. */
export function rawReplyEvents(raw: string, opts?: ReplyParserOptions): ReplyEvent[] {
  // A raw reply is escaped bytes; "${" in it is not a size variable.
  return parseReplies(decodeNotation(raw.replaceAll('${', '\\x24{')), opts);
}

/** The event in a raw reply that answers `query`, or undefined (no such event, or not escape notation). */
export function answeringEvent(query: string, raw: string | undefined): ReplyEvent | undefined {
  if (raw === undefined) return undefined;
  try {
    const spec = querySpec(query);
    return rawReplyEvents(raw, { c1Bytes: true }).find((e) => spec.matches(e));
  } catch {
    return undefined;
  }
}
