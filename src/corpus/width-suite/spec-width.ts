/**
 * The advance the width specification gives a string: the wcwidth
 * specification that ucs-detect measures against (jquast/wcwidth docs/specs.rst),
 * over Unicode data handed in as sets, in two readings:
 * - per code point (mode 2027 off): the sum of each code point's width;
 * - as grapheme clusters (mode 2027 on): emoji sequences (ZWJ, flags, modifiers,
 *   keycaps, VS16) are one wide cell, VS15 makes a wide base narrow.
 * Virama conjuncts are not modelled: language samples are judged per code
 * point, under two conventions for spacing marks (Mc): each advances one column
 * (Unicode's General Category gives them a positive advance; glibc and xterm),
 * or none (wcwidth() of a single character, and terminals that draw a mark
 * over its base's cell).
 */

export interface WidthData {
  /** East Asian Width W or F. */
  wide: ReadonlySet<number>;
  /** General category Mn, Me or Cf. */
  mnMeCf: ReadonlySet<number>;
  /** Mc (spacing combining mark). */
  mc: ReadonlySet<number>;
  defaultIgnorable: ReadonlySet<number>;
  prependedConcatenationMark: ReadonlySet<number>;
  regionalIndicator: ReadonlySet<number>;
  emojiModifier: ReadonlySet<number>;
  extendedPictographic: ReadonlySet<number>;
  /** Bases with an emoji-style (VS16) variation sequence. */
  vs16Bases: ReadonlySet<number>;
  /** Bases with a text-style (VS15) variation sequence. */
  vs15Bases: ReadonlySet<number>;
}

const ZWJ = 0x200d;
const VS15 = 0xfe0e;
const VS16 = 0xfe0f;

/** One code point's width on its own, per the specification (C0/C1 controls are not measured: -1). */
export function codePointWidth(cp: number, d: WidthData): number {
  if (cp === 0) return 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return -1;
  if (cp === 0xad) return 1;
  if (cp === 0x115f) return 2;
  if (cp === 0x2028 || cp === 0x2029) return 0;
  if ((cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff)) return 0;
  if (d.mnMeCf.has(cp) && !d.prependedConcatenationMark.has(cp)) return 0;
  if (d.defaultIgnorable.has(cp)) return 0;
  if (d.wide.has(cp) || d.regionalIndicator.has(cp)) return 2;
  return 1;
}

/** The advance with each code point taken alone (mode 2027 off); a spacing mark (Mc) counts `mc` columns (1, or 0 in the other convention). */
export function perCodePointWidth(text: string, d: WidthData, mc: 0 | 1 = 1): number {
  let total = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const w = d.mc.has(cp) ? mc : codePointWidth(cp, d);
    total += Math.max(0, w);
  }
  return total;
}

/**
 * The advance of one emoji-style grapheme cluster (mode 2027 on): 2 for a ZWJ
 * sequence, a flag, a modified or keycap sequence, or a VS16 sequence; 1 for a
 * VS15 sequence on a base that has one; otherwise the base's own width.
 */
export function clusterWidth(text: string, d: WidthData): number {
  const cps = Array.from(text, (ch) => ch.codePointAt(0)!);
  const base = cps[0]!;
  if (cps.length === 1) return codePointWidth(base, d);
  if (cps.includes(VS15) && d.vs15Bases.has(base) && !cps.includes(ZWJ)) return 1;
  if (cps.includes(VS16) && d.vs16Bases.has(base)) return 2;
  if (cps.includes(ZWJ) && d.extendedPictographic.has(base)) return 2;
  if (d.regionalIndicator.has(base) && cps.length === 2 && d.regionalIndicator.has(cps[1]!)) return 2;
  if (d.emojiModifier.has(cps[1]!)) return 2;
  // Hangul L+V(+T), or a base with marks: the base decides.
  return codePointWidth(base, d) === 2 ? 2 : Math.max(1, codePointWidth(base, d));
}
