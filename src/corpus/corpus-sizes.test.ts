/**
 * The corpus runs at any size from 20x5 up: every probe either uses the size
 * variables for what depends on the size, or states the least size it needs
 * (`needs:`, or a screen region in numbers). Checked against both embedded
 * emulators: at each size below, a probe that fits gives the same support mark
 * as at 80x24, and one that does not is skipped, saying what it needs and why;
 * at exactly the size it needs, every probe gives its 80x24 mark.
 */
import { describe, expect, it } from 'vitest';
import { supportMark, type Support } from '../classify/support-mark.js';
import { runTarget } from '../engine/run-target.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { loadCorpus } from './load-corpus.js';
import { MIN_SIZE, probeNeeds, sizeShortfall, SIZE_NOTE_PREFIX } from './probe-needs.js';
import type { Probe } from './probe-schema.js';

const corpus = await loadCorpus();
const BASE = { cols: 80, rows: 24 };
/** The smallest, odd sizes (halves round down), the common narrow one, wide ones and the largest --size takes. */
const SIZES = [MIN_SIZE, { cols: 21, rows: 6 }, { cols: 33, rows: 9 }, { cols: 60, rows: 15 }, { cols: 132, rows: 50 }, { cols: 1000, rows: 200 }];

async function marks(target: string, probes: Probe[], size: { cols: number; rows: number }): Promise<Map<string, { support: Support; note?: string }>> {
  const { results } = await runTarget(target, corpus, probes, size);
  return new Map(results.probes.map((r, i) => [r.id, { support: supportMark(probes[i], r, size).support, ...(r.note ? { note: r.note } : {}) }]));
}

describe('the corpus at any size from 20x5 up', () => {
  it('states a size only where it needs one beyond 20x5, and the reason reads as a clause', () => {
    for (const p of corpus.probes.filter((q) => q.needs)) {
      const need = probeNeeds(p)!;
      expect(need.cols > MIN_SIZE.cols || need.rows > MIN_SIZE.rows, `${p.id} states ${p.needs}, no more than 20x5`).toBe(true);
    }
    const note = sizeShortfall(corpus.byId.get('scroll-region.su-scrolls-region')!, MIN_SIZE);
    expect(note).toBe(`${SIZE_NOTE_PREFIX}20x6 (its screen region reaches row 6); this terminal is 20x5`);
  });

  for (const target of EMBEDDED_TARGETS) {
    it(`${target}: at every size a probe that fits gives its 80x24 mark, and one that does not is skipped saying why`, async () => {
      const base = await marks(target, corpus.probes, BASE);
      const wrong: string[] = [];
      for (const size of SIZES) {
        const got = await marks(target, corpus.probes, size);
        for (const p of corpus.probes) {
          const short = sizeShortfall(p, size);
          const g = got.get(p.id)!;
          if (short) {
            if (g.support !== 'inconclusive' || g.note !== short) wrong.push(`${p.id} at ${size.cols}x${size.rows}: should be skipped (${short}), got ${g.support} ${g.note ?? ''}`);
          } else if (g.support !== base.get(p.id)!.support) {
            wrong.push(`${p.id} at ${size.cols}x${size.rows}: ${g.support}, at 80x24 ${base.get(p.id)!.support} (state the size it needs, or use \${cols}/\${rows})`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`${target}: at exactly the size it needs, every probe gives its 80x24 mark`, async () => {
      const base = await marks(target, corpus.probes, BASE);
      const bySize = new Map<string, Probe[]>();
      for (const p of corpus.probes) {
        const need = probeNeeds(p);
        if (!need) continue;
        const key = `${Math.max(need.cols, MIN_SIZE.cols)}x${Math.max(need.rows, MIN_SIZE.rows)}`;
        bySize.set(key, [...(bySize.get(key) ?? []), p]);
      }
      const wrong: string[] = [];
      for (const [key, probes] of bySize) {
        const [cols, rows] = key.split('x').map(Number) as [number, number];
        const got = await marks(target, probes, { cols, rows });
        for (const p of probes) if (got.get(p.id)!.support !== base.get(p.id)!.support) wrong.push(`${p.id} at ${key}: ${got.get(p.id)!.support}, at 80x24 ${base.get(p.id)!.support}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
