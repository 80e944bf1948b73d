/**
 * Which mouse-reporting modes the bytes written to a terminal may have left on,
 * so the selection read-back switches them off (one round trip to the
 * terminal) only when a probe could have turned one on. Conservative: DECSET
 * (`CSI ? Pm h`) of a mouse mode marks it, DECRST (`CSI ? Pm l`) clears it,
 * XTRESTORE (`CSI ? Pm r`) marks what it names (it may restore "on"), in
 * 7-bit (ESC [) and C1 (0x9B, raw or UTF-8 encoded) form; a sequence split
 * across writes is still seen. A false alarm costs one round trip, never a
 * wrong read.
 */

/** The modes MOUSE_MODES_OFF resets: X10, normal, highlight, button, any-event, focus, UTF-8, SGR, urxvt, SGR-pixels. */
export const MOUSE_MODES = [9, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1015, 1016] as const;

/** Every mouse reporting mode off, in one write. */
export const MOUSE_MODES_OFF = MOUSE_MODES.map((m) => `\x1b[?${m}l`).join('');

const SEQUENCE = /(?:\x1b\[|\xc2\x9b|\x9b)\?([\d;:]*)([hlr])/g;
const MODES = new Set<number>(MOUSE_MODES);
/** Bytes kept from the end of a write, so a sequence split across writes is still found. */
const TAIL = 256;

export class MouseModeTracker {
  private readonly on = new Set<number>();
  private tail = '';

  /** Bytes about to reach the terminal. */
  see(data: Uint8Array): void {
    const text = this.tail + Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
    let done = 0;
    for (const m of text.matchAll(SEQUENCE)) {
      for (const param of m[1]!.split(';')) {
        const mode = Number(param);
        if (!MODES.has(mode)) continue;
        if (m[2] === 'l') this.on.delete(mode);
        else this.on.add(mode);
      }
      done = m.index! + m[0].length;
    }
    this.tail = text.slice(Math.max(done, text.length - TAIL));
  }

  /** True when a mouse mode may be on. */
  get dirty(): boolean {
    return this.on.size > 0;
  }

  /** MOUSE_MODES_OFF has been processed by the terminal. */
  cleared(): void {
    this.on.clear();
  }
}
