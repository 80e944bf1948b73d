/**
 * Bytes → readable forms: termprobe's escape notation (for results files and
 * reports) and a one-line printf command that reproduces them in any POSIX shell.
 */

const NAMED: Record<number, string> = { 0x1b: '\\e', 0x07: '\\a', 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0b: '\\v', 0x0c: '\\f', 0x0d: '\\r', 0x00: '\\0', 0x5c: '\\\\' };
const MIN_RUN = 8;

/** Split bytes into tokens: one printable character (possibly multi-byte UTF-8) or one escaped byte. */
function tokens(bytes: Uint8Array): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const named = NAMED[b];
    if (named) {
      out.push(named);
      i++;
    } else if (b >= 0x20 && b < 0x7f) {
      out.push(String.fromCharCode(b));
      i++;
    } else if (b >= 0xc2 && b <= 0xf4) {
      const len = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
      const cp = decodeOne(bytes, i, len);
      if (cp === null) {
        out.push(hex(b));
        i++;
      } else {
        out.push(isVisible(cp) ? String.fromCodePoint(cp) : `\\u{${cp.toString(16).toUpperCase()}}`);
        i += len;
      }
    } else {
      out.push(hex(b));
      i++;
    }
  }
  return out;
}

function hex(b: number): string {
  return `\\x${b.toString(16).padStart(2, '0')}`;
}

function decodeOne(bytes: Uint8Array, i: number, len: number): number | null {
  if (i + len > bytes.length) return null;
  let cp = bytes[i]! & (len === 2 ? 0x1f : len === 3 ? 0x0f : 0x07);
  for (let k = 1; k < len; k++) {
    const c = bytes[i + k]!;
    if ((c & 0xc0) !== 0x80) return null;
    cp = (cp << 6) | (c & 0x3f);
  }
  const min = len === 2 ? 0x80 : len === 3 ? 0x800 : 0x10000;
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
  return cp;
}

/** Visible as itself: letters, symbols, CJK, emoji. Controls, combining marks, format and space characters are escaped. */
function isVisible(cp: number): boolean {
  const ch = String.fromCodePoint(cp);
  return !/[\p{C}\p{M}\p{Z}]/u.test(ch) && !/\p{Default_Ignorable_Code_Point}/u.test(ch);
}

/** Bytes → escape notation; runs of 8 or more identical tokens become \{x*N}. */
export function escapeBytes(bytes: Uint8Array): string {
  const toks = tokens(bytes);
  let out = '';
  for (let i = 0; i < toks.length; ) {
    let j = i + 1;
    while (j < toks.length && toks[j] === toks[i]) j++;
    const n = j - i;
    const t = toks[i]!;
    if (n >= MIN_RUN) out += `\\{${t === '*' ? '\\x2a' : t}*${n}}`;
    else out += t.repeat(n);
    i = j;
  }
  return out;
}

/** A string (JS text, e.g. a decoded reply) → escape notation, via its UTF-8 bytes. */
export function escapeText(text: string): string {
  return escapeBytes(new TextEncoder().encode(text));
}

/** Bytes → `printf '...'` reproducing them exactly; octal escapes for anything not plain ASCII. */
export function printfCommand(bytes: Uint8Array): string {
  let body = '';
  for (const b of bytes) {
    if (b === 0x25) body += '%%';
    else if (b === 0x5c) body += '\\\\';
    else if (b === 0x27) body += '\\047';
    else if (b >= 0x20 && b < 0x7f) body += String.fromCharCode(b);
    else body += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `printf '${body}'`;
}
