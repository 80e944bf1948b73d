/**
 * The batch fallbacks, against a real emulator (xterm.js in this process): an
 * item drawn wider than its slot wraps and is measured again alone; a batch
 * whose answers do not add up (an item that adds a cursor report of its own)
 * is measured again item by item, and every item still gets its own advance.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WidthItem } from '../corpus/width-suite/width-item.js';
import type { TargetSession } from '../targets/target.js';
import { xtermJsTarget } from '../targets/embedded/xterm-js.js';
import { preludeBytes } from '../corpus/prelude.js';
import { measureWidths } from './run-widths.js';

const size = { cols: 80, rows: 24 };
const sessions: TargetSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

async function open(): Promise<TargetSession> {
  const s = await xtermJsTarget.open({ ...size, options: {} });
  sessions.push(s);
  return s;
}

const item = (id: string, text: string, expect: number): WidthItem => ({ id, category: 'language', text, expect });
const options = { size, modeBytes: '\x1b[?2027l', prelude: preludeBytes(size) };

describe('measuring widths in batches', () => {
  it('measures an item that wrapped past the last column again alone, with its whole advance', async () => {
    // Slots of 8 columns: ten per row, the tenth at column 73; a 12-column item there wraps.
    const items = Array.from({ length: 30 }, (_, i) => (i % 10 === 9 ? item(`long${i}`, 'x'.repeat(12), 1) : item(`short${i}`, '\u4e2d', 2)));
    const pass = await measureWidths(await open(), items, items.map((_, i) => i), options);
    expect(pass.gaveUp).toBeUndefined();
    expect(pass.remeasured.sort((a, b) => a - b)).toEqual([9, 19, 29]);
    expect(items.map((_, i) => pass.advances.get(i))).toEqual(items.map((it) => (it.id.startsWith('long') ? 12 : 2)));
  });

  it('measures a batch whose reports do not add up again item by item, and notes the item that answered twice', async () => {
    const items = [item('a', 'a', 1), item('b', 'b\x1b[6n', 1), item('c', '\u4e2d', 2)];
    const pass = await measureWidths(await open(), items, [0, 1, 2], options);
    expect(pass.remeasured.sort()).toEqual([0, 1, 2]);
    expect([0, 1, 2].map((i) => pass.advances.get(i))).toEqual([1, 1, 2]);
    expect(pass.notes.get(1)).toBe('2 cursor reports for one query');
    expect(pass.notes.has(0)).toBe(false);
  });
});
