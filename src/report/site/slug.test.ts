import { describe, expect, it } from 'vitest';
import { isSafeSlug, SlugAllocator, slugify } from './slug.js';

describe('slugs', () => {
  it('turns any name into a safe file name', () => {
    expect(slugify('xterm.js 6.0.0')).toBe('xterm.js-6.0.0');
    expect(slugify('GNOME Terminal 3.46.8 (VTE 0.70)')).toBe('gnome-terminal-3.46.8-vte-0.70');
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
    expect(slugify('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(slugify('中文', 'terminal')).toBe('terminal');
    expect(slugify('...')).toBe('item');
    expect(slugify('CON')).toBe('item-con');
    expect(slugify('x'.repeat(200))).toHaveLength(80);
    for (const s of ['a', 'xterm.js-6.0.0', 'item-con']) expect(isSafeSlug(s)).toBe(true);
    for (const s of ['', '../x', '.hidden', 'a/b', 'A', 'a b']) expect(isSafeSlug(s)).toBe(false);
  });

  it('keeps slugs unique within an allocator', () => {
    const slugs = new SlugAllocator('terminal');
    expect(['xterm 390', 'XTERM 390', 'xterm-390', '中', '文'].map((s) => slugs.take(s))).toEqual(['xterm-390', 'xterm-390-2', 'xterm-390-3', 'terminal', 'terminal-2']);
  });
});
