/**
 * One item of the Unicode width suite: a string (or, for the items terminals
 * choke on, raw bytes) whose cursor advance is measured, the Unicode and emoji
 * version it belongs to, and the advance the width specification expects.
 */

export const WIDTH_CATEGORIES = [
  'wide',
  'narrow',
  'ambiguous',
  'zero-width',
  'spacing-mark',
  'emoji-zwj',
  'vs16',
  'vs15',
  'flag',
  'lone-indicator',
  'skin-tone',
  'lone-modifier',
  'keycap',
  'emoji-tag',
  'hangul-jamo',
  'language',
  'choke',
] as const;

/** What a reader calls each category, where ucs-detect's names are the field's: SRI, SFZ, RI. */
export const CATEGORY_LABELS: Record<WidthCategory, string> = {
  wide: 'wide',
  narrow: 'narrow',
  ambiguous: 'ambiguous',
  'zero-width': 'zero width',
  'spacing-mark': 'spacing marks',
  'emoji-zwj': 'ZWJ',
  vs16: 'VS16',
  vs15: 'VS15',
  flag: 'RI flags',
  'lone-indicator': 'SRI',
  'skin-tone': 'skin tone',
  'lone-modifier': 'SFZ',
  keycap: 'keycap',
  'emoji-tag': 'tag flags',
  'hangul-jamo': 'jamo',
  language: 'languages',
  choke: 'choke',
};

export type WidthCategory = (typeof WIDTH_CATEGORIES)[number];

export interface WidthItem {
  /** `category:HEX-HEX…` (code points), or `choke:name`. Unique in the suite. */
  id: string;
  category: WidthCategory;
  /** What is written. Absent for choke items that are not valid UTF-8 (see bytes). */
  text?: string;
  /** Raw bytes as hex, for items that no string can hold (overlong forms, surrogates). */
  bytes?: string;
  /** The Unicode version that made the measured code point wide (wide) or assigned it (others). */
  unicode?: string;
  /** The emoji version, for emoji items. */
  emoji?: string;
  /**
   * The advance the width specification gives, each code point on its own
   * (mode 2027 off). For zero-width items the text starts with a base letter,
   * so 1 means "the mark added nothing". Absent for choke items (anything goes, as long as the run goes on).
   */
  expect?: number;
  /** For grapheme clusters: the advance as one cluster (UAX #29, mode 2027 on). The item is then measured in both modes. */
  cluster?: number;
  /**
   * The advance under the other convention for spacing marks (Mc counts 0, as
   * wcwidth() of one character does; `expect` counts 1 each): on items holding one.
   */
  alt?: number;
  /** For `language` items: the language (and declaration) the line comes from. */
  note?: string;
}

/** Items of the CJK extension planes 2 and 3: wide by range in most terminals, whatever their tables; every table sets them apart. */
export function inPlanes23(item: WidthItem): boolean {
  if (item.category !== 'wide' || !item.text) return false;
  const cp = item.text.codePointAt(0)!;
  return cp >= 0x20000 && cp <= 0x3ffff;
}

export interface WidthSuite {
  /** sha256 of the items, so a results file names the suite it measured. */
  hash: string;
  unicode: string;
  emoji: string;
  /** The data packages (name@version) the suite was generated from. */
  sources: string[];
  /** Where the language samples come from, and how many languages (ISO 639-3) they are in. */
  languages?: { source: string; count: number };
  items: WidthItem[];
}

/** The bytes an item writes. */
export function itemBytes(item: WidthItem): Uint8Array {
  if (item.bytes !== undefined) return Uint8Array.from(item.bytes.match(/../g) ?? [], (h) => parseInt(h, 16));
  return new TextEncoder().encode(item.text ?? '');
}
