/**
 * Screen frames of the stdio adapter protocol: a whole screen or, from an
 * adapter whose hello says "regions", just the region asked for — the same
 * answer either way, through the reference adapter served both ways; and a
 * frame that does not hold what was asked for fails naming the place.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Region } from '../../corpus/probe-schema.js';
import { ROOT } from '../../test-support/cli.js';
import { useTempDirs } from '../../test-support/temp-dirs.js';
import { readScreenFrame, screenRequest } from './stdio-screen.js';
import { stdioTarget } from './stdio-target.js';

const tempDir = useTempDirs();
const size = { cols: 4, rows: 2 };
const frame = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const blank = { t: ' ', w: 1 };
const where = '--target "stdio:x"';

describe('readScreenFrame', () => {
  const region: Region = { top: 2, left: 2, bottom: 2, right: 3 };
  it('reads the region out of a whole screen, and a region frame holding that region alone, the same', () => {
    const styled = { t: 'b', w: 1, s: { bold: true } };
    const whole = frame({ cells: [[blank, blank, blank, blank], [blank, { t: 'a', w: 1 }, styled, blank]] });
    const part = frame({ cells: [[{ t: 'a', w: 1 }, styled]] });
    const a = readScreenFrame(whole, region, 'cells', size, false, where);
    expect(a).toEqual({ via: 'adapter', region, text: ['ab'], cells: [[{ t: 'a', w: 1 }, styled]] });
    expect(readScreenFrame(part, region, 'cells', size, true, where)).toEqual(a);
    expect(screenRequest(region, 4, 2, true)).toBe('2 2 2 3');
    expect(screenRequest(region, 4, 2, false)).toBe('');
  });
  it('refuses a frame that does not hold what was asked for, naming the row or cell', () => {
    expect(() => readScreenFrame(frame({ cells: [[blank, blank, blank, blank]] }), region, 'cells', size, true, where)).toThrow(/screen row 2 must hold 2 cells \(the region 2 2 2 3 asked for\)/);
    expect(() => readScreenFrame(frame({ cells: [[blank, { t: 'x', w: 3 }]] }), region, 'cells', size, true, where)).toThrow(/screen cell 2;3 is not \{t, w, s\?\}/);
    expect(() => readScreenFrame(frame({ cells: [[blank, { t: 'x', w: 1, z: 1 }]] }), region, 'cells', size, true, where)).toThrow(/screen cell 2;3 is not/);
    expect(() => readScreenFrame(frame({ cells: [] }), region, 'cells', size, false, where)).toThrow(/"cells" must hold 2 rows \(the screen\)/);
    expect(() => readScreenFrame(frame({ text: ['a', 'b'] }), region, 'text', size, true, where)).toThrow(/"text" must hold 1 rows/);
  });
  it('places the rows of a text region at their own rows', () => {
    expect(readScreenFrame(frame({ text: [' abc'] }), region, 'text', size, true, where).text).toEqual(['ab']);
  });
});

describe('the reference adapter with and without regions', () => {
  it('answers a region read the same either way', async () => {
    const dir = tempDir('termprobe-stdio-screen-');
    const script = join(dir, 'no-regions.mjs');
    writeFileSync(script, `import { serveXtermJs } from ${JSON.stringify(join(ROOT, 'dist/adapters/serve-xterm-js.js'))};\nawait serveXtermJs(undefined, { regions: false });\n`);
    const answers = [];
    for (const spec of [`stdio:node ${join(ROOT, 'dist/adapters/xterm-js-adapter.js')}`, `stdio:node ${script}`]) {
      const session = await stdioTarget(spec).open({ cols: 80, rows: 24, options: {} });
      try {
        session.write(new TextEncoder().encode('\x1b[2;3H\x1b[1mbold\x1b[0m 中文 x'));
        answers.push(await session.readScreen!({ top: 2, left: 3, bottom: 3, right: 10 }));
      } finally {
        await session.close();
      }
    }
    // 文 starts in the region's last column: its left half is there.
    expect(answers[0]!.text).toEqual(['bold 中文', '']);
    expect(answers[0]!.cells![0]![0]).toEqual({ t: 'b', w: 1, s: { bold: true } });
    expect(answers[1]).toEqual(answers[0]);
  }, 30_000);
});
