import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersionRange } from './version-range.js';
import { probeMatcher } from './probe-pattern.js';

describe('version ranges', () => {
  it('orders versions segment by segment, numbers as numbers', () => {
    expect(compareVersions('3.10', '3.9')).toBeGreaterThan(0);
    expect(compareVersions('3.3a', '3.3')).toBeGreaterThan(0);
    expect(compareVersions('3.3a', '3.3b')).toBeLessThan(0);
    expect(compareVersions('4.09.00', '4.9.0')).toBe(0);
    expect(compareVersions('379', '380')).toBeLessThan(0);
  });

  it('matches "*", exact versions and comparisons', () => {
    expect(parseVersionRange('*').matches('anything')).toBe(true);
    expect(parseVersionRange('3.3a').matches('3.3a')).toBe(true);
    expect(parseVersionRange('3.3a').matches('3.3')).toBe(false);
    expect(parseVersionRange('>=3.3').matches('3.3a')).toBe(true);
    expect(parseVersionRange('>=3.3 <3.5').matches('3.5')).toBe(false);
    expect(parseVersionRange('>=3.3 <3.5').matches('3.4')).toBe(true);
    expect(parseVersionRange('<=0.4.0').matches('0.4.0')).toBe(true);
    expect(parseVersionRange('>0.4.0').matches('unknown')).toBe(false);
  });

  it('rejects what is not a range, saying what a range is', () => {
    for (const bad of ['', '~3', '>= 3', '3.3 ||', '^1.0']) expect(() => parseVersionRange(bad)).toThrow(/a version range is "\*"/);
  });
});

describe('probe patterns', () => {
  it('matches ids exactly, or by glob across dots', () => {
    expect(probeMatcher('tabs.cht-zero')('tabs.cht-zero')).toBe(true);
    expect(probeMatcher('tabs.cht-zero')('tabs.cht-zero-x')).toBe(false);
    expect(probeMatcher('*.decstr-*')('save-restore.decstr-resets-decsc')).toBe(true);
    expect(probeMatcher('erase.e?-spares-guarded-area')('erase.el-spares-guarded-area')).toBe(true);
    expect(probeMatcher('erase.e?-spares-guarded-area')('erase.ech-spares-guarded-area')).toBe(false);
  });
});
