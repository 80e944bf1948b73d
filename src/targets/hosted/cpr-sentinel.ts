/**
 * For terminals that never answer DA1 (Emacs term.el, dvtm): the engine ends every
 * probe with a DA1 sentinel, so this pipe answers it instead, once the terminal has
 * processed everything before it. After each DA1 query written, a CPR query is
 * added; the terminal answers CPR queries in order, so the CPR that answers the
 * added query is turned into a DA1 reply (recorded as host-supplied: the target
 * lists 'da1' in hostAnswers). The terminal's own CPR replies pass unchanged.
 *
 * `answersWithCpr` says which queries this terminal answers with a CPR (measured:
 * term.el answers every CSI … n, dvtm only CSI 6 n), so the pending list matches
 * replies to queries one for one.
 *
 * `beforeCpr`, when given, is written just before each CPR query: for a terminal
 * whose parser can leave a sequence open that would swallow the query (dvtm, see
 * hosted-recipes.ts), a no-op sequence that ends it first, so every query counted
 * is answered.
 */
import { CsiQueryScanner, type CsiSequence } from '../common/csi-query-scanner.js';

/** The DA1 this pipe answers with: a VT100 with advanced video (any DA1 is host-supplied and never judged). */
export const HOST_DA1_REPLY = '\x1b[?1;2c';
const HOST_DA1 = new TextEncoder().encode(HOST_DA1_REPLY);
const CPR_QUERY = new TextEncoder().encode('\x1b[6n');

const isDa1 = (s: CsiSequence) => s.final === 'c' && s.marker === '' && s.intermediates === '' && (s.params === '' || s.params === '0');

export class CprSentinel {
  private readonly da1 = new CsiQueryScanner(isDa1);
  private readonly cpr: CsiQueryScanner;
  /** Per CPR reply still to come: true when it answers a query this pipe added for a DA1. */
  private readonly pending: boolean[] = [];
  /** A reply sequence begun but not finished (ESC, ESC [, parameters). */
  private partial: number[] = [];

  private readonly beforeCpr: Uint8Array | undefined;

  constructor(answersWithCpr: (seq: CsiSequence) => boolean, beforeCpr?: string) {
    this.cpr = new CsiQueryScanner(answersWithCpr);
    this.beforeCpr = beforeCpr === undefined ? undefined : new TextEncoder().encode(beforeCpr);
  }

  /** The bytes to write: the same, with a CPR query after each DA1 query. */
  outgoing(data: Uint8Array): Uint8Array {
    const marks = [...this.da1.scan(data).map((end) => ({ end, host: true })), ...this.cpr.scan(data).map((end) => ({ end, host: false }))].sort((a, b) => a.end - b.end);
    if (marks.length === 0) return data;
    const parts: Uint8Array[] = [];
    let start = 0;
    for (const { end, host } of marks) {
      if (host) {
        parts.push(data.subarray(start, end), ...(this.beforeCpr ? [this.beforeCpr] : []), CPR_QUERY);
        start = end;
        // The added CPR query is not seen by this.cpr (it scans the caller's bytes), so count it here.
      } else if (this.beforeCpr) {
        // The query's ESC (or C1 CSI) in this chunk; a query begun in an earlier chunk goes as it is.
        let at = end - 1;
        while (at >= start && data[at] !== 0x1b && data[at] !== 0x9b) at--;
        if (at >= start) {
          parts.push(data.subarray(start, at), this.beforeCpr);
          start = at;
        }
      }
      this.pending.push(host);
    }
    parts.push(data.subarray(start));
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  /** The bytes to hand on: the same, with each CPR that answers an added query replaced by a DA1 reply. */
  incoming(data: Uint8Array): Uint8Array {
    const out: number[] = [];
    for (const b of data) {
      if (this.partial.length === 0) {
        if (b === 0x1b) this.partial.push(b);
        else out.push(b);
        continue;
      }
      this.partial.push(b);
      if (this.partial.length === 2) {
        if (b !== 0x5b) out.push(...this.partial.splice(0));
        continue;
      }
      if ((b >= 0x30 && b <= 0x3f) || b === 0x2d) continue; // parameters (a row may be negative)
      if (b === 0x52 && this.pending.length > 0) {
        const host = this.pending.shift()!;
        if (host) {
          this.partial = [];
          out.push(...HOST_DA1);
          continue;
        }
      }
      out.push(...this.partial.splice(0));
    }
    return Uint8Array.from(out);
  }
}
