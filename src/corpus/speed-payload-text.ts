/**
 * The text the speed payloads are made of (speed-payloads.ts), from a seeded
 * generator: words of ASCII, runs of characters each after an SGR change, and
 * wide and combining Unicode, each in a given number of columns.
 */
/** mulberry32: a small, fixed 32-bit generator (the same numbers everywhere; no Math.random). */
export function generator(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

const WORD_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PUNCT = '.,;:!?-_()[]{}<>/\\|@#$%^&*+=~`\'"';

/** `width` columns of words and punctuation (ASCII 0x20-0x7e). */
export function asciiText(rand: (n: number) => number, width: number): string {
  let out = '';
  while (out.length < width) {
    const word = 1 + rand(9);
    for (let i = 0; i < word && out.length < width; i++) out += WORD_CHARS[rand(WORD_CHARS.length)];
    if (out.length < width) out += rand(6) === 0 ? PUNCT[rand(PUNCT.length)] : ' ';
  }
  return out;
}

/** One SGR change, dense and varied: 256-colour and direct-colour foregrounds and backgrounds, attributes on and off. */
function sgrChange(rand: (n: number) => number): string {
  switch (rand(6)) {
    case 0: return `\x1b[38;5;${rand(256)}m`;
    case 1: return `\x1b[48;5;${rand(256)}m`;
    case 2: return `\x1b[38;2;${rand(256)};${rand(256)};${rand(256)}m`;
    case 3: return `\x1b[48;2;${rand(256)};${rand(256)};${rand(256)}m`;
    case 4: return `\x1b[${[1, 3, 4, 7, 22, 23, 24, 27][rand(8)]}m`;
    default: return `\x1b[0;${30 + rand(8)};${40 + rand(8)}m`;
  }
}

/** `width` columns in runs of 1-4 characters, each run after an SGR change; ends with SGR 0. */
export function sgrText(rand: (n: number) => number, width: number): string {
  let out = '';
  let used = 0;
  while (used < width) {
    out += sgrChange(rand);
    const run = Math.min(width - used, 1 + rand(4));
    for (let i = 0; i < run; i++) out += WORD_CHARS[rand(WORD_CHARS.length)];
    used += run;
  }
  return `${out}\x1b[0m`;
}

/**
 * Up to `width` columns of wide and combining text: CJK ideographs and Hangul syllables (two columns each, in every
 * terminal here), Latin letters with one or two combining marks, Greek and Cyrillic letters. No emoji: terminals
 * disagree on their width, and a line that wraps in one terminal and not another is not the same work.
 */
export function unicodeText(rand: (n: number) => number, width: number): string {
  let out = '';
  let used = 0;
  while (used < width) {
    const kind = rand(5);
    if (kind <= 1 && used + 2 <= width) {
      out += String.fromCodePoint(kind === 0 ? 0x4e00 + rand(0x5200) : 0xac00 + rand(0x2ba4));
      used += 2;
      continue;
    }
    if (kind === 2) out += WORD_CHARS[rand(52)]! + String.fromCodePoint(0x300 + rand(0x70)) + (rand(3) === 0 ? String.fromCodePoint(0x300 + rand(0x70)) : '');
    else if (kind === 3) out += String.fromCodePoint(0x3b1 + rand(25));
    else out += String.fromCodePoint(0x430 + rand(32));
    used += 1;
  }
  return out;
}
