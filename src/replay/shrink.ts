/**
 * Shrink bytes that make two targets differ: ddmin over whole tokens (so no
 * sequence is cut in half while whole ones can still go), then over single
 * bytes, each candidate run from the prelude in both targets.
 */
import { ddmin } from './ddmin.js';
import { groundTokenEnds } from './ground-tokens.js';
import type { TargetSet } from './target-pair.js';

export async function shrinkDifference(bytes: Uint8Array, set: TargetSet, pair: [number, number] = [0, 1]): Promise<{ minimal: Uint8Array; cases: number }> {
  let cases = 0;
  const differ = async (candidate: Uint8Array) => {
    cases++;
    return !(await set.compare(candidate, true, pair)).diff.same;
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
  const asBytes = [...join(fewTokens)].map((b) => Uint8Array.of(b));
  const fewBytes = await ddmin(asBytes, (c) => differ(join(c)), keyOf);
  return { minimal: new Uint8Array(join(fewBytes)), cases };
}
