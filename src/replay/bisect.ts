/**
 * Where two terminals part on a session, and the least input that shows it.
 *
 * 1. The shortest diverging prefix: the session is cut only between whole
 *    tokens (ground-tokens.ts), and the two states compared at checkpoints
 *    every few KB; the first checkpoint that differs is searched again at finer
 *    checkpoints (from RIS and the prefix before it), down to single tokens. The
 *    prefix ends with the token after which the states first differ (a
 *    difference that appears and vanishes between two coarse checkpoints is
 *    not seen).
 * 2. Shrinking: the shortest suffix of that prefix that still differs when run
 *    alone (from RIS), then ddmin over its tokens, then over its bytes.
 */
import { diffStates, type StateDiff } from './screen-diff.js';
import { shrinkDifference } from './shrink.js';
import { groundTokenEnds } from './ground-tokens.js';
import type { TargetSet } from './target-pair.js';
import type { TerminalState } from './terminal-state.js';

export interface BisectResult {
  /** Bytes of the shortest diverging prefix (its last byte is the one after which the states differ). */
  prefixLength: number;
  /** The last token of that prefix, [start, end). */
  token: [number, number];
  minimal: Uint8Array;
  /** The two states and their difference after the minimal bytes alone. */
  diff: StateDiff;
  states: TerminalState[];
  /** How many cases each target ran. */
  cases: number;
}

const LEVELS = [4096, 128, 0];

export async function bisectSession(bytes: Uint8Array, set: TargetSet): Promise<BisectResult | null> {
  const ends = groundTokenEnds(bytes);
  let cases = 0;
  const differ = async (candidate: Uint8Array) => {
    cases++;
    return !(await set.compare(candidate, true)).diff.same;
  };

  /** From RIS and bytes[0, start), the first of `points` after which the states differ (or -1). */
  const firstDiffering = async (start: number, points: number[]): Promise<number> => {
    const runs: Promise<TerminalState[]>[] = [set.run(bytes.subarray(0, start), true)];
    let prev = start;
    for (const p of points) {
      runs.push(set.run(bytes.subarray(prev, p), false));
      prev = p;
    }
    cases += runs.length;
    const states = await Promise.all(runs);
    for (let i = 1; i < states.length; i++) if (!diffStates(states[i]![0]!, states[i]![1]!).same) return i - 1;
    return -1;
  };

  /** Token ends in (lo, hi], at least `spacing` bytes apart (and hi itself). */
  const checkpoints = (lo: number, hi: number, spacing: number): number[] => {
    const out: number[] = [];
    let last = lo;
    for (const e of ends) {
      if (e <= lo) continue;
      if (e > hi) break;
      if (e === hi || e - last >= spacing) {
        out.push(e);
        last = e;
      }
    }
    return out;
  };

  let lo = 0;
  let hi = bytes.length;
  for (const spacing of LEVELS) {
    const points = checkpoints(lo, hi, spacing);
    const at = await firstDiffering(lo, points);
    if (at < 0) {
      if (spacing === LEVELS[0]) return null;
      throw new Error(`the states differed at byte ${hi} but not at any token before it when replayed from RIS: the difference does not reproduce`);
    }
    hi = points[at]!;
    lo = at === 0 ? lo : points[at - 1]!;
  }
  const tokenStart = lo;
  const prefixLength = hi;

  // The shortest suffix of the prefix, in whole tokens, that differs alone.
  const startIndex = ends.findIndex((e) => e >= prefixLength);
  let suffixStart = 0;
  for (let count = 1; ; count *= 2) {
    const first = startIndex - count + 1;
    const start = first <= 0 ? 0 : ends[first - 1]!;
    if (await differ(bytes.subarray(start, prefixLength))) {
      suffixStart = start;
      break;
    }
    if (start === 0) throw new Error('the diverging prefix did not differ when replayed from RIS: the difference does not reproduce');
  }
  const shrunk = await shrinkDifference(bytes.subarray(suffixStart, prefixLength), set);
  cases += shrunk.cases;
  const minimal = shrunk.minimal;
  const final = await set.compare(minimal, true);
  cases++;
  return { prefixLength, token: [tokenStart, prefixLength], minimal, diff: final.diff, states: final.states, cases };
}
