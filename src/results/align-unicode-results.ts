/**
 * A Unicode results file made with an earlier width suite, read against this
 * one: its answers matched to this suite's items by id (the earlier suite's
 * ids come from probes/width-suites/<hash>.json), '.' in both passes for the
 * items it lacks, which the verdict counts by category instead of judging.
 * A suite this termprobe does not know (a newer termprobe's) is bad input.
 */
import { knownSuite } from '../corpus/width-suite/suite-history.js';
import type { WidthSuite } from '../corpus/width-suite/width-item.js';
import { BadInputError } from '../util/bad-input-error.js';
import type { UnicodeResults } from './unicode-results-schema.js';

export interface SuiteLacks {
  /** The suite the file was measured with. */
  suite: string;
  /** Its size, and how many of this suite's items it lacks. */
  items: number;
  lacking: number;
  /** Items of its suite this one no longer has (e.g. the 64 hand-written words of the first suite). */
  dropped: number;
}

export interface AlignedResults {
  results: UnicodeResults;
  /** Set when the file was measured with another suite. */
  lacks?: SuiteLacks;
}

const aligned = new WeakMap<UnicodeResults, WeakMap<WidthSuite, AlignedResults>>();

export function alignUnicodeResults(results: UnicodeResults, suite: WidthSuite): AlignedResults {
  if (results.suite.hash === suite.hash) return { results };
  const cached = aligned.get(results)?.get(suite);
  if (cached) return cached;
  const older = knownSuite(results.suite.hash);
  const who = `${results.target.identity.name} ${results.target.identity.version}`;
  if (!older) throw new BadInputError(`${who} was measured with width suite ${results.suite.hash}, which this termprobe does not know (made by a newer termprobe?); this one has ${suite.hash}`);
  if (older.ids.length !== results.suite.items) throw new BadInputError(`${who}: width suite ${results.suite.hash} has ${older.ids.length} items, the file says ${results.suite.items}`);
  const at = new Map(older.ids.map((id, i) => [id, i]));
  let off = '';
  let on = '';
  let lacking = 0;
  for (const item of suite.items) {
    const i = at.get(item.id);
    if (i === undefined) {
      lacking++;
      off += '.';
      on += '.';
      continue;
    }
    off += results.answers.off[i]!;
    on += results.answers.on[i]!;
  }
  const have = new Set(suite.items.map((i) => i.id));
  const out: AlignedResults = {
    results: { ...results, suite: { ...results.suite, hash: suite.hash, items: suite.items.length }, answers: { off, on } },
    lacks: { suite: results.suite.hash, items: older.ids.length, lacking, dropped: older.ids.filter((id) => !have.has(id)).length },
  };
  if (!aligned.has(results)) aligned.set(results, new WeakMap());
  aligned.get(results)!.set(suite, out);
  return out;
}
