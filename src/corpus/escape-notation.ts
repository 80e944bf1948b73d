/**
 * termprobe's escape notation for bytes in probe files and results files.
 *
 *   \e  ESC   \a BEL  \b BS  \t HT  \n LF  \v VT  \f FF  \r CR  \0 NUL  \\ backslash
 *   \xHH        one raw byte (so "\xe2\x94\x80" is a UTF-8 sequence, "\x9b" an 8-bit CSI)
 *   \u{H..H}    one code point, UTF-8 encoded
 *   \{...*N}    the group repeated N times (groups nest; escapes work inside)
 *   ${cols} ${rows} ${cols-1} ${rows+2} ${cols/2}   the run's size, substituted first
 *               (a division rounds down and comes before the + or -: ${cols/2+1})
 *
 * Any other character stands for itself, UTF-8 encoded.
 */

export class NotationError extends Error {
  constructor(message: string, readonly index: number) {
    super(message);
    this.name = 'NotationError';
  }
}

export interface SizeVars {
  cols: number;
  rows: number;
}

const SIMPLE: Record<string, number> = { e: 0x1b, a: 0x07, b: 0x08, t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d, '0': 0x00, '\\': 0x5c };
const MAX_BYTES = 1 << 20;

/** A size expression as it stands inside ${…}: cols or rows, optionally divided (rounding down), then plus or minus a number. */
export const SIZE_EXPRESSION = /^(cols|rows)(?:\/([1-9]\d*))?(?:([+-])(\d+))?$/;

/** The value of a size expression (cols, rows-1, cols/2+1) at this size, or null when it is not one. */
export function sizeExpressionValue(expr: string, size: SizeVars): number | null {
  const m = SIZE_EXPRESSION.exec(expr.trim());
  if (!m) return null;
  const base = Math.floor((m[1] === 'cols' ? size.cols : size.rows) / (m[2] ? Number(m[2]) : 1));
  const delta = m[4] ? Number(m[4]) * (m[3] === '-' ? -1 : 1) : 0;
  return base + delta;
}

/** Replace ${cols}, ${rows}, ${cols-1}, ${rows+2}, ${cols/2}; any other ${…} is an error. */
export function substituteSize(text: string, size: SizeVars): string {
  if (!text.includes('${')) return text;
  return text.replace(/\$\{([^}]*)\}/g, (_m, expr: string, offset: number) => {
    const value = sizeExpressionValue(expr, size);
    if (value === null) throw new NotationError(`unknown variable "\${${expr}}" (use \${cols}, \${rows}, \${cols-1}, \${rows+2}, \${cols/2})`, offset);
    return String(value);
  });
}


class Decoder {
  private i = 0;
  private readonly out: number[] = [];
  constructor(private readonly src: string) {}

  run(): Uint8Array {
    this.group(false, this.out);
    return Uint8Array.from(this.out);
  }

  /** Decode until end (or until the '*N}' closing a group when inGroup). */
  private group(inGroup: boolean, out: number[]): void {
    const s = this.src;
    while (this.i < s.length) {
      const ch = s[this.i]!;
      if (inGroup && ch === '*') {
        const m = /^\*(\d+)\}/.exec(s.slice(this.i));
        if (m) return;
      }
      if (ch !== '\\') {
        const cp = s.codePointAt(this.i)!;
        pushUtf8(out, cp);
        this.i += cp > 0xffff ? 2 : 1;
        continue;
      }
      const start = this.i;
      const next = s[this.i + 1];
      if (next === undefined) throw new NotationError('a lone backslash ends the text (write \\\\ for a backslash)', start);
      if (Object.hasOwn(SIMPLE, next)) {
        out.push(SIMPLE[next]!);
        this.i += 2;
      } else if (next === 'x') {
        const hex = s.slice(this.i + 2, this.i + 4);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new NotationError(`\\x needs two hex digits, got "${hex}"`, start);
        out.push(parseInt(hex, 16));
        this.i += 4;
      } else if (next === 'u') {
        const m = /^\\u\{([0-9a-fA-F]{1,6})\}/.exec(s.slice(this.i));
        if (!m) throw new NotationError('\\u needs braces and 1–6 hex digits, e.g. \\u{1F600}', start);
        const cp = parseInt(m[1]!, 16);
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw new NotationError(`\\u{${m[1]}} is not a Unicode scalar value`, start);
        pushUtf8(out, cp);
        this.i += m[0].length;
      } else if (next === '{') {
        this.i += 2;
        const inner: number[] = [];
        this.group(true, inner);
        const m = /^\*(\d+)\}/.exec(s.slice(this.i));
        if (!m) throw new NotationError('a repeat group \\{…*N} is not closed', start);
        const count = Number(m[1]);
        if (inner.length * count + out.length > MAX_BYTES) throw new NotationError('the repeat makes more than 1 MiB', start);
        for (let k = 0; k < count; k++) for (const b of inner) out.push(b);
        this.i += m[0].length;
      } else {
        throw new NotationError(`unknown escape "\\${next}"`, start);
      }
    }
    if (inGroup) throw new NotationError('a repeat group \\{…*N} is not closed', this.i);
  }
}

function pushUtf8(out: number[], cp: number): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
}

/** Notation → bytes. Size variables are substituted first. */
const encoder = new TextEncoder();
/** Notation that uses only the one-letter escapes: decoded by a replace and the native UTF-8 encoder. */
const ONLY_SIMPLE_ESCAPES = /^(?:[^\\]|\\[eabtnvfr0\\])*$/;
const SIMPLE_ESCAPE = /\\([eabtnvfr0\\])/g;

export function decodeNotation(text: string, size: SizeVars = { cols: 80, rows: 24 }): Uint8Array {
  const plain = text.includes('${') ? substituteSize(text, size) : text;
  const simple = simpleText(plain);
  return simple === null ? new Decoder(plain).run() : encoder.encode(simple);
}

/**
 * The text a notation stands for (its bytes are this text in UTF-8), when the
 * notation uses only the one-letter escapes; null when it needs the full
 * decoder (\x, \u, repeat groups). For callers that want text, not bytes.
 */
export function notationText(text: string, size: SizeVars = { cols: 80, rows: 24 }): string | null {
  return simpleText(text.includes('${') ? substituteSize(text, size) : text);
}

function simpleText(plain: string): string | null {
  if (!ONLY_SIMPLE_ESCAPES.test(plain)) return null;
  return plain.includes('\\') ? plain.replace(SIMPLE_ESCAPE, (_m, c: string) => String.fromCharCode(SIMPLE[c]!)) : plain;
}

/** The full decoder alone, without the fast path (for tests that compare the two). */
export function decodeNotationFully(text: string, size: SizeVars = { cols: 80, rows: 24 }): Uint8Array {
  return new Decoder(substituteSize(text, size)).run();
}

/** Check a notation without a size (variables are checked with 80x24). Returns the error or null. */
export function checkNotation(text: string): NotationError | null {
  try {
    decodeNotation(text);
    return null;
  } catch (e) {
    if (e instanceof NotationError) return e;
    throw e;
  }
}
