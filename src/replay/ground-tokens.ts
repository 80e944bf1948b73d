/**
 * Split terminal output into tokens that each leave a VT500-style parser in its
 * ground state: one control, one printable character (a whole UTF-8 sequence),
 * or one whole escape sequence (ESC …, CSI …, or an OSC/DCS/APC/PM/SOS string up
 * to its terminator). Cutting the stream only between tokens never splits a
 * sequence, so state can be read there, and a shrinker can drop tokens whole.
 * Returns the end offset of each token (the last one is the stream's length; a
 * sequence still open at the end makes one last token).
 */
enum S { Ground, Utf8, Esc, EscInter, Csi, Str, StrEsc }

export function groundTokenEnds(bytes: Uint8Array): Uint32Array {
  const ends = new Uint32Array(bytes.length + 1);
  let n = 0;
  let s = S.Ground;
  let utf8Left = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    let done = false;
    // CAN and SUB end any sequence; ESC starts one (inside a string, it may begin ST).
    if ((b === 0x18 || b === 0x1a) && s !== S.Ground && s !== S.Utf8) {
      s = S.Ground;
      done = true;
    } else {
      switch (s) {
        case S.Ground:
          if (b === 0x1b) s = S.Esc;
          else if (b === 0x9b) s = S.Csi;
          else if (b === 0x90 || b === 0x9d || b === 0x98 || b === 0x9e || b === 0x9f) s = S.Str;
          else if (b >= 0xc2 && b <= 0xf4) {
            s = S.Utf8;
            utf8Left = b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : 1;
          } else done = true;
          break;
        case S.Utf8:
          if ((b & 0xc0) === 0x80) {
            if (--utf8Left === 0) {
              s = S.Ground;
              done = true;
            }
          } else {
            // A broken sequence: the lead byte was a token of its own; read this byte afresh.
            ends[n++] = i;
            s = S.Ground;
            i--;
            continue;
          }
          break;
        case S.Esc:
          if (b === 0x5b) s = S.Csi;
          else if (b === 0x5d || b === 0x50 || b === 0x58 || b === 0x5e || b === 0x5f) s = S.Str;
          else if (b === 0x1b) s = S.Esc;
          else if (b >= 0x20 && b <= 0x2f) s = S.EscInter;
          else if (b >= 0x30 && b <= 0x7e) {
            s = S.Ground;
            done = true;
          }
          break;
        case S.EscInter:
          if (b === 0x1b) s = S.Esc;
          else if (b >= 0x30 && b <= 0x7e) {
            s = S.Ground;
            done = true;
          }
          break;
        case S.Csi:
          if (b === 0x1b) s = S.Esc;
          else if (b >= 0x40 && b <= 0x7e) {
            s = S.Ground;
            done = true;
          }
          break;
        case S.Str:
          if (b === 0x07 || b === 0x9c) {
            s = S.Ground;
            done = true;
          } else if (b === 0x1b) s = S.StrEsc;
          break;
        case S.StrEsc:
          if (b === 0x5c) {
            s = S.Ground;
            done = true;
          } else if (b === 0x1b) s = S.StrEsc;
          else {
            // ESC ended the string and began an escape sequence: read this byte in that state.
            s = S.Esc;
            i--;
            continue;
          }
          break;
      }
    }
    if (done) ends[n++] = i + 1;
  }
  if (n === 0 || ends[n - 1] !== bytes.length) ends[n++] = bytes.length;
  return ends.subarray(0, bytes.length === 0 ? 0 : n);
}
