/**
 * The batched width engine measures what the emulator itself computes: for
 * every item of the suite, xterm.js's answers (Unicode 6 and 11 providers)
 * equal xterm.js's own width function, and Ghostty's equal the advance of its
 * own cursor with the item written alone into a fresh grid (no CPR involved).
 */
import headless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { itemBytes, type WidthItem } from '../corpus/width-suite/width-item.js';
import type { UnicodePass, UnicodeResults } from '../results/unicode-results-schema.js';
import { advanceOf } from '../results/width-answers.js';
import { loadGhostty } from '../targets/embedded/ghostty-wasm.js';
import { runUnicodeTarget } from './run-unicode.js';

const suite = loadWidthSuite();
const measurable = suite.items.map((item, index) => ({ item, index })).filter(({ item }) => item.category !== 'choke');

interface Mismatch {
  id: string;
  pass: UnicodePass;
  measured: number | null | undefined;
  own: number;
}

function mismatches(results: UnicodeResults, own: (item: WidthItem, pass: UnicodePass) => number): Mismatch[] {
  const out: Mismatch[] = [];
  for (const { item, index } of measurable) {
    for (const pass of ['off', 'on'] as const) {
      // The 2027-set pass is measured only where the terminal reports the mode settable (Ghostty; not xterm.js).
      if (pass === 'on' && (item.cluster === undefined || results.run.on !== undefined)) continue;
      const measured = advanceOf(results, pass, index, item.id);
      const expected = own(item, pass);
      if (measured !== expected) out.push({ id: item.id, pass, measured, own: expected });
    }
  }
  return out;
}

function choked(results: UnicodeResults): string[] {
  return suite.items.flatMap((item, index) => (item.category === 'choke' && advanceOf(results, 'off', index, item.id) === undefined ? [item.id] : []));
}

describe('the Unicode width suite, measured in batches', () => {
  for (const unicode of ['6', '11']) {
    it(`gives xterm.js (Unicode ${unicode}) the widths of xterm.js's own width function, for every item`, async () => {
      const { Terminal } = headless;
      const term = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
      if (unicode === '11') {
        term.loadAddon(new unicode11.Unicode11Addon());
        term.unicode.activeVersion = '11';
      }
      const service = (term as unknown as { _core: { unicodeService: { getStringCellWidth(s: string): number } } })._core.unicodeService;
      const { results, gaveUp } = await runUnicodeTarget('xterm.js', suite, { options: { unicode } });
      term.dispose();
      expect(gaveUp).toBeUndefined();
      expect(results.suite.items).toBe(suite.items.length);
      expect(results.run.on).toMatch(/^DECRQM \?2027 answered [a-z-]+: not settable$/);
      // A code point of width 0 written alone has nothing to join: xterm.js gives it a cell of its own
      // (written by hand at column 5: U+0600, U+0301 and U+302E each leave the cursor at column 6).
      const own = (item: WidthItem) => {
        const w = service.getStringCellWidth(item.text!);
        return w === 0 && [...item.text!].length === 1 ? 1 : w;
      };
      expect(mismatches(results, own)).toEqual([]);
      // The items terminals choke on were measured (or marked), and the run went on past them.
      expect(choked(results)).toEqual([]);
    });
  }

  it("gives Ghostty the widths of its own grid, item by item, in both 2027 modes", async () => {
    const ghostty = await loadGhostty();
    const term = ghostty.createTerminal(80, 24);
    const own = (item: WidthItem, pass: UnicodePass) => {
      term.write(new TextEncoder().encode(`\x1b[?2027${pass === 'on' ? 'h' : 'l'}\x1b[2J\x1b[1;1H`));
      term.write(itemBytes(item));
      const { x, y } = term.getCursor();
      return y * 80 + x;
    };
    const { results, gaveUp } = await runUnicodeTarget('ghostty', suite);
    try {
      expect(gaveUp).toBeUndefined();
      expect(mismatches(results, own)).toEqual([]);
      expect(choked(results)).toEqual([]);
    } finally {
      term.free();
    }
  });
});
