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

  /**
   * Feed the next chunk; returns how many DA1 replies it completed. One loop
   * with the state in a local: this runs over every byte the terminal sends,
   * mostly before the JIT has warmed up, where a method call per byte cost
   * as much as the engine's whole reply parser.
   */
  feed(bytes: Uint8Array): number {
    const before = this.da1;
    let s = this.s;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === 0x18 || b === 0x1a) {
        s = S.Ground; // CAN / SUB abort any sequence
        continue;
      }
      switch (s) {
        case S.Ground:
          if (b === ESC) s = S.Escape;
          else if (b === 0x03) this.ctrlC++;
          else if (b === 0x9b) s = S.CsiEntry;
          break;
        case S.Escape:
          if (b === 0x5b) s = S.CsiEntry;
          else if (b === 0x5d || b === 0x50 || b === 0x5f || b === 0x5e || b === 0x58) s = S.Str;
          else if (b !== ESC) s = S.Ground;
          break;
        case S.CsiEntry:
          s = b === 0x3f ? S.CsiPrivate : csi(b);
          break;
        case S.CsiPrivate:
          if (b === 0x63) {
            this.da1++;
            s = S.Ground;
          } else s = b >= 0x30 && b <= 0x3b ? S.CsiPrivate : csi(b);
          break;
        case S.CsiOther:
          s = csi(b);
          break;
        case S.Str:
          if (b === 0x07 || b === 0x9c) s = S.Ground;
          else if (b === ESC) s = S.StrEscape;
          break;
        case S.StrEscape:
          s = S.Ground;
          if (b !== 0x5c) i--; // ESC ended the string and starts whatever follows: read this byte again
          break;
      }
    }
    this.s = s;
    return this.da1 - before;
  }
}

/** Inside a CSI sequence: a final byte ends it, ESC starts anew, anything else continues it. */
function csi(b: number): S {
  if (b === ESC) return S.Escape;
  if (b >= 0x40 && b <= 0x7e) return S.Ground;
  return S.CsiOther;
}
