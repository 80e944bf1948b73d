/**
 * The reply parser's transitions between the states of parser-state.ts, over
 * decoded text. Ground text, string payloads and CSI/DCS headers are swept in
 * loops; all that is needed to resume mid-sequence stays on the instance.
 */
import type { ParserLimits } from './parser-limits.js';
import type { HeaderState, ParserState, StringState } from './parser-state.js';
import { endsWithBel, headerState, isStringState, phaseOf } from './parser-state.js';
import type { ReplyEvent } from './reply-events.js';
import { SequenceBuilder } from './sequence-builder.js';

const BEL = 0x07, CAN = 0x18, SUB = 0x1a, ESC = 0x1b, BACKSLASH = 0x5c, ST = 0x9c;

export class ReplyStateMachine {
  st: ParserState = 'ground';
  /** The string an ESC interrupted, while in `string-escape`. */
  private stringState: StringState = 'osc-string';
  /** Index of the ESC that led to `string-escape`, or -1 if it came in an earlier chunk. */
  private escAt = -1;
  readonly seq: SequenceBuilder;
  private events: ReplyEvent[] = [];

  constructor(limits: ParserLimits) {
    this.seq = new SequenceBuilder(limits);
  }

  /** End of stream: whatever is still open becomes an event; back to ground. */
  end(out: ReplyEvent[]): void {
    this.events = out;
    if (this.st === 'escape-shift') this.done(this.seq.esc('', 0, 0, this.seq.final));
    // A string whose last character is ESC ended at that ESC (see afterStringEscape).
    else if (this.st === 'string-escape') this.done(this.seq.string(this.stringState, '', 0, 0, true));
    else if (this.st !== 'ground') this.done(this.seq.aborted('', 0, 'end'));
  }

  /** Parse decoded text, pushing events onto `out`. */
  run(s: string, out: ReplyEvent[]): void {
    this.events = out;
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
    } else if (c === BEL || c === ST) this.done(this.seq.string(st, s, j, j + 1, false));
    else if (c === CAN || c === SUB) this.done(this.seq.aborted(s, j, c === CAN ? 'can' : 'sub', j + 1));
    else {
      this.done(this.seq.aborted(s, j, 'escape'));
      this.introduce(s, j);
    }
    return j + 1;
  }

  /**
   * ESC inside a string: ESC \ terminates it. ESC followed by another ESC ends it at
   * the first ESC, a lone ESC as its terminator (urxvt ends its replies so: its
   * get_to_st keeps ESC as the terminator and answers with it alone), and the second
   * ESC starts the next sequence: no sequence begins with ESC ESC, so nothing is
   * lost. Any other character after the ESC aborts the string and starts anew.
   */
  private afterStringEscape(s: string, i: number): number {
    const escAt = this.escAt;
    const contentEnd = escAt >= 0 ? escAt : i;
    const c = s.charCodeAt(i);
    if (c === BACKSLASH) {
      this.done(this.seq.string(this.stringState, s, contentEnd, i + 1, escAt < 0));
      return i + 1;
    }
    if (c === ESC) {
      this.done(this.seq.string(this.stringState, s, contentEnd, escAt >= 0 ? escAt + 1 : i, escAt < 0));
      this.introduce(s, i);
      return i + 1;
    }
    this.done(this.seq.aborted(s, contentEnd, 'escape'));
    this.seq.begin(escAt >= 0 ? escAt : i, escAt < 0);
    this.st = 'escape';
    return i; // this character is read again, in the escape state
  }

  /** After SS2/SS3: a printable character completes the key; anything else is read again. */
  private afterShift(s: string, i: number): number {
    const c = s.charCodeAt(i);
    const end = c >= 0x20 && c <= 0x7e ? i + 1 : i;
    this.done(this.seq.esc(s, i, end, this.seq.final + s.slice(i, end)));
    return end;
  }

  /** Escape states: one character at a time (escape sequences are short). */
  private stepEscape(s: string, i: number, st: 'escape' | 'escape-intermediate'): number {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x80 && c <= 0x9f)) return this.control(s, i, c);
    if (c >= 0x20 && c <= 0x2f) {
      this.seq.header.addIntermediate(c);
      this.st = 'escape-intermediate';
      return i + 1;
    }
    if (c === 0x7f || (st === 'escape' && this.introduces(c, i))) return i + 1;
    const end = i + (c >= 0xd800 && c <= 0xdbff ? 2 : 1); // a final beyond ASCII (Alt + a letter)
    this.done(this.seq.esc(s, i, end, s.slice(i, end)));
    return end;
  }

  /** CSI and DCS headers: sweep through the header in one call, the phase in a local. */
  private scanHeader(s: string, i: number, st: HeaderState): number {
    const csi = st.charCodeAt(0) === 0x63;
    const h = this.seq.header;
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
        if (csi) this.done(this.seq.csi(s, i, phase === 'ignore'));
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
    if (c === CAN || c === SUB) this.done(this.seq.aborted(s, i, c === CAN ? 'can' : 'sub', i + 1));
    else if (c === ESC || c >= 0x80) {
      this.done(this.seq.aborted(s, i, 'escape'));
      this.introduce(s, i);
    }
    return i + 1; // other C0 controls stay in raw and are otherwise ignored
  }

  /** Start a sequence at an ESC or C1 control (a C1 control reads as ESC + c - 0x40). */
  private introduce(s: string, at: number): void {
    this.seq.begin(at);
    const c = s.charCodeAt(at);
    if (c === ESC) this.st = 'escape';
    else if (!this.introduces(c - 0x40, at)) this.done(this.seq.esc(s, at, at + 1, String.fromCharCode(c - 0x40)));
  }

  /** ESC followed by c: enter the state c introduces, if it introduces one. */
  private introduces(c: number, i: number): boolean {
    switch (c) {
      case 0x5b: this.st = 'csi-entry'; this.seq.openHeader(i); return true; // [
      case 0x50: this.st = 'dcs-entry'; return true; // P
      case 0x5d: this.openString('osc-string', i); return true; // ]
      case 0x58: this.openString('sos-string', i); return true; // X
      case 0x5e: this.openString('pm-string', i); return true; // ^
      case 0x5f: this.openString('apc-string', i); return true; // _
      case 0x4e: case 0x4f: this.seq.final = String.fromCharCode(c); this.st = 'escape-shift'; return true; // N O
      default: return false;
    }
  }

  private openString(state: StringState, i: number, final?: string): void {
    this.st = state;
    this.seq.openPayload(i);
    if (final !== undefined) this.seq.final = final;
  }

  private done(event: ReplyEvent): void {
    this.events.push(event);
    this.st = 'ground';
  }

  /** End of a chunk inside a sequence: keep its text so far (within the caps). */
  private keepUnfinished(s: string): void {
    const st = this.st;
    if (st === 'ground') return;
    const string = st === 'string-escape' ? this.stringState : isStringState(st) ? st : null;
    // An ESC that may yet begin ST is not kept until the next character says what it was.
    this.seq.keep(s, st === 'string-escape' ? Math.max(this.escAt, 0) : s.length, string !== null && string !== 'dcs-ignore');
    this.escAt = -1;
  }
}
