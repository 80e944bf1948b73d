/**
 * The items terminals choke on, against a real terminal that chokes: urxvt 9.30
 * stops answering after U+FFFF, the value it keeps in a cell to mark the
 * continuation of a wide character (NOCHAR = 0xffff, src/encoding.h at tag
 * rxvt-unicode-9.30, 0ba94970e3c4466385bca169690082e6931897bf). The item is
 * marked, a fresh urxvt measures the rest, and the run ends with every other
 * item answered.
 */
import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { advanceOf } from '../results/width-answers.js';
import { GUI_RECIPES } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import { haveProgram, havePrograms } from '../test-support/require-program.js';
import { runUnicodeTarget } from './run-unicode.js';

const full = loadWidthSuite();
const urxvt = GUI_RECIPES.find((r) => r.id === 'urxvt')!;

describe.skipIf(!havePrograms(requirements(urxvt)))('choke items in urxvt', () => {
  it('marks the item urxvt hangs on, restarts it, and measures the rest', async () => {
    const items = [...full.items.filter((i) => ['wide:1F600', 'zero-width:0301', 'emoji-zwj:1F468-200D-1F469-200D-1F467'].includes(i.id)), ...full.items.filter((i) => i.category === 'choke')];
    const suite = { ...full, items };
    const { results, gaveUp } = await runUnicodeTarget('urxvt', suite, { idleTimeoutMs: 1000 });
    expect(gaveUp).toBeUndefined();
    const at = (id: string) => advanceOf(results, 'off', items.findIndex((i) => i.id === id), id);
    expect(at('choke:noncharacter-ffff')).toBeNull();
    expect(results.notes.off['choke:noncharacter-ffff']).toMatch(/^no answer within 1000 ms: the terminal hung on this item; a fresh instance measured the rest$/);
    const after = items.filter((i) => i.category === 'choke' && i.id !== 'choke:noncharacter-ffff');
    expect(after.map((i) => [i.id, typeof at(i.id)])).toEqual(after.map((i) => [i.id, 'number']));
    expect(at('wide:1F600')).toBe(2);
  });
});

describe.skipIf(!haveProgram('dvtm', 'dvtm'))('a terminal that reports the cursor 0-based', () => {
  it('is read through that offset: dvtm answers every item, in cells', async () => {
    const ids = ['wide:1F600', 'ambiguous:00A1', 'lone-modifier:1F3FB', 'hangul-jamo:1100-1161'];
    const items = full.items.filter((i) => ids.includes(i.id));
    const { results, gaveUp } = await runUnicodeTarget('dvtm', { ...full, items });
    expect(gaveUp).toBeUndefined();
    // dvtm 0.15 answers CSI 6n with a 0-based row and column (the cursor at 1;2 reads "0;1"):
    // without the offset every item would wrap or fail; with it, each advance is the cell count.
    expect(results.notes.off).toEqual({});
    expect(results.remeasured.off).toEqual([]);
    expect(advanceOf(results, 'off', items.findIndex((i) => i.id === 'wide:1F600'), 'wide:1F600')).toBe(2);
    expect(advanceOf(results, 'off', items.findIndex((i) => i.id === 'ambiguous:00A1'), 'ambiguous:00A1')).toBe(1);
  });
});
