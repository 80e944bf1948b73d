import { describe, expect, it } from 'vitest';
import { expectGolden, FIX, FIXTURE_RUNS, FROZEN, runCli } from './cli-test-support.js';

describe('termprobe compare (golden)', () => {
  for (const format of ['text', 'markdown', 'json'] as const) {
    it(`prints the fixture runs as ${format}`, () => {
      const r = runCli(['compare', ...FIXTURE_RUNS, ...FROZEN, '--format', format]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expectGolden(`compare.${format === 'markdown' ? 'md' : format === 'json' ? 'json' : 'txt'}`, r.stdout);
    });
  }

  it('filters by category and to differences only', () => {
    const r = runCli(['compare', ...FIXTURE_RUNS, ...FROZEN, '--category', 'pending-wrap,tabs', '--only-differences']);
    expect(r.code).toBe(0);
    expectGolden('compare-pending-wrap-tabs-differences.txt', r.stdout);
  });

  it('takes another reference by name', () => {
    const r = runCli(['compare', ...FIXTURE_RUNS, ...FROZEN, '--reference', 'ghostty', '--only-differences', '--format', 'markdown']);
    expect(r.code).toBe(0);
    expectGolden('compare-reference-ghostty.md', r.stdout);
  });

  it('fits the width given (--width or $COLUMNS): marks only, targets by number, split into tables as the width needs', () => {
    const r = runCli(['compare', ...FIXTURE_RUNS, ...FROZEN, '--width', '60']);
    expect(r.code).toBe(0);
    for (const line of r.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(60);
    expectGolden('compare-width-60.txt', r.stdout);
    // $COLUMNS does the same when stdout is not a terminal; no width at all keeps every column (a file, a pipe).
    expect(runCli(['compare', ...FIXTURE_RUNS, ...FROZEN], { COLUMNS: '60' }).stdout).toBe(r.stdout);
    expect(runCli(['compare', ...FIXTURE_RUNS, ...FROZEN, '--width', '400']).stdout).toBe(runCli(['compare', ...FIXTURE_RUNS, ...FROZEN]).stdout);
  });

  it('shows a probe without a reply as no-reply and counts it', () => {
    const r = runCli(['compare', `${FIX}/xterm.js-6.0.0.json`, `${FIX}/edge/ghostty-no-reply.json`, ...FROZEN, '--category', 'pending-wrap']);
    expect(r.code).toBe(0);
    expectGolden('compare-no-reply.txt', r.stdout);
  });

  it('colours only when asked and never with NO_COLOR; letters carry the class either way', () => {
    const args = ['compare', ...FIXTURE_RUNS, ...FROZEN, '--only-differences'];
    const plain = runCli(args);
    const forced = runCli(args, { NO_COLOR: undefined, FORCE_COLOR: '1' });
    const both = runCli(args, { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(plain.stdout).not.toContain('\x1b[');
    expect(both.stdout).not.toContain('\x1b[');
    expect(forced.stdout).toContain('\x1b[31m✗B 1;1');
    expect(forced.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain.stdout);
  });

  it('rejects an unknown category, format or reference with one line and exit 2', () => {
    for (const extra of [['--category', 'nope'], ['--format', 'html'], ['--reference', 'nope']]) {
      const r = runCli(['compare', ...FIXTURE_RUNS, ...FROZEN, ...extra]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
