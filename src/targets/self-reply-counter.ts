/**
 * What the self session itself needs from the bytes the terminal sends, beside
 * the engine's full reply parser: how many DA1 replies (CSI ? … c) came (so the
 * end of a run can wait for every reply still in flight), and whether the user
 * typed Ctrl-C (a byte in raw mode). A few states over bytes, kept across
 * chunks; strings (DCS, OSC, APC, PM, SOS) are skipped whole, so their payload
 * never counts.
 */

const enum S {
  Ground,
  Escape,
  CsiEntry,
  CsiPrivate,
  CsiOther,
  Str,
  StrEscape,
}

const ESC = 0x1b;

export class ReplyCounter {
  private s = S.Ground;
  da1 = 0;
  ctrlC = 0;

  /** Feed the next chunk; returns how many DA1 replies it completed. */
  feed(bytes: Uint8Array): number {
    const before = this.da1;
    // Indexed, not for-of: before the JIT warms up, for-of allocates a result object per byte.
    for (let i = 0; i < bytes.length; i++) this.step(bytes[i]!);
    return this.da1 - before;
  }

  private step(b: number): void {
    if (b === 0x18 || b === 0x1a) {
      this.s = S.Ground; // CAN / SUB abort any sequence
      return;
    }
    switch (this.s) {
      case S.Ground:
        if (b === ESC) this.s = S.Escape;
        else if (b === 0x03) this.ctrlC++;
        else if (b === 0x9b) this.s = S.CsiEntry;
        return;
      case S.Escape:
        if (b === 0x5b) this.s = S.CsiEntry;
        else if (b === 0x5d || b === 0x50 || b === 0x5f || b === 0x5e || b === 0x58) this.s = S.Str;
        else if (b !== ESC) this.s = S.Ground;
        return;
      case S.CsiEntry:
        this.s = b === 0x3f ? S.CsiPrivate : this.csi(b, S.CsiOther);
        return;
      case S.CsiPrivate:
        if (b === 0x63) {
          this.da1++;
          this.s = S.Ground;
        } else this.s = (b >= 0x30 && b <= 0x3b) ? S.CsiPrivate : this.csi(b, S.CsiOther);
        return;
      case S.CsiOther:
        this.s = this.csi(b, S.CsiOther);
        return;
      case S.Str:
        if (b === 0x07 || b === 0x9c) this.s = S.Ground;
        else if (b === ESC) this.s = S.StrEscape;
        return;
      case S.StrEscape:
        this.s = S.Ground;
        if (b !== 0x5c) this.step(b); // ESC ends the string and starts whatever follows
        return;
    }
  }

  /** Inside a CSI sequence: a final byte ends it, ESC starts anew, anything else continues it. */
  private csi(b: number, cont: S): S {
    if (b === ESC) return S.Escape;
    if (b >= 0x40 && b <= 0x7e) return S.Ground;
    return cont;
  }
}
