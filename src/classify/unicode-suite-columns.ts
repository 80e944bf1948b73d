/**
 * What the Unicode verdict reads of each width-suite item, as columns made once
 * per suite: a site build judges 28 terminals against the same 164,208 items,
 * and reading the items' fields (objects of a dozen shapes: optional text,
 * emoji, cluster, alt…) and keying maps by their version strings, per item and
 * per terminal, was most of the verdicts' time. The verdict (unicode-verdict.ts)
 * counts into arrays indexed by these numbers and names them at the end.
 */
import { inPlanes23, type WidthCategory, type WidthItem, type WidthSuite } from '../corpus/width-suite/width-item.js';

/** Where a number field is absent (expect, cluster, alt): never equal to an answer, as undefined was not. */
export const NONE = Number.NaN;

export interface SuiteColumns {
  /** The categories in order of their first item; `category[i]` indexes it. */
  categories: WidthCategory[];
  category: Uint8Array;
  /** Item indexes by category, in suite order. */
  byCategory: Map<WidthCategory, number[]>;
  expect: Float64Array;
  cluster: Float64Array;
  /** `alt ?? expect`. */
  alt: Float64Array;
  /** Items measured as clusters that a per-code-point reading would draw otherwise (cluster ≠ expect). */
  clusterDiffers: Int32Array;
  /** 1 for the CJK extensions of planes 2-3 (inPlanes23). */
  ext: Uint8Array;
  /** Unicode version: index into `versions` (-1: none), and the version as a number (num()). */
  version: Int32Array;
  versions: string[];
  versionNum: Float64Array;
  /** Emoji version: index into `emojis` (-1: none). */
  emoji: Int32Array;
  emojis: string[];
  /** The wide and zero-width items' "version bucket" tally, by index into `wideKeys` (-1: none). */
  wideKey: Int32Array;
  wideKeys: string[];
  /** The single emoji's (wide, lone-modifier) "emoji category" tally, by index into `emojiKeys` (-1: none). */
  emojiKey: Int32Array;
  emojiKeys: string[];
}

const prepared = new WeakMap<WidthSuite, SuiteColumns>();

const bucketOf = (item: WidthItem) => `${item.category}${(item.text?.codePointAt(item.category === 'zero-width' ? 1 : 0) ?? 0) >= 0x20000 ? '-ext' : ''}`;

/** Index of a string in a list, added on first sight. */
function indexer(list: string[]): (s: string) => number {
  const at = new Map<string, number>();
  return (s) => {
    let i = at.get(s);
    if (i === undefined) at.set(s, (i = list.push(s) - 1));
    return i;
  };
}

export function suiteColumns(suite: WidthSuite, num: (version: string) => number): SuiteColumns {
  const cached = prepared.get(suite);
  if (cached) return cached;
  const items = suite.items;
  const n = items.length;
  const c: SuiteColumns = {
    categories: [],
    category: new Uint8Array(n),
    byCategory: new Map(),
    expect: new Float64Array(n),
    cluster: new Float64Array(n),
    alt: new Float64Array(n),
    clusterDiffers: new Int32Array(0),
    ext: new Uint8Array(n),
    version: new Int32Array(n),
    versions: [],
    versionNum: new Float64Array(n),
    emoji: new Int32Array(n),
    emojis: [],
    wideKey: new Int32Array(n),
    wideKeys: [],
    emojiKey: new Int32Array(n),
    emojiKeys: [],
  };
  const categoryOf = indexer(c.categories);
  const versionOf = indexer(c.versions);
  const emojiOf = indexer(c.emojis);
  const wideKeyOf = indexer(c.wideKeys);
  const emojiKeyOf = indexer(c.emojiKeys);
  const differs: number[] = [];
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    c.category[i] = categoryOf(item.category);
    const list = c.byCategory.get(item.category);
    if (list) list.push(i);
    else c.byCategory.set(item.category, [i]);
    c.expect[i] = item.expect ?? NONE;
    c.cluster[i] = item.cluster ?? NONE;
    c.alt[i] = item.alt ?? item.expect ?? NONE;
    if (item.cluster !== undefined && item.cluster !== item.expect) differs.push(i);
    c.ext[i] = inPlanes23(item) ? 1 : 0;
    c.version[i] = item.unicode ? versionOf(item.unicode) : -1;
    c.versionNum[i] = item.unicode ? num(item.unicode) : 0;
    c.emoji[i] = item.emoji ? emojiOf(item.emoji) : -1;
    c.wideKey[i] = item.category === 'wide' || item.category === 'zero-width' ? wideKeyOf(`${item.unicode!} ${bucketOf(item)}`) : -1;
    c.emojiKey[i] = item.emoji && (item.category === 'wide' || item.category === 'lone-modifier') ? emojiKeyOf(`${item.emoji} ${item.category}`) : -1;
  }
  c.clusterDiffers = Int32Array.from(differs);
  prepared.set(suite, c);
  return c;
}
