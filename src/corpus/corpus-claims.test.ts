/**
 * The shipped corpus, checked against the two embedded emulators: every `known`
 * claim a probe makes is what the emulator really does; every probe
 * discriminates; answers do not depend on the order probes run in.
 */
import { describe, expect, it } from 'vitest';
import { answerSignature } from '../results/answer-key.js';
import { supportMark } from '../classify/support-mark.js';
import { runTarget } from '../engine/run-target.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { loadCorpus } from './load-corpus.js';
import type { Expectation } from './probe-schema.js';

const corpus = await loadCorpus();
const size = { cols: 80, rows: 24 };

describe('the shipped corpus', () => {
  it('has at least 120 probes in at least 10 categories, covering the issue\'s categories', () => {
    expect(corpus.probes.length).toBeGreaterThanOrEqual(120);
    expect(corpus.categories.length).toBeGreaterThanOrEqual(10);
    for (const c of ['cursor', 'pending-wrap', 'tabs', 'erase', 'insert-delete', 'scroll-region', 'origin-mode', 'margins', 'save-restore', 'alt-screen', 'unicode-width', 'reports']) {
      expect(corpus.categories).toContain(c);
    }
    const modes = new Set(corpus.probes.flatMap((p) => p.query.filter((q) => q.startsWith('decrqm:'))));
    expect(modes.size).toBeGreaterThanOrEqual(30);
  });

  it('every probe discriminates: "implements" and "lacks" are different answers', () => {
    const same = (a: Expectation, b: Expectation) => JSON.stringify(a) === JSON.stringify(b);
    const bad = corpus.probes.filter((p) => p.expect.lacks && same(p.expect.implements, p.expect.lacks)).map((p) => p.id);
    expect(bad).toEqual([]);
    const empty = corpus.probes.filter((p) => Object.keys(p.expect.implements).length === 0).map((p) => p.id);
    expect(empty).toEqual([]);
  });

  for (const target of EMBEDDED_TARGETS) {
    it(`every "known" claim about ${target} is what ${target} does`, async () => {
      const { results } = await runTarget(target, corpus, corpus.probes, size);
      const byId = new Map(results.probes.map((r) => [r.id, r]));
      const wrong: string[] = [];
      for (const p of corpus.probes) {
        const claim = p.known?.[target];
        if (!claim) continue;
        const got = supportMark(p, byId.get(p.id), size).support;
        if (got !== claim) wrong.push(`${p.id}: claims ${claim}, ${target} ${got}`);
      }
      expect(wrong).toEqual([]);
    });

    it(`${target}: answers are the same forwards, backwards and shuffled (isolation)`, async () => {
      const forwards = (await runTarget(target, corpus, corpus.probes, size)).results.probes;
      const sig = (list: typeof forwards) => Object.fromEntries(list.map((r) => [r.id, answerSignature(r)]));
      const backwards = (await runTarget(target, corpus, [...corpus.probes].reverse(), size)).results.probes;
      let seed = 7;
      const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const shuffled = [...corpus.probes].sort(() => rand() - 0.5);
      const mixed = (await runTarget(target, corpus, shuffled, size)).results.probes;
      expect(sig(backwards)).toEqual(sig(forwards));
      expect(sig(mixed)).toEqual(sig(forwards));
    });
  }
});
