/**
 * For terminals that never answer DA1 (Emacs term.el, dvtm): the engine ends every
 * probe with a DA1 sentinel, so this pipe answers it instead, once the terminal has
 * processed everything before it. After each DA1 query written it adds a tag: home
 * and LF, then two cursor reports from two known places (home, then row 2 column 3), and
 * the pair of reports that answers the tag (the second one row down and two columns
 * right of the first) is turned into a DA1 reply, recorded as host-supplied (the
 * target lists 'da1' in hostAnswers). Every other reply passes unchanged.
 *
 * The tag is recognised by what it says, not by counting: an earlier version
 * predicted which CSI … n queries the terminal would answer and matched replies to
 * queries one for one, and a terminal that swallowed a query (dvtm takes a CSI whose
 * final byte is not a letter as still open, so `CSI 1 ' }` eats the CSI 6 n after it;
 * term.el runs everything from SUB to the next LF as an Emacs command) shifted every
 * later match by one, so answers went to the wrong probe and the last probes of the
 * run never got their sentinel. Now a swallowed query costs that probe its reply,
 * and a swallowed tag costs that probe its sentinel (a timeout), nothing more.
 *
 * The LF ends such an Emacs command at the probe it began in. It comes right after
 * a move home, so it never scrolls (a scroll region has at least two rows, and home
 * is its top row in origin mode): a screen read after the sentinel sees the probe's
 * screen as it left it. In origin mode both places are relative to the scroll
 * region, which keeps their difference. The tag is wrapped in DECSC … DECRC, so the
 * cursor (and the SGR state and charsets DECSC saves with it) is where the probe left
 * it: a screen read after the sentinel, and a probe run without a prelude, go on from
 * there (they went on from row 2 column 3 before). That costs the saved-cursor slot,
 * which holds the probe's end position afterwards; every probe that restores a cursor
 * saves one first, and the prelude's DECSTR resets the slot anyway.
 */
import { CsiQueryScanner, type CsiSequence } from '../common/csi-query-scanner.js';

/** The DA1 this pipe answers with: a VT100 with advanced video (any DA1 is host-supplied and never judged). */
export const HOST_DA1_REPLY = '\x1b[?1;2c';
const HOST_DA1 = new TextEncoder().encode(HOST_DA1_REPLY);
/** Added after each DA1 query; its two cursor reports are one row and two columns apart, and it puts the cursor back. */
export const SENTINEL_TAG = '\x1b7\x1b[H\n\x1b[H\x1b[6n\x1b[2;3H\x1b[6n\x1b8';
const TAG = new TextEncoder().encode(SENTINEL_TAG);

const isDa1 = (s: CsiSequence) => s.final === 'c' && s.marker === '' && s.intermediates === '' && (s.params === '' || s.params === '0');

/** A cursor report read from the terminal: its bytes, and its row and column when it has exactly two numbers. */
interface Report {
  bytes: number[];
  row: number;
  col: number;
}

export class CprSentinel {
  private readonly da1 = new CsiQueryScanner(isDa1);
  /** A reply sequence begun but not finished (ESC, ESC [, parameters). */
  private partial: number[] = [];
  /** A cursor report that may be the first of a tag: held until the next reply says whether it is. */
  private held: Report | undefined;
  /** Tags written and not yet recognised (a swallowed one stays counted: it only makes holding possible). */
  private tags = 0;

  /** The bytes to write: the same, with the tag after each DA1 query. */
  outgoing(data: Uint8Array): Uint8Array {
    const ends = this.da1.scan(data);
    if (ends.length === 0) return data;
    this.tags += ends.length;
    const out = new Uint8Array(data.length + ends.length * TAG.length);
    let from = 0;
    let at = 0;
    for (const end of ends) {
      out.set(data.subarray(from, end), at);
      at += end - from;
      out.set(TAG, at);
      at += TAG.length;
      from = end;
    }
    out.set(data.subarray(from), at);
    return out;
  }

  /** The bytes to hand on: the same, with each tag's pair of cursor reports replaced by a DA1 reply. */
  incoming(data: Uint8Array): Uint8Array {
    const out: number[] = [];
    for (const b of data) {
      if (this.partial.length === 0) {
        if (b === 0x1b) this.partial.push(b);
        else this.pass(out, [b]);
        continue;
      }
      this.partial.push(b);
      if (this.partial.length === 2) {
        if (b !== 0x5b) this.pass(out, this.partial.splice(0));
        continue;
      }
      if ((b >= 0x30 && b <= 0x3f) || b === 0x2d) continue; // parameters (a row may be negative)
      const bytes = this.partial.splice(0);
      if (b === 0x52) this.report(out, bytes);
      else this.pass(out, bytes);
    }
    return Uint8Array.from(out);
  }

  /** Anything but a cursor report: whatever was held was no tag. */
  private pass(out: number[], bytes: number[]): void {
    this.release(out);
    out.push(...bytes);
  }

  private release(out: number[]): void {
    if (this.held) out.push(...this.held.bytes);
    this.held = undefined;
  }

  private report(out: number[], bytes: number[]): void {
    const m = /^\x1b\[(-?\d+);(-?\d+)R$/.exec(String.fromCharCode(...bytes));
    const report = m ? { bytes, row: Number(m[1]), col: Number(m[2]) } : undefined;
    const first = this.held;
    if (first && report && report.row === first.row + 1 && report.col === first.col + 2) {
      this.held = undefined;
      this.tags = Math.max(0, this.tags - 1);
      out.push(...HOST_DA1);
      return;
    }
    this.release(out);
    // Home is column 1 (column 0 where reports are 0-based, as dvtm's are): only such a report can begin a tag.
    if (report && this.tags > 0 && (report.col === 0 || report.col === 1)) this.held = report;
    else out.push(...bytes);
  }
}
