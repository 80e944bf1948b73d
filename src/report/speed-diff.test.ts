import { describe, expect, it } from 'vitest';
import { BadInputError } from '../util/bad-input-error.js';
import { speedFigure, speedResults } from '../results/speed-results.test-support.js';
import { diffSpeed, renderSpeedDiffJson, renderSpeedDiffMarkdown, renderSpeedDiffText, speedDiffExitCode } from './speed-diff.js';

describe('diff of two speed files', () => {
  it('reports only the figures whose trials do not overlap, with which way and how far', () => {
    const a = speedResults('kitty');
    const b = speedResults('kitty', { 'drain.ascii': [20, 21, 22, 23, 24], 'reply.cpr.idle': [14, 15, 16, 17, 18], 'memory.start': [5000, 5000, 5000, 5000, 5000] });
    const diff = diffSpeed('a.json', a, 'b.json', b);
    // reply.cpr.idle overlaps at 14: the same, however far its median moved (12 → 16).
    expect(diff.changed.map((c) => [c.id, c.kind])).toEqual([['drain.ascii', 'slower'], ['memory.start', 'smaller']]);
    expect(diff.unchanged).toBe(10);
    expect(speedDiffExitCode(diff)).toBe(1);
    const text = renderSpeedDiffText(diff);
    expect(text).toContain('drain.ascii (plain ASCII): 43.7 MB/s → 23.8 MB/s (1.83× slower; trials 10–14 ms → 20–24 ms)');
    expect(text).toContain('memory.start (resident size at start): 11.7 MiB → 4.88 MiB (2.4× smaller; trials 10000–14000 KiB → 5000–5000 KiB)');
    expect(text.trimEnd().split('\n').at(-1)).toBe('2 figures changed beyond the spread (10 within their spread).');
    expect(renderSpeedDiffMarkdown(diff)).toContain('| plain ASCII (`drain.ascii`) | 43.7 MB/s → 23.8 MB/s');
    expect(JSON.parse(renderSpeedDiffJson(diff)).changed).toHaveLength(2);
  });

  it('takes memory samples of two instances as the same within 5 %, the spread measured between instances', () => {
    const a = speedResults('foot');
    const near = speedResults('foot', { 'memory.start': [14_600, 14_600, 14_600, 14_600, 14_600], 'memory.scrollback': [9_600, 9_600, 9_600, 9_600, 9_600] });
    expect(diffSpeed('a.json', a, 'b.json', near).changed).toEqual([]);
    const far = speedResults('foot', { 'memory.start': [14_800, 14_800, 14_800, 14_800, 14_800] });
    expect(diffSpeed('a.json', a, 'b.json', far).changed.map((c) => [c.id, c.kind])).toEqual([['memory.start', 'larger']]);
  });

  it('says nothing changed for two runs within their spreads, and exits 0', () => {
    const diff = diffSpeed('a.json', speedResults('st'), 'b.json', speedResults('st', {}, 1.2));
    expect(diff.changed).toEqual([]);
    expect(speedDiffExitCode(diff)).toBe(0);
    expect(renderSpeedDiffText(diff)).toContain('No figure changed beyond its spread (12 within their spread).');
  });

  it('reports a stall, and a figure measured in one run only, as a change of status', () => {
    const b = speedResults('urxvt');
    b.figures[6] = speedFigure('drain.unicode', [9000], { status: 'stalled', stall: { trial: 2, consumed: 131_072, of: 524_288, afterMs: 5012, reason: 'no CPR reply for 5.0 s' } });
    b.figures[9] = speedFigure('frame.first', [], { note: 'no drawing over the changed cells within 2 s' });
    const diff = diffSpeed('a.json', speedResults('urxvt'), 'b.json', b);
    expect(diff.changed.map((c) => `${c.id}: ${c.text}`)).toEqual([
      'drain.unicode: measured, 43.7 MB/s → stalled (131072 of 524288 bytes consumed)',
      'frame.first: measured, 12 ms → unmeasured (no drawing over the changed cells within 2 s)',
    ]);
  });

  it('refuses two runs of different payloads: they measured different work', () => {
    const b = speedResults('kitty');
    b.payloads.hash = '0123456789abcdef';
    b.settings.cols = 100;
    expect(() => diffSpeed('a.json', speedResults('kitty'), 'b.json', b)).toThrow(BadInputError);
    expect(() => diffSpeed('a.json', speedResults('kitty'), 'b.json', b)).toThrow('a.json and b.json wrote different payloads (speed-payloads/1 #b35b868d12d38ffd, speed-payloads/1 #0123456789abcdef, at 80x24 and 100x24): their figures measure different work');
  });
});
