/**
 * Delta debugging (Zeller and Hildebrandt's ddmin): shrink a list while a test
 * keeps passing, to a 1-minimal list (removing any single element makes the test
 * fail). The tests of one round run together, so a pipelined target answers
 * them in one go; results are cached by the candidate's key.
 */
export async function ddmin<T>(items: readonly T[], test: (candidate: T[]) => Promise<boolean>, key: (candidate: T[]) => string): Promise<T[]> {
  const cache = new Map<string, Promise<boolean>>();
  const check = (c: T[]) => {
    const k = key(c);
    let r = cache.get(k);
    if (!r) cache.set(k, (r = test(c)));
    return r;
  };
  let current = [...items];
  let n = 2;
  while (current.length >= 2) {
    const size = Math.ceil(current.length / n);
    const subsets: T[][] = [];
    for (let i = 0; i < current.length; i += size) subsets.push(current.slice(i, i + size));
    const complements = subsets.map((_, i) => subsets.filter((__, j) => j !== i).flat());
    const subsetHits = await Promise.all(subsets.map(check));
    const hit = subsetHits.indexOf(true);
    if (hit >= 0) {
      current = subsets[hit]!;
      n = 2;
      continue;
    }
    const complementHits = subsets.length > 2 ? await Promise.all(complements.map(check)) : [];
    const chit = complementHits.indexOf(true);
    if (chit >= 0) {
      current = complements[chit]!;
      n = Math.max(n - 1, 2);
      continue;
    }
    if (n >= current.length) break;
    n = Math.min(current.length, n * 2);
  }
  return current;
}
