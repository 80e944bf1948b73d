/**
 * How a probe's bytes are cut: whole; in two at every boundary (at most
 * MAX_SINGLE_CUTS of them, chosen at random from the probe's id when there are
 * more); and one byte per piece. Cuts fall between bytes, so a UTF-8 character
 * or an escape sequence is cut too: that is the point.
 */
import { createHash } from 'node:crypto';
import { SeededRandom } from '../fuzz/seeded-random.js';

export const MAX_SINGLE_CUTS = 24;

export interface SplitVariant {
  /** Byte offsets in the probe's bytes where a piece ends; [] for whole. */
  cuts: number[];
  label: string;
}

export function splitVariants(id: string, length: number): SplitVariant[] {
  const out: SplitVariant[] = [{ cuts: [], label: 'whole' }];
  if (length < 2) return out;
  let boundaries = Array.from({ length: length - 1 }, (_, i) => i + 1);
  if (boundaries.length > MAX_SINGLE_CUTS) {
    const rnd = new SeededRandom(createHash('sha256').update(id).digest().readUInt32LE(0));
    for (let i = boundaries.length - 1; i > 0; i--) {
      const j = rnd.int(i + 1);
      [boundaries[i], boundaries[j]] = [boundaries[j]!, boundaries[i]!];
    }
    boundaries = boundaries.slice(0, MAX_SINGLE_CUTS).sort((a, b) => a - b);
  }
  for (const b of boundaries) out.push({ cuts: [b], label: `cut after byte ${b}` });
  if (length > 2) out.push({ cuts: Array.from({ length: length - 1 }, (_, i) => i + 1), label: 'one byte per piece' });
  return out;
}

/** The wire with SPLIT marks at the cuts. */
export function markCuts(wire: string, cuts: readonly number[], mark: string): string {
  let out = '';
  let prev = 0;
  for (const c of cuts) {
    out += wire.slice(prev, c) + mark;
    prev = c;
  }
  return out + wire.slice(prev);
}
