/**
 * The Unicode verdict's pass over the 164,208 items of one terminal's answers,
 * as a function of typed arrays only. Written inside unicodeVerdict, the loop
 * read objects whose shapes differ from one results file to the next (its
 * settings, notes, the verdict's own maps), and V8 threw away and remade its
 * optimized code 14 times over the 28 published files: the first 15 took
 * 60-150 ms each, the others 9-18 ms. Here every input has one shape, and what
 * needs the items' objects (marked items, the names of what was counted) is
 * left to the caller, in item order.
 */
import type { SuiteColumns } from './unicode-suite-columns.js';

/** An answer not measured ('.'), and one measured with no answer. */
export const UNMEASURED = -1;
export const NO_ANSWER = -2;
export const answered = (a: number) => a !== UNMEASURED && a !== NO_ANSWER;

/** Items the caller handles itself, in item order: `special[k]` is the item index, `specialKind[k]` which case. */
export const LACKING = 1;
export const CHOKE = 2;
export const MARKED_OFF = 3;
export const MARKED_ON = 4;

/** The answered items' outcomes, in item order. */
export interface Outcomes {
  count: number;
  index: Int32Array;
  on: Uint8Array;
  expected: Float64Array;
  got: Float64Array;
  ok: Uint8Array;
  convention: Uint8Array;
}

/** Matched and total counts (matched at 2k, total at 2k+1) and the order each k was first counted in. */
export class Counter {
  readonly counts: Int32Array;
  readonly seen: Int32Array;
  length = 0;
  constructor(n: number) {
    this.counts = new Int32Array(n * 2);
    this.seen = new Int32Array(n);
  }
  tick(k: number, ok: boolean): void {
    if (this.counts[k * 2 + 1]!++ === 0) this.seen[this.length++] = k;
    if (ok) this.counts[k * 2]!++;
  }
  order(): number[] {
    return Array.from(this.seen.subarray(0, this.length));
  }
}

export interface ItemCounts {
  outcomes: Outcomes;
  special: Int32Array;
  specialKind: Uint8Array;
  specials: number;
  /** Per version: wide, wideExt, zero, narrow, each matched then total. */
  rows: Int32Array;
  shares: Counter;
  emoji: Counter;
  zwj: Counter;
  zwjAll: Counter;
  wide: Counter;
  emojiTally: Counter;
  /** Per category: off matched, off total, on matched, on total, changed; and the order first counted. */
  changes: Int32Array;
  changeOrder: number[];
}

export interface CountSettings {
  /** Clusters judged in the 2027-set pass (it was measured and the terminal claims the mode). */
  clustersOn: boolean;
  /** The 2027-set pass was measured. */
  measured: boolean;
  /** Clusters are read as clusters (else per code point). */
  asClusters: boolean;
  ambiguousWide: boolean;
  /** Per category: 2 when spacing marks are read as advancing none, 1 advancing one, 0 neither kind. */
  convention: Uint8Array;
  /** The category numbers of wide, zero-width, narrow, emoji-zwj, choke and ambiguous (-1: none in the suite). */
  kinds: Int32Array;
}

export function countItems(col: SuiteColumns, lacking: Uint8Array, off: Float64Array, on: Float64Array, s: CountSettings, outcomes: Outcomes): ItemCounts {
  const n = col.category.length;
  const WIDE = s.kinds[0]!;
  const ZERO = s.kinds[1]!;
  const NARROW = s.kinds[2]!;
  const ZWJ = s.kinds[3]!;
  const CHOKE_KIND = s.kinds[4]!;
  const AMBIGUOUS = s.kinds[5]!;
  const c: ItemCounts = {
    outcomes,
    special: new Int32Array(n),
    specialKind: new Uint8Array(n),
    specials: 0,
    rows: new Int32Array(col.versions.length * 8),
    shares: new Counter(col.categories.length),
    emoji: new Counter(col.emojis.length),
    zwj: new Counter(col.emojis.length),
    zwjAll: new Counter(1),
    wide: new Counter(col.wideKeys.length),
    emojiTally: new Counter(col.emojiKeys.length),
    changes: new Int32Array(col.categories.length * 5),
    changeOrder: [],
  };
  const rows = c.rows;
  const changes = c.changes;
  for (let index = 0; index < n; index++) {
    const cat = col.category[index]!;
    if (lacking[index] === 1) {
      c.special[c.specials] = index;
      c.specialKind[c.specials++] = LACKING;
      continue;
    }
    if (cat === CHOKE_KIND) {
      c.special[c.specials] = index;
      c.specialKind[c.specials++] = CHOKE;
      continue;
    }
    // Shares count what a table reader asks (a ZWJ sequence drawn as one emoji); disagreements, what the terminal claims.
    const cluster = col.cluster[index]!;
    const hasCluster = cluster === cluster; // not NaN: the item has a cluster advance
    const passOn = s.clustersOn && hasCluster;
    const expected = hasCluster ? cluster : col.expect[index]!;
    const convention = s.convention[cat]!;
    let claimed = s.asClusters ? expected : col.expect[index]!;
    if (convention === 2) claimed = col.alt[index]!;
    if (cat === AMBIGUOUS && s.ambiguousWide) claimed = 2;
    const answer = passOn ? on[index]! : off[index]!;
    if (answer === UNMEASURED || answer === NO_ANSWER) {
      c.special[c.specials] = index;
      c.specialKind[c.specials++] = passOn ? MARKED_ON : MARKED_OFF;
      continue;
    }
    if (s.measured && hasCluster) {
      const a = off[index]!;
      const b = on[index]!;
      if (a !== UNMEASURED && a !== NO_ANSWER && b !== UNMEASURED && b !== NO_ANSWER) {
        const at = cat * 5;
        if (changes[at + 1]! === 0) c.changeOrder.push(cat);
        changes[at + 1]!++;
        if (a === cluster) changes[at]!++;
        changes[at + 3]!++;
        if (b === cluster) changes[at + 2]!++;
        if (a !== b) changes[at + 4]!++;
      }
    }
    const ok = answer === expected;
    const o = outcomes.count++;
    outcomes.index[o] = index;
    outcomes.on[o] = passOn ? 1 : 0;
    outcomes.expected[o] = claimed;
    outcomes.got[o] = answer;
    outcomes.ok[o] = answer === claimed ? 1 : 0;
    outcomes.convention[o] = convention;
    c.shares.tick(cat, ok);
    if (cat === WIDE || cat === ZERO || cat === NARROW) {
      const part = cat === WIDE ? (col.ext[index] === 1 ? 1 : 0) : cat === ZERO ? 2 : 3;
      const at = col.version[index]! * 8 + part * 2;
      rows[at + 1]!++;
      if (ok) rows[at]!++;
      if (cat !== NARROW) c.wide.tick(col.wideKey[index]!, ok);
    }
    const emoji = col.emoji[index]!;
    if (emoji >= 0) {
      c.emoji.tick(emoji, ok);
      // The emoji version of the tables: the single emoji of each version (sequences have their own shares).
      const key = col.emojiKey[index]!;
      if (key >= 0) c.emojiTally.tick(key, ok);
    }
    if (cat === ZWJ) {
      c.zwjAll.tick(0, ok);
      c.zwj.tick(emoji, ok);
    }
  }
  return c;
}
