import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { runUnicodeTarget } from '../engine/run-unicode.js';
import { BELOW_ALL, unicodeVerdict, verdictSentence } from './unicode-verdict.js';

const suite = loadWidthSuite();
const num = (v: string) => Number(v.split('.')[0]) * 100 + Number(v.split('.')[1] ?? 0);

describe('the Unicode verdict', () => {
  it("places xterm.js's Unicode 6 provider before 9.0 and its Unicode 11 provider at 11.0 or later", async () => {
    const u6 = unicodeVerdict((await runUnicodeTarget('xterm.js', suite, { options: { unicode: '6' } })).results, suite);
    const u11 = unicodeVerdict((await runUnicodeTarget('xterm.js', suite, { options: { unicode: '11' } })).results, suite);
    expect(u6.unicode.best).toBe(BELOW_ALL);
    expect(verdictSentence(u6)).toMatch(/^draws widths as Unicode 8\.0 or older/);
    expect(num(u11.unicode.best)).toBeGreaterThanOrEqual(1100);
    // xterm.js joins no ZWJ sequence and ignores VS16 (one cell on a narrow base), with either provider:
    // the VS16 items it draws as specified are those on a base wide already.
    const onWideBase = suite.items.filter((i) => i.category === 'vs16' && i.expect === 2).length;
    for (const v of [u6, u11]) {
      expect(v.clusters).toBe('per-code-point');
      expect(v.zwj.share.total).toBeGreaterThan(1000);
      expect(v.shares['vs16']!.matched).toBeLessThanOrEqual(onWideBase);
    }
    expect(u11.shares['vs16']!.matched).toBe(onWideBase);
  });

  it('judges Ghostty, which sets mode 2027, by its clusters, and marks the choke items without losing the run', async () => {
    const { results } = await runUnicodeTarget('ghostty', suite);
    const v = unicodeVerdict(results, suite);
    expect(v.mode2027).toBe('set');
    expect(v.clusters).toBe('cluster');
    expect(v.zwj.share.matched).toBe(v.zwj.share.total);
    expect(v.shares['vs16']!.matched).toBe(v.shares['vs16']!.total);
    expect(v.marked.map((m) => m.id).sort()).toEqual(suite.items.filter((i) => i.category === 'choke').map((i) => i.id).sort());
    // A code point newer than the best match that came out right disagrees too (it is ahead of the claim); anything else disagrees by its answer.
    const best = num(v.unicode.best);
    const odd = v.disagreements.filter((d) => (['wide', 'zero-width'].includes(d.category) && num(d.unicode!) > best ? d.got !== d.expected : d.got === d.expected));
    expect(odd).toEqual([]);
  });

  it('refuses results measured with a suite it does not know', async () => {
    const { results } = await runUnicodeTarget('ghostty', suite);
    expect(() => unicodeVerdict({ ...results, suite: { ...results.suite, hash: '00000000000000aa' } }, suite)).toThrow(/measured with width suite 00000000000000aa, which this termprobe does not know/);
  });
});
