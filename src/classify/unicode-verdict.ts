/**
 * The Unicode verdict of one terminal, from its width-suite answers: for each
 * Unicode version, the share of that version's new wide code points drawn wide
 * (the CJK extensions of planes 2-3 apart), of its new zero-width ones drawn
 * zero width and of its new narrow ones drawn narrow; the version that best
 * explains the answers; the same for emoji versions; ZWJ (by emoji version),
 * VS16, VS15, SRI, SFZ, RI and the other sequence shares; how it draws the
 * ambiguous-width set; the language lines and spacing marks under both
 * conventions for spacing marks; what mode 2027 changes where it was measured
 * both ways; and the items that disagree with what the terminal claims
 * (DECRQM 2027) or, failing a claim, its best match.
 */
import type { WidthCategory, WidthItem, WidthSuite } from '../corpus/width-suite/width-item.js';
import { alignUnicodeResults, type SuiteLacks } from '../results/align-unicode-results.js';
import type { UnicodePass, UnicodeResults } from '../results/unicode-results-schema.js';
import { suiteColumns, type SuiteColumns } from './unicode-suite-columns.js';
import { answered, CHOKE, countItems, Counter, type Outcomes, LACKING, MARKED_ON, NO_ANSWER, UNMEASURED } from './unicode-counts.js';

export interface Share {
  matched: number;
  total: number;
}

export interface VersionRow {
  version: string;
  /** New wide code points outside planes 2-3. */
  wide: Share;
  /** New wide code points of planes 2-3 (CJK extensions: wide by range in most terminals, whatever their tables). */
  wideExt: Share;
  zero: Share;
  narrow: Share;
}

/** The two conventions for spacing marks (Mc): each advances a column, or none. */
export interface ConventionShares {
  /** Drawn as the convention where a spacing mark advances one column says. */
  advance: Share;
  /** Drawn as the convention where it advances none says. */
  zero: Share;
  /** The convention that explains more of the answers (ties: advance); disagreements are judged by it. */
  reading: 'advance' | 'zero';
}

/** What mode 2027 changed, by category, where the cluster items were measured with it reset and set. */
export interface Mode2027Change {
  category: WidthItem['category'];
  /** Drawn as one cluster says, with the mode reset and set. */
  off: Share;
  on: Share;
  /** Items whose advance differs between the two. */
  changed: number;
}

export interface Disagreement {
  id: string;
  category: WidthItem['category'];
  text?: string;
  unicode?: string;
  emoji?: string;
  pass: UnicodePass;
  expected: number;
  got: number | null;
  /** For language lines and spacing marks: the convention `expected` follows. */
  convention?: 'advance' | 'zero';
  /** For language lines: the language. */
  note?: string;
}

export interface UnicodeVerdict {
  target: string;
  name: string;
  version: string;
  engine?: string;
  suite: string;
  /** DECRQM ?2027 as recorded: "set", "reset", "not-recognized", … */
  mode2027: string;
  /** Items with an answer (the others are in `marked`). */
  answered: number;
  /** How grapheme clusters were judged: as clusters (the terminal claims 2027, or draws most clusters whole) or per code point. */
  clusters: 'cluster' | 'per-code-point';
  unicode: { versions: VersionRow[]; best: string };
  emoji: { versions: { version: string; share: Share }[]; best: string };
  zwj: { share: Share; versions: { version: string; share: Share }[] };
  shares: Record<string, Share>;
  /** The ambiguous-width set: how many drawn narrow (1), wide (2), otherwise; and which way most went. */
  ambiguous: { narrow: number; wide: number; other: number; total: number; reading: 'narrow' | 'wide' };
  /** Language lines and spacing marks, under both conventions for spacing marks. */
  conventions: { language: ConventionShares; 'spacing-mark': ConventionShares };
  /** Mode 2027: measured both ways (where DECRQM reports it settable), or why not. */
  pass2027: { measured: boolean; why?: string; changes: Mode2027Change[] };
  /** Set when the file was measured with an earlier, smaller suite: what it lacks (those items are not judged). */
  lacks?: SuiteLacks & { categories: Record<string, number> };
  /** Items measured with no answer, or marked (the choke items and any the terminal swallowed). */
  marked: { id: string; pass: UnicodePass; got: number | null; note?: string }[];
  disagreements: Disagreement[];
}

const numbers = new Map<string, number>();
/** "15.1" → 1501; called per item and per version pair, so each version string is parsed once. */
const num = (v: string) => {
  let n = numbers.get(v);
  if (n === undefined) numbers.set(v, (n = Number(v.split('.')[0]) * 100 + Number(v.split('.')[1] ?? 0)));
  return n;
};
const byVersion = (a: string, b: string) => num(a) - num(b);
const share = (): Share => ({ matched: 0, total: 0 });
const add = (s: Share, ok: boolean) => {
  s.total++;
  if (ok) s.matched++;
};
/** Below this, a version's items count as not drawn that way. */
export const BELOW_ALL = 'none';

/** Items of one version weigh as one group per bucket (category, and planes 2-3 apart: wide by range in most tables), keyed "version bucket". */
type Tally = Map<string, { version: number; ok: number; total: number }>;

/**
 * The version V that best explains which items came out right: items up to V
 * right, newer ones not. Each version weighs the same, whatever its size, so
 * the thousands of ideographs of one CJK extension (wide in most terminals by
 * range, whatever their tables) do not outvote the emoji of the versions around it.
 * (For the disagreements, an item "ok" means it matched the terminal's claimed reading.)
 */
function bestVersion(groups: Tally, candidates: string[], baseline = -1): string {
  let best = BELOW_ALL;
  let bestScore = -1;
  for (const v of [BELOW_ALL, ...candidates]) {
    let score = 0;
    const upTo = v === BELOW_ALL ? baseline : num(v);
    for (const s of groups.values()) score += s.version <= upTo ? s.ok / s.total : 1 - s.ok / s.total;
    if (score > bestScore + 1e-9) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** A marked item, its note only when it has one (an out-of-line function: the loop stays small whichever path a terminal takes). */
function markedItem(id: string, pass: UnicodePass, got: number | null, note: string | undefined): UnicodeVerdict['marked'][number] {
  return note ? { id, pass, got, note } : { id, pass, got };
}

/**
 * The answered items of one verdict, in suite order, as columns: an object each
 * was a million objects for a site build's 28 verdicts. One set of columns,
 * grown as needed and reused (a verdict is computed synchronously, start to end).
 */
let columns: Outcomes = { count: 0, index: new Int32Array(0), on: new Uint8Array(0), expected: new Float64Array(0), got: new Float64Array(0), ok: new Uint8Array(0), convention: new Uint8Array(0) };
function outcomeColumns(n: number): Outcomes {
  if (columns.index.length < n) columns = { count: 0, index: new Int32Array(n), on: new Uint8Array(n), expected: new Float64Array(n), got: new Float64Array(n), ok: new Uint8Array(n), convention: new Uint8Array(n) };
  columns.count = 0;
  return columns;
}

/** The 2027 pass was measured when the terminal reports the mode settable (DECRQM 1 or 2); else why not. */
function pass2027Of(results: UnicodeResults, mode2027: string): { measured: boolean; why?: string } {
  return anyMeasured(results.answers.on) ? { measured: true } : { measured: false, why: results.run.on ?? `DECRQM ?2027 answered ${mode2027}` };
}

/** Some item of a pass was measured (not '.'): a loop of its own, as lackingOf's. */
function anyMeasured(answers: string): boolean {
  for (let i = 0; i < answers.length; i++) if (answers.charCodeAt(i) !== 46) return true;
  return false;
}

/** Which convention for spacing marks explains more of a category's answers. */
function conventionOf(items: readonly WidthItem[], got: (index: number) => number | null | undefined, indexes: readonly number[]): ConventionShares {
  const advance = share();
  const zero = share();
  for (const i of indexes) {
    const item = items[i]!;
    const answer = got(i);
    if (answer === undefined || answer === null) continue;
    add(advance, answer === item.expect);
    add(zero, answer === (item.alt ?? item.expect));
  }
  return { advance, zero, reading: zero.matched > advance.matched ? 'zero' : 'advance' };
}

/** Answers of a pass, one number per item: the advance, or UNMEASURED ('.') or NO_ANSWER ('-', or '+' with no long answer). */
function passAnswers(results: UnicodeResults, pass: UnicodePass, items: readonly WidthItem[]): Float64Array {
  const text = results.answers[pass];
  const long = results.long[pass];
  const out = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const code = text.charCodeAt(i);
    // '0'-'9', 'a'-'z': 0-35 (width-answers.ts DIGITS)
    if (code >= 48 && code <= 57) out[i] = code - 48;
    else if (code >= 97 && code <= 122) out[i] = code - 87;
    else if (code === 46 || Number.isNaN(code)) out[i] = UNMEASURED;
    else if (code === 43) out[i] = long[items[i]!.id] ?? NO_ANSWER;
    else out[i] = NO_ANSWER;
  }
  return out;
}
/** An answer as advanceOf gives it: a number, null (no answer), or undefined (not measured). */
const answerOf = (a: number): number | null | undefined => (a === UNMEASURED ? undefined : a === NO_ANSWER ? null : a);

/**
 * The items not in the file ('.' in the off pass: a file of an earlier, smaller suite). This loop and the
 * disagreements' are functions of their own: written inside unicodeVerdict, each 164,208-item loop made V8
 * compile the whole of unicodeVerdict for on-stack replacement, which then met code with no type feedback yet
 * after the loop and was thrown away, once per file (23 of the build's 143 deoptimizations, `node --trace-deopt`).
 */
function lackingOf(off: string, n: number): Uint8Array {
  const lacking = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (off.charCodeAt(i) === 46) lacking[i] = 1;
  return lacking;
}

/**
 * The answered items the prediction does not explain, in item order (see lackingOf for why a function of its
 * own). The prediction: the CJK extensions of planes 2-3, where drawn wide by range, are judged by their answer;
 * wide and zero-width items are expected right up to the best version (`upTo`) and wrong after it; the rest by
 * their answer.
 */
function disagreementsOf(outcomes: Outcomes, items: readonly WidthItem[], col: SuiteColumns, p: { extByRange: boolean; upTo: number; wide: number; zero: number }): Disagreement[] {
  const disagreements: Disagreement[] = [];
  for (let o = 0; o < outcomes.count; o++) {
    const index = outcomes.index[o]!;
    const ok = outcomes.ok[o] === 1;
    const cat = col.category[index];
    const predicted = (p.extByRange && col.ext[index]) || (cat !== p.wide && cat !== p.zero) ? ok : col.versionNum[index]! <= p.upTo ? ok : !ok;
    if (predicted) continue;
    const item = items[index]!;
    // Fields set one by one in this order (the JSON reports keep it); spreads cost here, with 160,000 disagreements over 28 terminals.
    const d = { id: item.id, category: item.category } as Disagreement;
    if (item.text !== undefined) d.text = item.text;
    if (item.unicode) d.unicode = item.unicode;
    if (item.emoji) d.emoji = item.emoji;
    d.pass = outcomes.on[o] === 1 ? 'on' : 'off';
    d.expected = outcomes.expected[o]!;
    d.got = outcomes.got[o]!;
    if (outcomes.convention[o]) d.convention = outcomes.convention[o] === 2 ? 'zero' : 'advance';
    if (item.note) d.note = item.note;
    disagreements.push(d);
  }
  return disagreements;
}

export function unicodeVerdict(original: UnicodeResults, suite: WidthSuite): UnicodeVerdict {
  const { results, lacks } = alignUnicodeResults(original, suite);
  const mode2027 = results.settings.modes?.['?2027'] ?? 'no-reply';
  const pass2027 = pass2027Of(results, mode2027);
  const claims2027 = ['set', 'reset', 'permanently-set'].includes(mode2027);
  const items = suite.items;
  const col = suiteColumns(suite, num);
  const off = passAnswers(results, 'off', items);
  const on = pass2027.measured ? passAnswers(results, 'on', items) : off;

  // Grapheme clusters: as clusters in the 2027-set pass when 2027 is claimed; otherwise by whichever reading explains more.
  let wholeOff = 0;
  for (const index of col.clusterDiffers) if (off[index] === col.cluster[index]) wholeOff++;
  const clusters: UnicodeVerdict['clusters'] = claims2027 || wholeOff * 2 > col.clusterDiffers.length ? 'cluster' : 'per-code-point';
  const offAnswer = (i: number) => answerOf(off[i]!);
  const conventions = {
    language: conventionOf(items, offAnswer, col.byCategory.get('language') ?? []),
    'spacing-mark': conventionOf(items, offAnswer, col.byCategory.get('spacing-mark') ?? []),
  };
  const ambiguous = { narrow: 0, wide: 0, other: 0, total: 0, reading: 'narrow' as 'narrow' | 'wide' };
  for (const i of col.byCategory.get('ambiguous') ?? []) {
    const a = off[i]!;
    if (!answered(a)) continue;
    ambiguous.total++;
    if (a === 1) ambiguous.narrow++;
    else if (a === 2) ambiguous.wide++;
    else ambiguous.other++;
  }
  if (ambiguous.wide > ambiguous.narrow) ambiguous.reading = 'wide';
  const readingOf = (c: WidthCategory) => (c === 'language' || c === 'spacing-mark' ? conventions[c].reading : undefined);
  const kinds = Int32Array.from((['wide', 'zero-width', 'narrow', 'emoji-zwj', 'choke', 'ambiguous'] as const).map((k) => col.categories.indexOf(k)));
  const lackingItems = lackingOf(results.answers.off, items.length);
  const counted = countItems(col, lackingItems, off, on, {
    clustersOn: pass2027.measured && claims2027,
    measured: pass2027.measured,
    asClusters: clusters === 'cluster',
    ambiguousWide: ambiguous.reading === 'wide',
    convention: Uint8Array.from(col.categories.map((c) => (readingOf(c) === 'zero' ? 2 : readingOf(c) === 'advance' ? 1 : 0))),
    kinds,
  }, outcomeColumns(items.length));
  const outcomes = counted.outcomes;

  // What countItems left to this function, in item order: items the file lacks, choke items, items with no answer.
  const marked: UnicodeVerdict['marked'] = [];
  const lacking: Record<string, number> = {};
  for (let k = 0; k < counted.specials; k++) {
    const item = items[counted.special[k]!]!;
    const kind = counted.specialKind[k];
    if (kind === LACKING) lacking[item.category] = (lacking[item.category] ?? 0) + 1;
    else if (kind === CHOKE) marked.push(markedItem(item.id, 'off', answerOf(off[counted.special[k]!]!) ?? null, results.notes.off[item.id]));
    else {
      const pass: UnicodePass = kind === MARKED_ON ? 'on' : 'off';
      marked.push(markedItem(item.id, pass, null, results.notes[pass][item.id]));
    }
  }

  const shareOf = (c: Counter, k: number): Share => ({ matched: c.counts[k * 2]!, total: c.counts[k * 2 + 1]! });
  const rows = new Map<string, VersionRow>();
  for (let v = 0; v < col.versions.length; v++) {
    const at = v * 8;
    const r = counted.rows;
    if (r[at + 1]! + r[at + 3]! + r[at + 5]! + r[at + 7]! === 0) continue;
    const part = (p: number): Share => ({ matched: r[at + p * 2]!, total: r[at + p * 2 + 1]! });
    rows.set(col.versions[v]!, { version: col.versions[v]!, wide: part(0), wideExt: part(1), zero: part(2), narrow: part(3) });
  }
  const tally = (c: Counter, keys: string[]): Tally => new Map(c.order().map((k) => [keys[k]!, { version: num(keys[k]!.slice(0, keys[k]!.indexOf(' '))), ok: c.counts[k * 2]!, total: c.counts[k * 2 + 1]! }]));
  const widePoints = tally(counted.wide, col.wideKeys);
  const emojiPoints = tally(counted.emojiTally, col.emojiKeys);
  const emojiRows = new Map(counted.emoji.order().map((e) => [col.emojis[e]!, shareOf(counted.emoji, e)]));
  const zwjRows = new Map(counted.zwj.order().map((e) => [col.emojis[e]!, shareOf(counted.zwj, e)]));
  const zwj = shareOf(counted.zwjAll, 0);
  const shares: Record<string, Share> = {};
  for (const c of counted.shares.order()) shares[col.categories[c]!] = shareOf(counted.shares, c);
  const ch = counted.changes;
  const changes = new Map<WidthItem['category'], Mode2027Change>(counted.changeOrder.map((c) => [col.categories[c]!, { category: col.categories[c]!, off: { matched: ch[c * 5]!, total: ch[c * 5 + 1]! }, on: { matched: ch[c * 5 + 2]!, total: ch[c * 5 + 3]! }, changed: ch[c * 5 + 4]! }]));
  const [WIDE, ZERO] = [kinds[0], kinds[1]];

  const versions = [...rows.keys()].sort(byVersion);
  // The code points of 8.0 and before are in every candidate's tables: 'none' means tables of 8.0 or older.
  const bestUnicode = bestVersion(widePoints, versions.filter((v) => num(v) >= 900), 800);
  const emojiVersions = [...emojiRows.keys()].sort(byVersion);
  const bestEmoji = bestVersion(emojiPoints, emojiVersions);
  // What disagrees with the claim: the best-matching version for code points and emoji, the chosen reading for clusters.
  const upTo = bestUnicode === BELOW_ALL ? 800 : num(bestUnicode);
  // The CJK extensions of planes 2-3, where drawn wide by range (all but 1% of them): right whatever their version, so judged by their answer.
  const ext = share();
  for (const r of rows.values()) {
    ext.matched += r.wideExt.matched;
    ext.total += r.wideExt.total;
  }
  const extByRange = ext.total > 0 && ext.matched >= ext.total * 0.99;
  const disagreements = disagreementsOf(outcomes, items, col, { extByRange, upTo, wide: WIDE!, zero: ZERO! });
  const { identity } = results.target;
  return {
    target: results.target.id,
    name: identity.name,
    version: identity.version,
    ...(results.target.engine ? { engine: results.target.engine.name } : {}),
    suite: original.suite.hash,
    mode2027,
    answered: outcomes.count,
    clusters,
    unicode: { versions: versions.map((v) => rows.get(v)!), best: bestUnicode },
    emoji: { versions: emojiVersions.map((v) => ({ version: v, share: emojiRows.get(v)! })), best: bestEmoji },
    zwj: { share: zwj, versions: [...zwjRows.keys()].sort(byVersion).map((v) => ({ version: v, share: zwjRows.get(v)! })) },
    shares,
    ambiguous,
    conventions,
    pass2027: { ...pass2027, changes: [...changes.values()] },
    ...(lacks ? { lacks: { ...lacks, categories: lacking } } : {}),
    marked,
    disagreements,
  };
}

export const percent = (s: Share | undefined) => (!s || s.total === 0 ? '–' : `${Math.floor((100 * s.matched) / s.total)}%`);

/**
 * "draws widths as Unicode 15.1 (zero width 99%, wide 99%, planes 2-3 100%), emoji 15.1;
 * ZWJ 12%, VS16 100%, VS15 0%, SRI 100%, SFZ 100%, RI flags 100%; ambiguous narrow;
 * languages 57% if spacing marks advance, 60% if not"
 */
export function verdictSentence(v: UnicodeVerdict): string {
  if (v.answered === 0) return `answered no width item (${v.marked.length} marked${v.marked[0]?.note ? `: ${v.marked[0].note}` : ''})`;
  const wide = share();
  const ext = share();
  const zero = share();
  const sum = (to: Share, from: Share) => {
    to.matched += from.matched;
    to.total += from.total;
  };
  for (const r of v.unicode.versions) {
    if (num(r.version) <= (v.unicode.best === BELOW_ALL ? 800 : num(v.unicode.best))) {
      sum(wide, r.wide);
      sum(ext, r.wideExt);
      sum(zero, r.zero);
    }
  }
  const as = `Unicode ${v.unicode.best === BELOW_ALL ? '8.0 or older' : v.unicode.best} (zero width ${percent(zero)}${wide.total > 0 ? `, wide ${percent(wide)}` : ''}${ext.total > 0 ? `, planes 2-3 ${percent(ext)}` : ''})`;
  const emoji = v.emoji.best === BELOW_ALL ? 'no emoji version' : `emoji ${v.emoji.best}`;
  const seq = [['ZWJ', v.zwj.share], ['VS16', v.shares['vs16']], ['VS15', v.shares['vs15']], ['SRI', v.shares['lone-indicator']], ['SFZ', v.shares['lone-modifier']], ['RI flags', v.shares['flag']]] as const;
  const amb = v.ambiguous?.total ? `; ambiguous ${v.ambiguous.reading} (${Math.floor((100 * (v.ambiguous.reading === 'wide' ? v.ambiguous.wide : v.ambiguous.narrow)) / v.ambiguous.total)}%)` : '';
  const lang = v.conventions?.language.advance.total ? `; languages ${percent(v.conventions.language.advance)} if spacing marks advance, ${percent(v.conventions.language.zero)} if not` : '';
  return `draws widths as ${as}, ${emoji}; ${seq.filter(([, s]) => s && s.total > 0).map(([k, s]) => `${k} ${percent(s)}`).join(', ')}${amb}${lang}`;
}

export interface DisagreementGroup {
  category: WidthItem['category'];
  /** The Unicode (or, for emoji sequences, emoji) version of the items. */
  version: string;
  pass: UnicodePass;
  expected: number;
  got: number | null;
  count: number;
  /** A few of the items, as their ids. */
  examples: string[];
}

/** Disagreements grouped by category, version, pass and answer, largest first. */
export function groupDisagreements(v: UnicodeVerdict, examples = 3): DisagreementGroup[] {
  const groups = new Map<string, DisagreementGroup>();
  for (const d of v.disagreements) {
    const version = d.emoji && d.category !== 'wide' ? `emoji ${d.emoji}` : (d.unicode ?? '');
    const key = `${d.category} ${version} ${d.pass} ${d.expected} ${d.got}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { category: d.category, version, pass: d.pass, expected: d.expected, got: d.got, count: 0, examples: [] }));
    g.count++;
    if (g.examples.length < examples) g.examples.push(d.id);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
}
