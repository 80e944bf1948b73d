/**
 * Streaming UTF-8 decoder. A character split across chunks decodes as if the
 * chunks had arrived together; every ill-formed byte sequence becomes one U+FFFD
 * per maximal subpart (the WHATWG "replacement" behaviour, the same as
 * `new TextDecoder()` with `stream: true`). It never throws.
 *
 * The decoder hands out complete code points only, so a surrogate pair is never
 * split between two returned strings.
 *
 * With `c1Bytes`, a byte 0x80–0x9F that starts no character is that C1 control
 * instead of U+FFFD (a continuation byte inside a character stays one).
 */

const REPLACEMENT = 0xfffd;
/** Characters per String.fromCharCode call: keeps the argument list small. */
const BATCH = 8192;

export class Utf8Decoder {
  /** Code point bits gathered so far for the character in progress. */
  private codePoint = 0;
  /** Continuation bytes the character in progress still needs (0: none pending). */
  private needed = 0;
  /** Continuation bytes of the character in progress seen so far. */
  private seen = 0;
  /** Allowed range of the next continuation byte (narrower after E0, ED, F0, F4). */
  private lower = 0x80;
  private upper = 0xbf;
  private units = new Uint16Array(256);
  /** Bytes 0x80–0x9F that start no character decode as C1 controls (see ReplyParserOptions.c1Bytes). */
  private readonly c1Bytes: boolean;

  constructor(opts: { c1Bytes?: boolean } = {}) {
    this.c1Bytes = opts.c1Bytes === true;
  }

  /** Bytes held back because they begin a character that has not finished yet. */
  get pending(): number {
    return this.needed === 0 ? 0 : this.seen + 1;
  }

  /** Decode one chunk; bytes of an unfinished character are kept for the next call. */
  decode(bytes: Uint8Array): string {
    // One chunk yields at most one code unit per byte, plus one for a character
    // begun in an earlier chunk (an U+FFFD, or the second half of a pair).
    if (this.units.length < bytes.length + 2) this.units = new Uint16Array(bytes.length + 2);
    const out = this.units;
    let n = 0;
    let { codePoint, needed, seen, lower, upper } = this;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (needed === 0) {
        if (b < 0x80) {
          out[n++] = b;
        } else if (b >= 0xc2 && b <= 0xdf) {
          needed = 1;
          codePoint = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0; // would be overlong
          if (b === 0xed) upper = 0x9f; // would be a surrogate
          needed = 2;
          codePoint = b & 0x0f;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90; // would be overlong
          if (b === 0xf4) upper = 0x8f; // would exceed U+10FFFF
          needed = 3;
          codePoint = b & 0x07;
        } else if (b <= 0x9f && this.c1Bytes) {
          out[n++] = b; // a raw 8-bit C1 control
        } else {
          out[n++] = REPLACEMENT; // 80–C1, F5–FF can never start a character
        }
        continue;
      }
      if (b < lower || b > upper) {
        // The character in progress is a maximal subpart: one U+FFFD, then this
        // byte is looked at again as the possible start of a new character.
        codePoint = needed = seen = 0;
        lower = 0x80;
        upper = 0xbf;
        out[n++] = REPLACEMENT;
        i--;
        continue;
      }
      lower = 0x80;
      upper = 0xbf;
      codePoint = (codePoint << 6) | (b & 0x3f);
      if (++seen < needed) continue;
      if (codePoint > 0xffff) {
        const v = codePoint - 0x10000;
        out[n++] = 0xd800 | (v >> 10);
        out[n++] = 0xdc00 | (v & 0x3ff);
      } else {
        out[n++] = codePoint;
      }
      codePoint = needed = seen = 0;
    }
    this.codePoint = codePoint;
    this.needed = needed;
    this.seen = seen;
    this.lower = lower;
    this.upper = upper;
    return unitsToString(out, n);
  }

  /** End of stream: an unfinished character becomes U+FFFD. */
  flush(): string {
    if (this.needed === 0) return '';
    this.codePoint = this.needed = this.seen = 0;
    this.lower = 0x80;
    this.upper = 0xbf;
    return String.fromCharCode(REPLACEMENT);
  }
}

function unitsToString(units: Uint16Array, length: number): string {
  let text = '';
  if (length <= 8) {
    // Tiny chunks (a keystroke, a byte at a time): cheaper than building an argument list.
    for (let i = 0; i < length; i++) text += String.fromCharCode(units[i]!);
    return text;
  }
  for (let start = 0; start < length; start += BATCH) {
    // apply() takes the typed array as an array-like, without copying it to an Array.
    const slice = units.subarray(start, Math.min(start + BATCH, length));
    text += String.fromCharCode.apply(null, slice as unknown as number[]);
  }
  return text;
}
