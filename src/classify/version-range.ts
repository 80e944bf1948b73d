/**
 * Version ranges in the divergence registry. The syntax, kept small on purpose:
 *
 *   "*"            every version (also "unknown")
 *   "3.3a"         exactly that version (same as "=3.3a")
 *   ">=3.3"        a comparison: >=, >, <=, < or =
 *   ">=3.3 <3.5"   several comparisons separated by spaces: all must hold
 *
 * Versions compare segment by segment: split at ".", "-", "+" and "_", and
 * between digits and letters ("3.3a" → 3, 3, "a"). Numbers compare as numbers,
 * letters as text, a number sorts after letters, and a version that extends
 * another sorts after it ("3.3a" > "3.3"). There are no pre-release rules.
 */

const OPS = ['>=', '<=', '>', '<', '='] as const;
type Op = (typeof OPS)[number];

export const VERSION_RANGE_PATTERN = /^(\*|(?:>=|<=|>|<|=)?[0-9A-Za-z][0-9A-Za-z.+_-]*(?:\s+(?:>=|<=|>|<|=)?[0-9A-Za-z][0-9A-Za-z.+_-]*)*)$/;
export const VERSION_RANGE_HELP = 'a version range is "*", an exact version ("3.3a"), or comparisons such as ">=3.3" or ">=3.3 <3.5"';

type Segment = number | string;

function segments(version: string): Segment[] {
  const out: Segment[] = [];
  for (const part of version.split(/[.+_-]/)) {
    for (const m of part.matchAll(/\d+|[^\d]+/g)) out.push(/^\d/.test(m[0]) ? Number(m[0]) : m[0].toLowerCase());
  }
  return out;
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: string, b: string): number {
  const sa = segments(a);
  const sb = segments(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const x = sa[i]!;
    const y = sb[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return 1;
    if (typeof y === 'number') return -1;
    return x < y ? -1 : 1;
  }
  return sa.length - sb.length;
}

export interface VersionRange {
  text: string;
  matches(version: string): boolean;
}

function holds(op: Op, cmp: number): boolean {
  switch (op) {
    case '>=': return cmp >= 0;
    case '<=': return cmp <= 0;
    case '>': return cmp > 0;
    case '<': return cmp < 0;
    case '=': return cmp === 0;
  }
}

/** Parse a range; throws an Error whose message says what is wrong. */
export function parseVersionRange(text: string): VersionRange {
  const trimmed = text.trim();
  if (!VERSION_RANGE_PATTERN.test(trimmed)) throw new Error(`"${text}" is not a version range: ${VERSION_RANGE_HELP}`);
  if (trimmed === '*') return { text: trimmed, matches: () => true };
  const tests = trimmed.split(/\s+/).map((tok) => {
    const op = OPS.find((o) => tok.startsWith(o)) ?? '=';
    return { op, version: tok.startsWith(op) ? tok.slice(op.length) : tok };
  });
  // By version: compare asks each entry about the same few versions for thousands of cells, and comparing splits both.
  const known = new Map<string, boolean>();
  return {
    text: trimmed,
    matches: (version) => {
      let m = known.get(version);
      if (m === undefined) known.set(version, (m = version !== 'unknown' && tests.every((t) => holds(t.op, compareVersions(version, t.version)))));
      return m;
    },
  };
}
