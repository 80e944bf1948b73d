import { describe, expect, test } from 'vitest';
import type { ScreenAnswer } from '../results/results-schema.js';
import { diffStates, groupRects, rectText } from './screen-diff.js';

const grid = (rows: string[]) => rows.map((r) => [...r].map((c) => c === '#'));

describe('grouping differing cells into rectangles', () => {
  test('runs on consecutive rows with the same columns merge; others stay apart', () => {
    expect(groupRects(grid(['.##..', '.##.#', '.....', '#....']))).toEqual([
      { top: 1, left: 2, bottom: 2, right: 3 },
      { top: 2, left: 5, bottom: 2, right: 5 },
      { top: 4, left: 1, bottom: 4, right: 1 },
    ]);
    expect(groupRects(grid(['.....']))).toEqual([]);
    expect(rectText({ top: 2, left: 5, bottom: 3, right: 9 })).toBe('rows 2–3, columns 5–9');
  });
});

const screen = (text: string[], cells = true): ScreenAnswer => ({
  via: 'hosted',
  region: { top: 1, left: 1, bottom: text.length, right: 4 },
  text: text.map((t) => t.replace(/ +$/, '')),
  ...(cells ? { cells: text.map((t) => [...t.padEnd(4)].map((c) => ({ t: c, w: 1 }))) } : {}),
});

describe('comparing two states', () => {
  test('cells, style and cursor', () => {
    const a = { cursor: { row: 1, col: 1 }, screen: screen(['ab  ', 'cd  ']) };
    expect(diffStates(a, a).same).toBe(true);
    const b = { cursor: { row: 1, col: 2 }, screen: screen(['ab  ', 'cX  ']) };
    const d = diffStates(a, b);
    expect(d).toMatchObject({ same: false, cells: 1, compared: 'cells', rects: [{ top: 2, left: 2, bottom: 2, right: 2 }], cursor: { a: { row: 1, col: 1 }, b: { row: 1, col: 2 } } });
    const bold = structuredClone(a);
    bold.screen.cells![0]![0]!.s = { bold: true };
    expect(diffStates(a, bold)).toMatchObject({ same: false, cells: 1 });
    // A field one side could not tell (a GUI terminal that draws italic upright) is no difference; one it told is.
    const italic = structuredClone(a);
    italic.screen.cells![0]![0]!.s = { italic: true };
    const upright = { ...structuredClone(a), screen: { ...screen(['ab  ', 'cd  ']), styles: 'pixels' as const, untold: ['italic' as const] } };
    expect(diffStates(italic, upright)).toMatchObject({ same: true, cells: 0 });
    expect(diffStates(bold, upright)).toMatchObject({ same: false, cells: 1 });
  });

  test('text only when one side has no cells; the cursor alone when a screen is missing', () => {
    const a = { cursor: { row: 1, col: 1 }, screen: screen(['ab', 'cd']) };
    expect(diffStates(a, { cursor: { row: 1, col: 1 }, screen: screen(['ab', 'cd'], false) })).toMatchObject({ same: true, compared: 'text' });
    expect(diffStates(a, { cursor: { row: 1, col: 1 } })).toMatchObject({ same: true, compared: 'cursor' });
    expect(diffStates(a, { cursor: null })).toMatchObject({ same: false, compared: 'cursor' });
  });
});
