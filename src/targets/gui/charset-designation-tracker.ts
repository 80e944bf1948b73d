/**
 * Whether the bytes written to a terminal have designated a character set other
 * than ASCII into G0–G3 and not reset it since: mlterm's snapshot (OSC 5379)
 * drops or garbles characters drawn from such sets, so a screen read that way is
 * not trusted after one. Measured with mlterm 3.9.0: after `ESC ( 0` the snapshot
 * writes ◆ ▒ and the line-drawing characters, but ° and ± as overlong UTF-8
 * (E0 82 B0), and leaves out ·, ≤ ≥ π ≠ £ altogether; the UK set's £ and the
 * German set's § Ä Ö Ü are left out too, so the text after them moves left.
 *
 * Conservative: an SCS (`ESC ( ) * + - . /`, with an optional intermediate such
 * as `%` or `"`, then its final byte) to anything but ASCII (`B`) marks its slot;
 * one to ASCII clears it; DECSTR (`CSI ! p`, which the prelude sends) and RIS
 * clear them all. A sequence split across writes is still seen. A set designated
 * and never shifted in costs a screen read, never a wrong one.
 */

const SCS = /\x1b([()*+\-./])([ -/]?)([0-~])|\x1b\[!p|\x1bc/g;
/** Bytes kept from the end of a write, so a sequence split across writes is still found. */
const TAIL = 8;
const SLOT: Record<string, number> = { '(': 0, ')': 1, '*': 2, '+': 3, '-': 1, '.': 2, '/': 3 };

export class CharsetDesignationTracker {
  private readonly designated = new Set<number>();
  private tail = '';

  /** Bytes about to reach the terminal. */
  see(data: Uint8Array): void {
    const text = this.tail + Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
    let done = 0;
    for (const m of text.matchAll(SCS)) {
      if (m[1] === undefined) this.designated.clear();
      else if (m[2] === '' && m[3] === 'B') this.designated.delete(SLOT[m[1]]!);
      else this.designated.add(SLOT[m[1]]!);
      done = m.index! + m[0].length;
    }
    // An ESC near the end may begin a sequence the next write finishes.
    const lastEsc = text.lastIndexOf('\x1b');
    this.tail = lastEsc >= done && lastEsc >= text.length - TAIL ? text.slice(lastEsc) : '';
  }

  /** True when some G0–G3 may hold a set other than ASCII. */
  get nonAscii(): boolean {
    return this.designated.size > 0;
  }
}
