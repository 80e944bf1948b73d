/** The start-up limits the docs state: a stdio adapter's hello within 10 s (docs/stdio-adapter.md), first start or not. */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { helloLimitMs, startLimits } from './start-limits.js';

const saved = process.env['TERMPROBE_GUI_START_TIMEOUT_MS'];
afterEach(() => {
  if (saved === undefined) delete process.env['TERMPROBE_GUI_START_TIMEOUT_MS'];
  else process.env['TERMPROBE_GUI_START_TIMEOUT_MS'] = saved;
});

describe('start-up limits', () => {
  it('gives a stdio adapter 10 s for its hello, as its docs say, also on its first start; the variable sets it', () => {
    delete process.env['TERMPROBE_GUI_START_TIMEOUT_MS'];
    expect(helloLimitMs()).toBe(10_000);
    expect(readFileSync(new URL('../../../docs/stdio-adapter.md', import.meta.url), 'utf8')).toMatch(/its hello \(below\), within 10 s\s+\(`TERMPROBE_GUI_START_TIMEOUT_MS` sets that limit too\)/);
    process.env['TERMPROBE_GUI_START_TIMEOUT_MS'] = '2500';
    expect(helloLimitMs()).toBe(2500);
  });

  it("gives a GUI program's first start three times as long as its later ones", () => {
    delete process.env['TERMPROBE_GUI_START_TIMEOUT_MS'];
    const program = `test-program-${process.pid}`;
    expect(startLimits({}, program)).toEqual({ startMs: 60_000, checkMs: 30_000 });
    expect(startLimits({}, program)).toEqual({ startMs: 20_000, checkMs: 10_000 });
  });
});
