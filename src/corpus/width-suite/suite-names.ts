/**
 * The names and blocks of the width suite's code points (Unicode 17.0), for
 * reports that list a disagreement by code point, name and block:
 * dist/width-suite-names.json, written with the suite at build time and read
 * only by what shows names (the published package has no Unicode data
 * packages). Names that are the code point itself ("CJK UNIFIED IDEOGRAPH-4E00",
 * "TANGUT IDEOGRAPH-17000") are kept as ranges of their prefix.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WidthSuite } from './width-item.js';

export const SUITE_NAMES_FILE = fileURLToPath(new URL('../../../dist/width-suite-names.json', import.meta.url));

interface NamesFile {
  /** [first, last, block name], in code point order. */
  blocks: [number, number, string][];
  /** [first, last, prefix]: the name is prefix + the code point in hex. */
  patterns: [number, number, string][];
  /** Other names by code point (decimal). */
  names: Record<string, string>;
}

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');

export async function writeSuiteNames(suite: WidthSuite, file = fileURLToPath(new URL('../../width-suite-names.json', import.meta.url))): Promise<void> {
  const { unicode17Blocks, unicode17Names } = await import('./unicode-data.js');
  const all = await unicode17Names();
  const cps = new Set<number>();
  for (const item of suite.items) for (const ch of item.text ?? '') cps.add(ch.codePointAt(0)!);
  const out: NamesFile = { blocks: await unicode17Blocks(), patterns: [], names: {} };
  for (const cp of [...cps].sort((a, b) => a - b)) {
    const name = all.get(cp);
    if (!name) continue;
    const suffix = `-${hex(cp)}`;
    const last = out.patterns[out.patterns.length - 1];
    if (name.endsWith(suffix)) {
      const prefix = name.slice(0, -suffix.length + 1);
      if (last && last[2] === prefix && last[1] === cp - 1) last[1] = cp;
      else out.patterns.push([cp, cp, prefix]);
    } else out.names[cp] = name;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(out));
  renameSync(`${file}.tmp`, file);
}

export interface CodePointInfo {
  name: string;
  block: string;
}

let cached: NamesFile | null | undefined;

/** Name and block of a code point, or undefined when the names file is not built (names are then left out, never guessed). */
export function codePointInfo(cp: number, file = SUITE_NAMES_FILE): CodePointInfo | undefined {
  if (cached === undefined) {
    try {
      cached = JSON.parse(readFileSync(file, 'utf8')) as NamesFile;
    } catch {
      cached = null;
    }
  }
  if (!cached) return undefined;
  const find = <T extends [number, number, string]>(list: T[]) => {
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = list[mid]!;
      if (cp < r[0]) hi = mid - 1;
      else if (cp > r[1]) lo = mid + 1;
      else return r;
    }
    return undefined;
  };
  const pattern = find(cached.patterns);
  const name = cached.names[cp] ?? (pattern ? `${pattern[2]}${hex(cp)}` : '');
  return { name, block: find(cached.blocks)?.[2] ?? 'No block' };
}
