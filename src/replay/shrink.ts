/**
 * Shrink bytes that make two targets differ, keeping the difference: a
 * candidate counts only if it differs in the same parts as the original (the
 * cursor, the cells, or both), so shrinking cannot wander off to another
 * difference. ddmin runs over whole tokens (no sequence cut in half while whole
 * ones can still go), then over the bytes of escape sequences and controls,
 * characters staying whole (a broken UTF-8 sequence is a difference of its own).
 * Each candidate runs from the prelude in both targets.
 */
import { ddmin } from './ddmin.js';
import { groundTokenEnds } from './ground-tokens.js';
import type { StateDiff } from './screen-diff.js';
import type { TargetSet } from './target-pair.js';

export async function shrinkDifference(bytes: Uint8Array, set: TargetSet, pair: [number, number] = [0, 1]): Promise<{ minimal: Uint8Array; cases: number }> {
  let cases = 0;
  const kind = (d: StateDiff) => `${d.cursor ? 'cursor' : ''}+${d.cells > 0 ? 'cells' : ''}`;
  const original = (await set.compare(bytes, true, pair)).diff;
  cases++;
  if (original.same) return { minimal: bytes, cases };
  const want = kind(original);
  const differ = async (candidate: Uint8Array) => {
    cases++;
    const d = (await set.compare(candidate, true, pair)).diff;
    return !d.same && kind(d) === want;
  };
  const tokens: Uint8Array[] = [];
  let prev = 0;
  for (const e of groundTokenEnds(bytes)) {
    tokens.push(bytes.subarray(prev, e));
    prev = e;
  }
  const join = (parts: Uint8Array[]) => Buffer.concat(parts);
  const keyOf = (parts: Uint8Array[]) => join(parts).toString('latin1');
  const fewTokens = await ddmin(tokens, (c) => differ(join(c)), keyOf);
  // Sequences and controls split into bytes; characters (a lead byte ≥ 0xc0 and what follows) stay whole.
  const asBytes = fewTokens.flatMap((t) => (t[0]! >= 0xc0 ? [t] : [...t].map((b) => Uint8Array.of(b))));
  const fewBytes = await ddmin(asBytes, (c) => differ(join(c)), keyOf);
  return { minimal: new Uint8Array(join(fewBytes)), cases };
}
