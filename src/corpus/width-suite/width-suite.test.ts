import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from './load-width-suite.js';
import { codePointInfo } from './suite-names.js';
import { knownSuite } from './suite-history.js';
import { decodeSuite, encodeSuite } from './suite-file.js';
import { inPlanes23, WIDTH_CATEGORIES } from './width-item.js';

describe('the Unicode width suite', () => {
  const suite = loadWidthSuite();
  const byId = new Map(suite.items.map((i) => [i.id, i]));
  const of = (category: string) => suite.items.filter((i) => i.category === category);

  it('covers every category with unique ids, at the full scope: every wide and narrow code point, every RGI sequence', () => {
    expect(new Set(suite.items.map((i) => i.id)).size).toBe(suite.items.length);
    for (const c of WIDTH_CATEGORIES) expect(of(c).length, c).toBeGreaterThan(0);
    // Unicode 17.0: 126,702 wide (74,942 of them in planes 2-3), 29,239 narrow, 903 ambiguous.
    expect(of('wide').length).toBeGreaterThan(126_000);
    expect(of('wide').filter(inPlanes23).length).toBeGreaterThan(74_000);
    expect(of('narrow').length).toBeGreaterThan(29_000);
    expect(of('emoji-zwj').length).toBe(1614);
    expect(of('flag').length).toBe(259);
    expect(of('vs15').length).toBe(of('vs16').length);
  });

  it('gives every measurable item an expected advance and a version', () => {
    const bad = suite.items.filter((item) =>
      item.category === 'choke' ? item.expect !== undefined : typeof item.expect !== 'number' || (item.category !== 'language' && !/^\d+\.\d$/.test(item.unicode ?? '')),
    );
    expect(bad.map((i) => i.id)).toEqual([]);
  });

  it('dates each wide code point by the version whose East Asian Width made it wide', () => {
    const versions = new Set(of('wide').map((i) => i.unicode!).filter((v) => Number(v) >= 9));
    expect([...versions].sort((a, b) => Number(a) - Number(b))).toEqual(['9.0', '10.0', '11.0', '12.0', '12.1', '13.0', '14.0', '15.0', '15.1', '16.0', '17.0']);
    // The 96 code points Unicode 16.0 made wide beyond the Tai Xuan Jing symbols, and the counting rods assigned in 11.0 (N until 16.0).
    for (const cp of [0x2630, 0x2637, 0x268a, 0x268f, 0x4dc0, 0x4dff, 0x1d300, 0x1d360, 0x1d371, 0x1d372, 0x1d376]) {
      expect(byId.get(`wide:${cp.toString(16).toUpperCase()}`), cp.toString(16)).toMatchObject({ unicode: '16.0', expect: 2 });
    }
    // New and wide in 17.0, outside the CJK planes: 150 beside the 7 new emoji.
    const new17 = of('wide').filter((i) => i.unicode === '17.0' && !inPlanes23(i));
    expect(new17.length).toBe(157);
    expect(new17.filter((i) => i.emoji).length).toBe(7);
    expect(byId.get('wide:16FF2')).toMatchObject({ unicode: '17.0' });
  });

  it('follows the specification on known items, spacing marks under both conventions', () => {
    expect(byId.get('wide:1F600')).toMatchObject({ unicode: '9.0', expect: 2 });
    expect(byId.get('wide:1FAE8')).toMatchObject({ unicode: '15.0', expect: 2 });
    expect(byId.get('narrow:0041')).toMatchObject({ text: 'A', expect: 1 });
    expect(byId.get('ambiguous:00A1')).toMatchObject({ expect: 1 });
    expect(byId.get('zero-width:0301')).toMatchObject({ text: 'a\u0301', expect: 1 });
    expect(byId.get('zero-width:00AD')).toBeUndefined(); // the specification gives U+00AD width 1
    expect(byId.get('spacing-mark:0903')).toMatchObject({ text: 'a\u0903', expect: 2, alt: 1 });
    expect(byId.get('vs16:2764-FE0F')).toMatchObject({ expect: 1, cluster: 2 });
    expect(byId.get('vs15:231A-FE0E')).toMatchObject({ expect: 2, cluster: 1 });
    expect(byId.get('vs15:2764-FE0E')).toMatchObject({ expect: 1, cluster: 1 });
    expect(byId.get('flag:1F1FA-1F1F8')).toMatchObject({ expect: 4, cluster: 2 });
    expect(byId.get('emoji-zwj:1F468-200D-1F469-200D-1F467')).toMatchObject({ expect: 6, cluster: 2 });
    expect(byId.get('hangul-jamo:1100-1161-11A8')).toMatchObject({ expect: 2, cluster: 2 });
    expect(byId.get('lone-indicator:1F1FA')).toMatchObject({ expect: 2 });
  });

  it('holds a line in at least 400 languages from the UDHR, each under both spacing-mark conventions', () => {
    const lines = of('language');
    expect(suite.languages!.count).toBeGreaterThanOrEqual(400);
    expect(suite.languages!.source).toMatch(/^udhr@6\.0\.0 \(MIT/);
    expect(lines.every((l) => l.expect! <= 60 && l.expect! >= 20)).toBe(true);
    // हिन्दी: ह ि न ् द ी — the spacing marks ि and ी count 1 each, or 0.
    const hindi = byId.get('language:hin')!;
    expect(hindi.text!.startsWith('सभी')).toBe(true);
    expect(hindi.alt).toBeLessThan(hindi.expect!);
  });

  it('keeps to its compact form whole, and knows the earlier suite the published results were made with', () => {
    expect(decodeSuite(encodeSuite(suite)).items).toEqual(suite.items);
    expect(knownSuite(suite.hash)?.ids).toEqual(suite.items.map((i) => i.id));
    const older = knownSuite('88b08b6e0b05ad26')!;
    expect(older.ids.length).toBe(37_954);
    expect(older.ids).toContain('text:0928-092E-0938-094D-0924-0947');
  });

  it('names each code point and its block', () => {
    expect(codePointInfo(0x4dc0)).toEqual({ name: 'HEXAGRAM FOR THE CREATIVE HEAVEN', block: 'Yijing Hexagram Symbols' });
    expect(codePointInfo(0x20000)).toEqual({ name: 'CJK UNIFIED IDEOGRAPH-20000', block: 'CJK Unified Ideographs Extension B' });
  });
});
