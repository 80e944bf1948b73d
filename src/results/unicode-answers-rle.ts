/** The run-length form of a pass's answers on disk: a character followed by {n} is n of it. */

/** Runs shorter than this stay as they are ("222" is shorter than "2{3}"). */
const MIN_RUN = 5;

export function encodeAnswers(plain: string): string {
  let out = '';
  for (let i = 0; i < plain.length; ) {
    const c = plain[i]!;
    let j = i + 1;
    while (j < plain.length && plain[j] === c) j++;
    out += j - i >= MIN_RUN ? `${c}{${j - i}}` : c.repeat(j - i);
    i = j;
  }
  return out;
}

/** The plain string, or undefined when a run would make it longer than `limit` (a file claiming a billion answers). */
export function decodeAnswers(encoded: string, limit: number): string | undefined {
  const parts: string[] = [];
  let length = 0;
  const re = /(.)(?:\{(\d+)\})?/gsy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(encoded)) !== null) {
    const n = m[2] ? Number(m[2]) : 1;
    length += n;
    if (length > limit) return undefined;
    parts.push(n === 1 ? m[1]! : m[1]!.repeat(n));
  }
  return parts.join('');
}
