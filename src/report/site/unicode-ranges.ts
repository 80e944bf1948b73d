/**
 * A Unicode verdict's items as ranges of code points, for its drill-down page.
 * The marked items (measured with no answer, or the choke items), grouped by
 * what happened to them: one line per (pass, answer, note) with its count and
 * its items as ranges, the first few of them. A terminal that stopped answering
 * has every item of the suite marked with the same note: listed one by one, the
 * 37,954 items of the first suite made one page 5 MB and unicode.json 5.7 MB,
 * saying the same sentence 37,954 times. The disagreeing items, as runs of consecutive code
 * points that disagree alike (one table row per run: the first 300 rows cover
 * 5,290 of alacritty's disagreements, where 300 single items covered 300).
 */
import type { Disagreement, UnicodeVerdict } from '../../classify/unicode-verdict.js';
import { compressIds } from '../../corpus/width-suite/suite-history.js';

type Marked = UnicodeVerdict['marked'][number];

export interface MarkedGroup {
  pass: Marked['pass'];
  got: number | null;
  note?: string;
  count: number;
  /** The group's items as ranges ("wide:231A-231B" for U+231A through U+231B; sequences as their ids), in suite order. */
  ranges: string[];
}

/** "wide:231A" → ["wide", 0x231a]; a sequence or anything else → undefined. */
function single(id: string): [string, number] | undefined {
  const m = /^([a-z0-9-]+):([0-9A-F]{4,6})$/.exec(id);
  return m ? [m[1]!, parseInt(m[2]!, 16)] : undefined;
}

/** Ids in suite order, consecutive code points of one category merged into "cat:FIRST..LAST" (the suite history's own form). */
export const idRanges: (ids: readonly string[]) => string[] = compressIds;

/** Groups, largest first; each with at most `ranges` ranges (the count says how many items in all). */
export function groupMarked(marked: readonly Marked[], ranges = Infinity): MarkedGroup[] {
  const groups = new Map<string, { first: Marked; ids: string[] }>();
  for (const m of marked) {
    const key = JSON.stringify([m.pass, m.got, m.note ?? null]);
    const g = groups.get(key);
    if (g) g.ids.push(m.id);
    else groups.set(key, { first: m, ids: [m.id] });
  }
  return [...groups.values()]
    .map(({ first, ids }) => ({ pass: first.pass, got: first.got, ...(first.note ? { note: first.note } : {}), count: ids.length, ranges: idRanges(ids).slice(0, ranges) }))
    .sort((a, b) => b.count - a.count);
}

/** Consecutive disagreeing code points of one category, version, pass and answer: one row of the drill-down. */
export interface DisagreementRun {
  first: Disagreement;
  /** The last code point of the run (the same item as `first` for a run of one, or a sequence). */
  last: Disagreement;
  count: number;
}

export function disagreementRuns(disagreements: readonly Disagreement[]): DisagreementRun[] {
  const out: DisagreementRun[] = [];
  let run: (DisagreementRun & { key: string; cp: number }) | undefined;
  for (const d of disagreements) {
    const s = single(d.id);
    const key = `${d.category} ${d.unicode ?? ''} ${d.emoji ?? ''} ${d.pass} ${d.expected} ${d.got}`;
    if (s && run && run.key === key && s[1] === run.cp + 1) {
      run.last = d;
      run.count++;
      run.cp = s[1];
      continue;
    }
    if (run) out.push({ first: run.first, last: run.last, count: run.count });
    run = s ? { first: d, last: d, count: 1, key, cp: s[1] } : undefined;
    if (!s) out.push({ first: d, last: d, count: 1 });
  }
  if (run) out.push({ first: run.first, last: run.last, count: run.count });
  return out;
}
