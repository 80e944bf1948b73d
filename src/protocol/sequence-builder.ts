/**
 * What the parser keeps of the sequence in progress, and how it becomes an event.
 * The parser's state machine decides *when* a sequence starts and ends; this
 * decides *what* is kept: the raw text and payload (gathered across chunks, as
 * slices, within their caps), the CSI/DCS header, and the event made of them.
 */
import { CappedText } from './capped-text.js';
import type { ParserLimits } from './parser-limits.js';
import type { StringState } from './parser-state.js';
import { recognizeCsi, recognizeDcs, recognizeOsc, recognizeString } from './recognize-reply.js';
import type { ReplyEvent } from './reply-events.js';
import { SequenceHeader } from './sequence-header.js';

export type AbortReason = 'can' | 'sub' | 'escape' | 'end';

/** What the parser holds right now (for tests and debugging); each stays within its limit. */
export interface BufferSizes {
  /** Raw text kept of the sequence in progress (or the last one). */
  raw: number;
  /** String payload kept. */
  payload: number;
  paramChars: number;
  params: number;
  intermediates: number;
  /** Bytes of an unfinished UTF-8 character (0–3). */
  pendingBytes: number;
}

export class SequenceBuilder {
  readonly header: SequenceHeader;
  private readonly raw: CappedText;
  private readonly payload: CappedText;
  /** Where the raw text and payload not yet kept begin, in the current chunk. */
  private start = 0;
  private payloadStart = 0;
  /** Offset in the raw text where the CSI header begins, just after the introducer. */
  private headerAt = 0;
  /** The DCS final character, or the SS2/SS3 letter while waiting for its character. */
  final = '';

  constructor(limits: ParserLimits) {
    this.header = new SequenceHeader(limits);
    this.raw = new CappedText(limits.maxRaw);
    this.payload = new CappedText(limits.maxPayload);
  }

  /** A new sequence starts at s[at]; `heldEsc`: with an ESC that came in an earlier chunk. */
  begin(at: number, heldEsc = false): void {
    this.raw.reset();
    this.payload.reset();
    this.header.reset();
    this.final = '';
    this.start = at;
    if (heldEsc) this.raw.append('\x1b', 0, 1);
  }

  /** The CSI introducer ends at s[i]. */
  openHeader(i: number): void {
    this.headerAt = this.raw.length + (i + 1 - this.start);
  }

  /** The string payload starts after s[i]. */
  openPayload(i: number): void {
    this.payloadStart = i + 1;
  }

  /** An escape sequence ends: s[from, to) is its final (or nothing). */
  esc(s: string, from: number, to: number, final: string): ReplyEvent {
    const raw = this.raw.finishWith(s, this.start, from, to);
    const event: ReplyEvent = { kind: 'esc', intermediates: this.header.intermediates, final, raw };
    if (this.raw.truncated || this.header.truncated) event.truncated = true;
    return event;
  }

  /** A CSI ends with the final s[i]. */
  csi(s: string, i: number, malformed: boolean): ReplyEvent {
    const raw = this.raw.finishWith(s, this.start, i, i + 1);
    const h = this.header;
    const truncated = this.raw.truncated || h.truncated;
    const prefix = h.prefix;
    // Fast path: in a tidy header the parameters are one run of the raw text,
    // after the introducer and private marker, before the intermediates and final.
    const params = h.tidy && !malformed && !truncated
      ? raw.slice(this.headerAt + prefix.length, raw.length - 1 - h.intermediateCount)
      : h.params;
    return recognizeCsi({ prefix, params, intermediates: h.intermediates, final: s[i]!, raw, truncated, malformed });
  }

  /**
   * A string ends: its content ends at s[contentEnd], its terminator is
   * s[contentEnd, end), preceded by an ESC from an earlier chunk if `escBefore`.
   */
  string(st: StringState, s: string, contentEnd: number, end: number, escBefore: boolean): ReplyEvent {
    const raw = escBefore
      ? this.raw.finish(s, this.start, contentEnd) + '\x1b' + s.slice(contentEnd, end)
      : this.raw.finishWith(s, this.start, contentEnd, end);
    const data = st === 'dcs-ignore' ? '' : this.payload.finish(s, this.payloadStart, contentEnd);
    const h = this.header;
    const truncated = this.raw.truncated || this.payload.truncated || h.truncated;
    if (st === 'osc-string') return recognizeOsc(data, raw, truncated);
    if (st === 'dcs-passthrough' || st === 'dcs-ignore') {
      const malformed = st === 'dcs-ignore';
      return recognizeDcs({ prefix: h.prefix, params: h.params, intermediates: h.intermediates, final: this.final, raw, truncated, malformed }, data);
    }
    const introducer = st === 'apc-string' ? 'apc' : st === 'pm-string' ? 'pm' : 'sos';
    return recognizeString(introducer, data, raw, truncated);
  }

  /**
   * The sequence ends unfinished at s[end]; s[end, tailEnd) is the CAN or SUB that
   * ended it, `extra` an ESC held back from an earlier chunk.
   */
  aborted(s: string, end: number, reason: AbortReason, tailEnd = end, extra = ''): ReplyEvent {
    const raw = this.raw.finishWith(s, this.start, end, tailEnd) + extra;
    const event: ReplyEvent = { kind: 'aborted', reason, raw };
    if (this.raw.truncated) event.truncated = true;
    return event;
  }

  /** The chunk ends mid-sequence: keep s[.., end) of the raw text (and payload, for strings). */
  keep(s: string, end: number, withPayload: boolean): void {
    this.raw.append(s, this.start, end);
    if (withPayload) this.payload.append(s, this.payloadStart, end);
    this.start = this.payloadStart = 0;
  }

  sizes(pendingBytes: number): BufferSizes {
    const { paramChars, params, intermediates } = this.header.sizes;
    return { raw: this.raw.length, payload: this.payload.length, paramChars, params, intermediates, pendingBytes };
  }
}
