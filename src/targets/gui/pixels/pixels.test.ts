/**
 * The pixel read-back checked against truth known without the pixels:
 * - in the terminals that answer DECRQSS m (xterm, foot, kitty, mlterm), cells
 *   drawn with each SGR of truth-cases.ts, each asked back with DECRQSS before
 *   its X is written: the read must be the style the terminal reports, or one
 *   it draws alike — except where the terminal draws other than it reports,
 *   each such case listed here with why (a list that changes fails the test);
 * - the cells the two embedded emulators give for the styled-cell probes,
 *   drawn again in xterm from their style, where xterm's DECRQSS confirms it took
 *   the style as given: the read must be the emulator's style, or alike.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadCorpus } from '../../../corpus/load-corpus.js';
import { runProbes } from '../../../engine/run-probes.js';
import { drawnKey } from '../../../results/drawn-style.js';
import type { Cell, PixelModel } from '../../../results/results-schema.js';
import { styleText } from '../../../results/style-text.js';
import { guiLeftovers } from '../../../test-support/gui-leftovers.js';
import { havePrograms } from '../../../test-support/require-program.js';
import { loadTarget } from '../../registry.js';
import type { TargetSession } from '../../target.js';
import { findRecipe } from '../gui-recipes.js';
import type { GuiSession } from '../gui-session.js';
import { guiTarget, requirements } from '../gui-target.js';
import { sgrMayBlink, sgrsLeaveBlink } from './blink-page.js';
import { SHEET_DIRECT_COLOURS } from './calibration-sheet.js';
import { cursorShape } from './read-cursor.js';
import { sgrOfStyle, styleOfSgr } from './sgr-style.js';
import { decrqssCaseBytes, decrqssCases, judgeCases, replayCaseBytes, TRUTH_SGRS, type TruthCase } from './truth-cases.js';

const sessions: TargetSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  expect(guiLeftovers()).toEqual([]);
}, 30_000);

async function open(id: string): Promise<GuiSession> {
  const session = (await guiTarget(findRecipe(id)!).open({ cols: 80, rows: 24, options: {} })) as GuiSession;
  sessions.push(session);
  return session;
}

describe('SGR parameters and styles', () => {
  test('a DECRQSS reply reads as the style it sets, in every spelling of a colour', () => {
    expect(styleText(styleOfSgr('0;1;4:3;58:2::10:20:30;38;5;196;48;2;1;2;3'))).toBe('bold underline:curly ul=#0a141e fg=196 bg=#010203');
    expect(styleText(styleOfSgr('0;21;5;7;8;9;53;93;104'))).toBe('underline:double blink reverse invisible strikethrough overline fg=bright-yellow bg=bright-blue');
    expect(styleText(styleOfSgr('1;22;4;24;38;5;3'))).toBe('fg=yellow');
    expect(styleOfSgr('0')).toBeUndefined();
  });

  test('a style drawn from its own parameters reads back the same', () => {
    for (const sgr of TRUTH_SGRS) {
      const style = styleOfSgr(sgr);
      expect(styleText(styleOfSgr(sgrOfStyle(style))), sgr).toBe(styleText(style));
    }
  });

  test('the sheet shows every direct colour a style expectation of the corpus names', async () => {
    const corpus = await loadCorpus();
    const named = new Set<string>();
    for (const p of corpus.probes) {
      for (const e of [p.expect.implements, p.expect.lacks, ...(p.expect.inconclusive ?? [])]) {
        for (const s of e?.style === undefined ? [] : typeof e.style === 'string' ? [e.style] : e.style) for (const m of s.matchAll(/#[0-9a-f]{6}/g)) named.add(m[0]);
      }
    }
    expect([...named].filter((c) => !(SHEET_DIRECT_COLOURS as readonly string[]).includes(c))).toEqual([]);
  });
});

describe("what may blink, and the cursor's shape", () => {
  test("an SGR's 5 sets blink alone, or in a form the terminal does not understand", () => {
    expect(sgrMayBlink('5', [])).toBe(true);
    expect(sgrMayBlink('38;5;196', [])).toBe(false);
    expect(sgrMayBlink('4;58;5;196', ['58;5'])).toBe(true);
    expect(sgrMayBlink('4;58;5;196', [])).toBe(false);
    expect(sgrMayBlink('4:5', ['4:5'])).toBe(true);
    expect(sgrMayBlink('1;25;35', [])).toBe(false);
    expect(sgrMayBlink('38;2;5;5;5', ['38;5'])).toBe(false);
  });

  test('SGRs in order leave the text blinking when the last to touch blink set it', () => {
    expect(sgrsLeaveBlink(['5'], [])).toBe(true);
    expect(sgrsLeaveBlink(['1;4;5;7'], [])).toBe(true);
    expect(sgrsLeaveBlink(['5', '25'], [])).toBe(false);
    expect(sgrsLeaveBlink(['5', ''], [])).toBe(false);
    expect(sgrsLeaveBlink(['5;0;1'], [])).toBe(false);
    expect(sgrsLeaveBlink(['58;5;196', '4'], ['58;5'])).toBe(true);
    expect(sgrsLeaveBlink(['58;5;196', '4'], [])).toBe(false);
    expect(sgrsLeaveBlink(['38;2;5;5;5'], ['38;5'])).toBe(false);
    expect(sgrsLeaveBlink(['4:5'], ['4:5'])).toBe(true);
  });

  test('the pixels hiding the cursor changes are a block, an underline or a bar', () => {
    const grid = { x0: 0, y0: 0, cellW: 6, cellH: 12 };
    const rect = { x: 0, y: 0, width: 18, height: 36 };
    const mask = (cells: (x: number, y: number) => boolean) => Uint8Array.from({ length: 18 * 36 }, (_, i) => (cells(i % 18, Math.floor(i / 18)) ? 1 : 0));
    const inCell = (x: number, y: number) => x >= 6 && x < 12 && y >= 12 && y < 24;
    expect(cursorShape(mask(inCell), rect, grid, { row: 2, col: 2 })).toBe('block');
    expect(cursorShape(mask((x, y) => inCell(x, y) && y >= 22), rect, grid, { row: 2, col: 2 })).toBe('underline');
    expect(cursorShape(mask((x, y) => inCell(x, y) && x < 7), rect, grid, { row: 2, col: 2 })).toBe('bar');
    expect(cursorShape(mask(() => false), rect, grid, { row: 2, col: 2 })).toBe('hidden');
  });
});

describe('how a style draws', () => {
  const model: PixelModel = {
    cell: { width: 6, height: 13, x0: 0, y0: 0 },
    fg: { default: '#000000', black: '#000000', red: '#cd0000', 'bright-red': '#ff0000', 'bright-white': '#ffffff' },
    bg: { default: '#ffffff', 'bright-white': '#ffffff' },
    bold: { weight: true, colours: { red: '#ff0000' } },
    dim: { colours: { default: '#000000' }, blend: 0.333, towards: 'black' },
    italic: false,
    blink: { text: true },
    untold: ['italic'],
    notes: [],
  };
  const key = (text: string, s: string) => drawnKey(model, text, styleOfSgr(s), []);

  test('styles the terminal draws the same share a key; others do not', () => {
    expect(key('X', '38;5;196')).toBe(key('X', '91'));
    expect(key('X', '1;31')).toBe(key('X', '1;91'));
    expect(key('X', '3')).toBe(key('X', ''));
    expect(key('X', '47')).not.toBe(key('X', ''));
    expect(key('X', '4:3')).not.toBe(key('X', '4'));
  });

  test('dim that leaves a colour as it is draws alike with plain; a terminal that draws no dim at all lacks it', () => {
    // Dim black is black here: a read of plain black text meets "dim" as alike (untold), not as a miss.
    expect(key('X', '2')).toBe(key('X', ''));
    expect(drawnKey({ ...model, dim: undefined }, 'X', { dim: true }, [])).not.toBe(key('X', ''));
    expect(key('X', '2;38;5;196')).toBe(drawnKey(model, 'X', { fg: '#aa0000' }, []));
  });

  test('a glyph in the background colour, or concealed, draws as a blank', () => {
    expect(key('X', '97')).toBe(key(' ', ''));
    expect(key('X', '8')).toBe(key(' ', ''));
    expect(key('X', '4;97')).toBe(key(' ', ''));
  });
});

/** The cases each terminal draws other than it reports (DECRQSS), by label, with why. */
const KNOWN: Record<string, Record<string, string>> = {
  xterm: {
    'SGR 21': 'xterm 379 reports SGR 21 as a double underline and draws a single one',
    'SGR 21;58;5;21': 'the same (and 5 after the unknown 58 sets blink)',
  },
  kitty: {
    'SGR 4:4': 'kitty 0.26.5 draws a dotted underline and leaves it out of its DECRQSS reply',
    'SGR 4:5': 'kitty 0.26.5 draws a dashed underline and leaves it out of its DECRQSS reply',
  },
  mlterm: {
    'SGR 8': 'mlterm 3.9.0 conceals the text and leaves SGR 8 out of its DECRQSS reply',
    'SGR 8;4': 'the same (the underline concealed too)',
    'SGR 53': 'mlterm 3.9.0 draws an overline and leaves SGR 53 out of its DECRQSS reply',
    'SGR 9;53': 'the same',
    'SGR 53;31': 'the same',
    'SGR 38;2;10;20;30': 'mlterm 3.9.0 draws direct colours and leaves them out of its DECRQSS reply',
    'SGR 48;2;10;20;30': 'the same',
    'SGR 38:2::10:20:30': 'the same',
    'SGR 38;2;255;128;0': 'the same',
    'SGR 48;2;16;32;48': 'the same',
  },
  foot: {},
};

for (const id of Object.keys(KNOWN)) {
  describe.skipIf(!havePrograms(requirements(findRecipe(id)!)))(`${id}: the pixels against DECRQSS`, () => {
    test('every cell reads as the rendition the terminal reports, or draws alike, but for the known cases', async () => {
      const session = await open(id);
      expect(session.pixels, String((await session.describe()).settings?.options?.['pixels'])).toBeDefined();
      const cases = decrqssCases(TRUTH_SGRS, 80, await session.exchange(decrqssCaseBytes(TRUTH_SGRS, 80), 10_000));
      expect(cases, `${id} answers DECRQSS m for every case`).toBeDefined();
      const bottom = Math.max(...cases!.map((c) => c.row));
      const screen = await session.readScreen!({ top: 1, left: 1, bottom, right: 80 }, { blink: true });
      const results = judgeCases(session.pixels!.model, cases!, screen);
      const disagree = Object.fromEntries(results.filter((r) => !r.agrees).map((r) => [r.label, `told ${styleText(r.told)}, read ${styleText(r.read)}`]));
      expect(Object.keys(disagree).sort(), JSON.stringify(disagree, null, 1)).toEqual(Object.keys(KNOWN[id]!).sort());
    }, 120_000);
  });
}

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))("the embedded emulators' cells drawn again in xterm", () => {
  test('each cell xterm takes as given reads back as the emulator reported it, or draws alike', async () => {
    const corpus = await loadCorpus();
    const probes = corpus.probes.filter((p) => p.category === 'sgr-cells');
    const cells: { from: string; cell: Cell }[] = [];
    for (const emulator of ['xterm.js', 'ghostty']) {
      const session = await (await loadTarget(emulator)).open({ cols: 80, rows: 24, options: {} });
      try {
        const run = await runProbes(session, probes, { size: { cols: 80, rows: 24 } });
        for (const r of run.results) {
          const first = r.screen?.cells?.[0]?.[0];
          if (first && first.t.trim() !== '') cells.push({ from: `${emulator} ${r.id}`, cell: first });
        }
      } finally {
        await session.close();
      }
    }
    expect(cells.length).toBeGreaterThan(80);
    const xterm = await open('xterm');
    const batch = cells.slice(0, 100);
    // Each cell's style asked back with DECRQSS: a cell is judged only where xterm took the style as given.
    const sgrs = batch.map((c) => sgrOfStyle(c.cell.s).replace(/^0;?/, ''));
    const told = decrqssCases(sgrs, 80, await xterm.exchange(decrqssCaseBytes(sgrs, 80), 10_000));
    expect(told).toBeDefined();
    await xterm.exchange(replayCaseBytes(batch.map((c) => c.cell), 80), 10_000);
    const bottom = Math.max(...told!.map((c) => c.row));
    const screen = await xterm.readScreen!({ top: 1, left: 1, bottom, right: 80 }, { blink: true });
    const cases: TruthCase[] = batch.map((c, i) => ({ label: c.from, row: told![i]!.row, col: told![i]!.col, text: c.cell.t, told: c.cell.s }));
    const taken = cases.filter((c, i) => styleText(told![i]!.told) === styleText(c.told) && !Object.keys(KNOWN['xterm']!).includes(told![i]!.label));
    expect(taken.length).toBeGreaterThan(40);
    const results = judgeCases(xterm.pixels!.model, taken, screen);
    const wrong = results.filter((r) => !r.agrees).map((r) => `${r.label}: told ${styleText(r.told)}, read ${styleText(r.read)}`);
    expect(wrong).toEqual([]);
  }, 180_000);
});
