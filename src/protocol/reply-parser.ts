/**
 * The reply parser: a VT500-style state machine over a streaming UTF-8 decoder,
 * turning what a terminal sends back into typed ReplyEvents.
 *
 * Every character is accounted for: replies become typed events, other sequences
 * generic ones, keystrokes and stray bytes `text`, and sequences that never
 * complete `aborted`. All state lives on the instance, so feeding a stream whole,
 * byte by byte or split anywhere gives the same events (text may come in more
 * pieces; merge adjacent text events to compare).
 *
 * Layers: Utf8Decoder (bytes → text), ReplyStateMachine (transitions),
 * SequenceBuilder (the sequence in progress → an event), recognize-reply (typed kinds).
 */
import { type ParserLimits, type ReplyParserOptions, resolveLimits } from './parser-limits.js';
import type { ParserState } from './parser-state.js';
import type { ReplyEvent } from './reply-events.js';
import type { BufferSizes } from './sequence-builder.js';
import { ReplyStateMachine } from './state-machine.js';
import { Utf8Decoder } from './utf8-decoder.js';

export type { ParserState } from './parser-state.js';
export type { ParserLimits, ReplyParserOptions } from './parser-limits.js';
export type { BufferSizes } from './sequence-builder.js';

export class ReplyParser {
  readonly limits: ParserLimits;
  private readonly decoder: Utf8Decoder;
  private readonly machine: ReplyStateMachine;

  constructor(opts: ReplyParserOptions = {}) {
    this.limits = resolveLimits(opts);
    this.decoder = new Utf8Decoder({ c1Bytes: opts.c1Bytes === true });
    this.machine = new ReplyStateMachine(this.limits);
  }

  get state(): ParserState {
    return this.machine.st;
  }

  /** Parse one chunk; an unfinished sequence or character waits for the next chunk. */
  feed(chunk: Uint8Array): ReplyEvent[] {
    const events: ReplyEvent[] = [];
    this.machine.run(this.decoder.decode(chunk), events);
    return events;
  }

  /** End of stream: report whatever is still open, and start afresh. */
  flush(): ReplyEvent[] {
    const events: ReplyEvent[] = [];
    const tail = this.decoder.flush();
    if (tail.length > 0) this.machine.run(tail, events);
    this.machine.end(events);
    return events;
  }

  debugSizes(): BufferSizes {
    return this.machine.seq.sizes(this.decoder.pending);
  }
}

/** Parse a complete stream in one call. */
export function parseReplies(bytes: Uint8Array, opts?: ReplyParserOptions): ReplyEvent[] {
  const parser = new ReplyParser(opts);
  return [...parser.feed(bytes), ...parser.flush()];
}
