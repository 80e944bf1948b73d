/**
 * The reply parser: a VT500-style state machine over a streaming UTF-8 decoder,
 * turning what a terminal sends back into typed ReplyEvents.
 *
 * Every byte is accounted for: replies become typed events, other sequences
 * generic ones, keystrokes and stray bytes `text`, and sequences that never
 * complete `aborted`. All state lives on the instance, so feeding a stream whole,
 * byte by byte or split anywhere gives the same events (text may come in more
 * pieces; merge adjacent text events to compare).
 */
import { CappedText } from './capped-text.js';
import type { HeaderState, ParserState, StringState } from './parser-state.js';
import { endsWithBel, headerState, isStringState, phaseOf } from './parser-state.js';
import { recognizeCsi, recognizeDcs, recognizeOsc } from './recognize-reply.js';
import type { ReplyEvent } from './reply-events.js';
import { SequenceHeader } from './sequence-header.js';
import { Utf8Decoder } from './utf8-decoder.js';
import { type ParserLimits, type ReplyParserOptions, resolveLimits } from './parser-limits.js';

export type { ParserState } from './parser-state.js';
export type { ParserLimits, ReplyParserOptions } from './parser-limits.js';

const BEL = 0x07, CAN = 0x18, SUB = 0x1a, ESC = 0x1b, BACKSLASH = 0x5c, ST = 0x9c;

/** What the parser holds right now (for tests and debugging); each stays within its limit. */
export interface BufferSizes { raw: number; payload: number; paramChars: number; params: number; intermediates: number; pendingBytes: number }

export class ReplyParser {
  readonly limits: ParserLimits;
  private st: ParserState = 'ground';
  /** The string an ESC interrupted, while in `string-escape`. */
  private stringState: StringState = 'osc-string';
  private readonly decoder = new Utf8Decoder();
  private readonly header: SequenceHeader;
  private readonly raw: CappedText;
  private readonly payload: CappedText;
  /** DCS final character; SS2/SS3 letter while in `escape-shift`. */
  private final = '';
  /** Where the current sequence's unkept raw text / payload starts in this chunk. */
  private seqStart = 0;
  private payloadStart = 0;
  /** Index of the ESC that led to `string-escape`, or -1 if it came in an earlier chunk. */
  private escAt = -1;
  private events: ReplyEvent[] = [];

  constructor(opts: ReplyParserOptions = {}) {
    this.limits = resolveLimits(opts);
    this.header = new SequenceHeader(this.limits);
    this.raw = new CappedText(this.limits.maxRaw);
    this.payload = new CappedText(this.limits.maxPayload);
  }

  get state(): ParserState {
    return this.st;
  }

  /** Parse one chunk; an unfinished sequence or character waits for the next chunk. */
  feed(chunk: Uint8Array): ReplyEvent[] {
    this.events = [];
    this.run(this.decoder.decode(chunk));
    return this.events;
  }

  /** End of stream: report whatever is still open, and start afresh. */
  flush(): ReplyEvent[] {
    this.events = [];
    const tail = this.decoder.flush();
    if (tail.length > 0) this.run(tail);
    if (this.st === 'escape-shift') this.emitEsc('', 0, 0, this.final);
    else if (this.st === 'string-escape') this.abort('', 0, 'end', 0, '\x1b');
    else if (this.st !== 'ground') this.abort('', 0, 'end');
    return this.events;
  }

  debugSizes(): BufferSizes {
    return { raw: this.raw.length, payload: this.payload.length, ...this.header.sizes, pendingBytes: this.decoder.pending };
  }

  private run(s: string): void {
    let i = 0;
    while (i < s.length) {
      const st = this.st;
      if (st === 'ground') i = this.scanText(s, i);
      else if (isStringState(st)) i = this.scanString(s, i, st);
      else if (st === 'string-escape') i = this.afterStringEscape(s, i);
      else if (st === 'escape-shift') i = this.afterShift(s, i);
      else if (st === 'escape' || st === 'escape-intermediate') i = this.stepEscape(s, i, st);
      else i = this.scanHeader(s, i, st);
    }
    this.keepUnfinished(s);
  }

  /** Ground: everything up to the next ESC or C1 control is text. */
  private scanText(s: string, i: number): number {
    let j = i;
    for (; j < s.length; j++) {
      const c = s.charCodeAt(j);
      if (c === ESC || (c >= 0x80 && c <= 0x9f)) break;
    }
    if (j > i) this.events.push({ kind: 'text', text: s.slice(i, j) });
    if (j < s.length) this.introduce(s, j);
    return j + 1;
  }

  /** Strings: skip the payload in one sweep, stopping only at controls that end it. */
  private scanString(s: string, i: number, st: StringState): number {
    let j = i;
    for (; j < s.length; j++) {
      const c = s.charCodeAt(j);
      if (c < 0x20 ? c === ESC || c === CAN || c === SUB || (c === BEL && endsWithBel(st)) : c >= 0x80 && c <= 0x9f) break;
    }
    if (j === s.length) return j;
    const c = s.charCodeAt(j);
    if (c === ESC) {
      this.stringState = st;
      this.escAt = j;
      this.st = 'string-escape';
    } else if (c === BEL || c === ST) this.finishString(s, j, j + 1);
    else if (c === CAN || c === SUB) this.abort(s, j, c === CAN ? 'can' : 'sub', j + 1);
    else {
      this.abort(s, j, 'escape');
      this.introduce(s, j);
    }
    return j + 1;
  }

  /** ESC inside a string: ESC \ terminates it; any other ESC aborts it and starts anew. */
  private afterStringEscape(s: string, i: number): number {
    const escAt = this.escAt;
    const contentEnd = escAt >= 0 ? escAt : i;
    if (s.charCodeAt(i) === BACKSLASH) {
      this.finishString(s, contentEnd, i + 1, escAt < 0);
      return i + 1;
    }
    this.abort(s, contentEnd, 'escape');
    this.begin(escAt >= 0 ? escAt : i);
    if (escAt < 0) this.raw.append('\x1b', 0, 1);
    this.st = 'escape';
    return i; // this character is read again, in the escape state
  }

  /** After SS2/SS3: a printable character completes the key; anything else is read again. */
  private afterShift(s: string, i: number): number {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) {
      this.emitEsc(s, i, i + 1, this.final + s[i]);
      return i + 1;
    }
    this.emitEsc(s, i, i, this.final);
    return i;
  }

  /** Escape states: one character at a time (escape sequences are short). */
  private stepEscape(s: string, i: number, st: 'escape' | 'escape-intermediate'): number {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x80 && c <= 0x9f)) return this.control(s, i, c);
    if (c >= 0x20 && c <= 0x2f) {
      this.header.addIntermediate(c);
      this.st = 'escape-intermediate';
      return i + 1;
    }
    if (c === 0x7f || (st === 'escape' && this.introduces(c, i))) return i + 1;
    const end = i + (c >= 0xd800 && c <= 0xdbff ? 2 : 1); // a final beyond ASCII (Alt + a letter)
    this.emitEsc(s, i, end, s.slice(i, end));
    return end;
  }

  /** CSI and DCS headers: sweep through the header in one call, the phase in a local. */
  private scanHeader(s: string, i: number, st: HeaderState): number {
    const csi = st.charCodeAt(0) === 0x63;
    const h = this.header;
    let phase = phaseOf(st);
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || (c >= 0x80 && c <= 0x9f)) {
        if (c === ESC || c === CAN || c === SUB || c >= 0x80) return this.control(s, i, c);
        h.skipControl(); // other C0 controls stay in raw and are otherwise ignored
        continue;
      }
      const next = h.accept(c, phase);
      if (next === 'final') {
        if (csi) this.dispatchCsi(s, i, phase === 'ignore');
        else this.openString('dcs-passthrough', i, s[i]);
        return i + 1;
      }
      phase = next;
      if (!csi && phase === 'ignore') {
        this.st = 'dcs-ignore';
        return i + 1;
      }
    }
    this.st = headerState(csi, phase);
    return i;
  }

  /** A control character inside an escape or header: CAN/SUB abort, ESC and C1 start anew. */
  private control(s: string, i: number, c: number): number {
    if (c === CAN || c === SUB) this.abort(s, i, c === CAN ? 'can' : 'sub', i + 1);
    else if (c === ESC || c >= 0x80) {
      this.abort(s, i, 'escape');
      this.introduce(s, i);
    }
    return i + 1; // other C0 controls stay in raw and are otherwise ignored
  }

  /** Start a sequence at an ESC or C1 control (a C1 control reads as ESC + c - 0x40). */
  private introduce(s: string, at: number): void {
    this.begin(at);
    const c = s.charCodeAt(at);
    if (c === ESC) this.st = 'escape';
    else if (!this.introduces(c - 0x40, at)) this.emitEsc(s, at, at + 1, String.fromCharCode(c - 0x40));
  }

  /** ESC followed by c: enter the state c introduces, if it introduces one. */
  private introduces(c: number, i: number): boolean {
    switch (c) {
      case 0x5b: this.st = 'csi-entry'; return true; // [
      case 0x50: this.st = 'dcs-entry'; return true; // P
      case 0x5d: this.openString('osc-string', i); return true; // ]
      case 0x58: this.openString('sos-string', i); return true; // X
      case 0x5e: this.openString('pm-string', i); return true; // ^
      case 0x5f: this.openString('apc-string', i); return true; // _
      case 0x4e: case 0x4f: this.final = String.fromCharCode(c); this.st = 'escape-shift'; return true; // N O
      default: return false;
    }
  }

  private begin(at: number): void {
    this.raw.reset();
    this.payload.reset();
    this.header.reset();
    this.final = '';
    this.seqStart = at;
    this.escAt = -1;
  }

  private openString(state: StringState, i: number, final?: string): void {
    this.st = state;
    this.payloadStart = i + 1;
    if (final !== undefined) this.final = final;
  }

  private emitEsc(s: string, from: number, to: number, final: string): void {
    const raw = this.raw.finishWith(s, this.seqStart, from, to);
    const event: ReplyEvent = { kind: 'esc', intermediates: this.header.intermediates, final, raw };
    if (this.raw.truncated || this.header.truncated) event.truncated = true;
    this.done(event);
  }

  private dispatchCsi(s: string, i: number, malformed: boolean): void {
    const raw = this.raw.finishWith(s, this.seqStart, i, i + 1);
    const h = this.header;
    const truncated = this.raw.truncated || h.truncated;
    // Fast path: in a tidy header the parameters are one run of raw, between the
    // introducer (+ private marker) and the intermediates + final.
    const params = h.tidy && !malformed && !truncated
      ? raw.slice((raw.charCodeAt(0) === ESC ? 2 : 1) + (h.prefix === '' ? 0 : 1), raw.length - 1 - h.intermediateCount)
      : h.params;
    this.done(recognizeCsi({ prefix: h.prefix, params, intermediates: h.intermediates, final: s[i]!, raw, truncated, malformed }));
  }

  /** The string ends: its terminator is s[contentEnd, end), after an ESC from an earlier chunk if `escBefore`. */
  private finishString(s: string, contentEnd: number, end: number, escBefore = false): void {
    const st = this.st === 'string-escape' ? this.stringState : (this.st as StringState);
    const raw = escBefore
      ? this.raw.finish(s, this.seqStart, contentEnd) + '\x1b' + s.slice(contentEnd, end)
      : this.raw.finishWith(s, this.seqStart, contentEnd, end);
    const data = st === 'dcs-ignore' ? '' : this.payload.finish(s, this.payloadStart, contentEnd);
    const h = this.header;
    const truncated = this.raw.truncated || this.payload.truncated || h.truncated;
    if (st === 'osc-string') return this.done(recognizeOsc(data, raw, truncated));
    if (st === 'dcs-passthrough' || st === 'dcs-ignore') {
      const parts = { prefix: h.prefix, params: h.params, intermediates: h.intermediates, final: this.final, raw, truncated, malformed: st === 'dcs-ignore' };
      return this.done(recognizeDcs(parts, data));
    }
    const introducer = st === 'apc-string' ? 'apc' : st === 'pm-string' ? 'pm' : 'sos';
    const event: ReplyEvent = { kind: 'string', introducer, data, raw };
    if (truncated) event.truncated = true;
    this.done(event);
  }

  /**
   * The open sequence ends unfinished at `end`; s[end, tailEnd) is the CAN/SUB that
   * ended it, `extra` an ESC held back from an earlier chunk.
   */
  private abort(s: string, end: number, reason: 'can' | 'sub' | 'escape' | 'end', tailEnd = end, extra = ''): void {
    const raw = this.raw.finishWith(s, this.seqStart, end, tailEnd) + extra;
    const event: ReplyEvent = { kind: 'aborted', reason, raw };
    if (this.raw.truncated) event.truncated = true;
    this.done(event);
  }

  private done(event: ReplyEvent): void {
    this.events.push(event);
    this.st = 'ground';
  }

  /** End of a chunk inside a sequence: keep its text so far (within the caps). */
  private keepUnfinished(s: string): void {
    const st = this.st;
    if (st === 'ground') return;
    const inString = st === 'string-escape' ? this.stringState : isStringState(st) ? st : null;
    // An ESC that may yet begin ST is not kept: it is added once the next character says what it was.
    const end = st === 'string-escape' ? Math.max(this.escAt, this.seqStart) : s.length;
    this.raw.append(s, this.seqStart, end);
    if (inString !== null && inString !== 'dcs-ignore') this.payload.append(s, this.payloadStart, end);
    this.seqStart = this.payloadStart = 0;
    this.escAt = -1;
  }
}

/** Parse a complete stream in one call. */
export function parseReplies(bytes: Uint8Array, opts?: ReplyParserOptions): ReplyEvent[] {
  const parser = new ReplyParser(opts);
  return [...parser.feed(bytes), ...parser.flush()];
}
