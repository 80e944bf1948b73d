import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from './load-width-suite.js';
import { WIDTH_CATEGORIES } from './width-item.js';

describe('the Unicode width suite', () => {
  const suite = loadWidthSuite();

  it('holds at least 12,000 items, with unique ids, in every category', () => {
    expect(suite.items.length).toBeGreaterThanOrEqual(12_000);
    expect(new Set(suite.items.map((i) => i.id)).size).toBe(suite.items.length);
    const categories = new Set(suite.items.map((i) => i.category));
    for (const c of WIDTH_CATEGORIES) expect(categories, c).toContain(c);
  });

  it('gives every measurable item an expected advance and a version', () => {
    const bad = suite.items.filter((item) =>
      item.category === 'choke' ? item.expect !== undefined : typeof item.expect !== 'number' || (item.category !== 'text' && !/^\d+\.\d$/.test(item.unicode ?? '')),
    );
    expect(bad.map((i) => i.id)).toEqual([]);
  });

  it('dates every wide code point to a Unicode version from 9.0 to 17.0, and the emoji sequences to an emoji version', () => {
    const versions = new Set(suite.items.filter((i) => i.category === 'wide').map((i) => i.unicode));
    expect([...versions].sort((a, b) => Number(a) - Number(b))).toEqual(['9.0', '10.0', '11.0', '12.0', '12.1', '13.0', '14.0', '15.0', '15.1', '16.0', '17.0']);
    const undated = suite.items.filter((i) => ['emoji-zwj', 'flag', 'skin-tone', 'keycap'].includes(i.category) && !/^\d+\.\d$/.test(i.emoji ?? ''));
    expect(undated.map((i) => i.id)).toEqual([]);
  });

  it('follows the specification on known items', () => {
    const byId = new Map(suite.items.map((i) => [i.id, i]));
    // U+1F600 (Unicode 6.1) became wide with Unicode 9.0; U+1FAE8 is Unicode 15.0.
    expect(byId.get('wide:1F600')).toMatchObject({ unicode: '9.0', expect: 2 });
    expect(byId.get('wide:1FAE8')).toMatchObject({ unicode: '15.0', expect: 2 });
    expect(byId.get('zero-width:0301')).toMatchObject({ text: 'a\u0301', expect: 1 });
    expect(byId.get('zero-width:00AD')).toBeUndefined(); // the specification gives U+00AD width 1
    expect(byId.get('vs16:2764-FE0F')).toMatchObject({ expect: 1, cluster: 2 });
    expect(byId.get('vs15:231A-FE0E')).toMatchObject({ expect: 2, cluster: 1 });
    expect(byId.get('flag:1F1FA-1F1F8')).toMatchObject({ expect: 4, cluster: 2 });
    expect(byId.get('emoji-zwj:1F468-200D-1F469-200D-1F467')).toMatchObject({ expect: 6, cluster: 2 });
    expect(byId.get('hangul-jamo:1100-1161-11A8')).toMatchObject({ expect: 2, cluster: 2 });
    expect(byId.get('lone-indicator:1F1FA')).toMatchObject({ expect: 2 });
  });
});
