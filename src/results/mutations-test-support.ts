/**
 * Changes at one place of a document, for the tests that check a hand-written
 * format check against its zod schema (fast-results-check, fast-replay-check).
 */
export type Path = (string | number)[];

/** Every place in the document: objects' keys and arrays' indexes, depth first. */
export function paths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  if (at.length > 0) out.push(at);
  return out;
}

type Mutation = [string, (parent: Record<string | number, unknown>, key: string | number) => void];
export const MUTATIONS: Mutation[] = [
  ['null', (p, k) => (p[k] = null)],
  ['a string', (p, k) => (p[k] = 'x')],
  ['a negative number', (p, k) => (p[k] = -1)],
  ['a fraction', (p, k) => (p[k] = 1.5)],
  ['a large number', (p, k) => (p[k] = 100_000)],
  ['an object', (p, k) => (p[k] = {})],
  ['an array', (p, k) => (p[k] = [])],
  ['true', (p, k) => (p[k] = true)],
  ['removed', (p, k) => (Array.isArray(p) ? p.splice(Number(k), 1) : delete p[k])],
  ['a long string', (p, k) => (p[k] = 'y'.repeat(400))],
  // Just past the limits the schema sets (cell widths 0–2, colour indexes 16–255, picture sizes 1–10000, sizes from 1).
  ...[0, 3, 15, 256, 10_001].map((n): Mutation => [`${n}`, (p, k) => (p[k] = n)]),
  ['a colour name it does not have', (p, k) => (p[k] = 'purple')],
  ['an upper-case #RRGGBB', (p, k) => (p[k] = '#ABCDEF')],
  ['an unknown key beside it', (p) => (Array.isArray(p) ? p.push({ unknown: 1 }) : (p['unknownField'] = 1))],
];

/** Change the document at one place, check both, and put it back (a copy per mutation would copy 400 KB each time). */
export function withMutation<T>(doc: unknown, path: Path, how: (typeof MUTATIONS)[number][1], check: () => T): T {
  let parent = doc as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  const saved = Array.isArray(parent) ? [...parent] : { ...parent };
  how(parent, key);
  try {
    return check();
  } finally {
    if (Array.isArray(parent)) parent.splice(0, parent.length, ...(saved as unknown[]));
    else {
      for (const k of Object.keys(parent)) delete parent[k];
      Object.assign(parent, saved);
    }
  }
}

