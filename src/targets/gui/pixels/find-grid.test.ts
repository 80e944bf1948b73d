/**
 * The grid search against a model terminal that draws what it is sent into frames of a window with a border: a
 * terminal whose first frames come from before it drew what it was sent (sakura under a full run's load) is still
 * measured, from the first pair of frames that shows both cells; one that never draws them fails with how many tries
 * it was given.
 */
import { describe, expect, it } from 'vitest';
import type { Rect } from '../x-image-requests.js';
import type { Frame } from '../x-picture.js';
import { BLANK_PAGE, gridFinderBytes, gridFinderFar } from './calibration-sheet.js';
import { findGrid } from './find-grid.js';

const COLS = 20;
const ROWS = 6;
const CELL = { w: 7, h: 15 };
const BORDER = { x: 3, y: 2 };
const AREA: Rect = { x: 0, y: 0, width: BORDER.x * 2 + COLS * CELL.w, height: BORDER.y * 2 + ROWS * CELL.h };

/** A frame of the window: background everywhere, and each cell given filled with the foreground. */
function frameWith(cells: readonly { row: number; col: number }[]): Frame {
  const rgb = new Uint8Array(AREA.width * AREA.height * 3).fill(0x20);
  for (const { row, col } of cells) {
    for (let y = 0; y < CELL.h; y++) {
      for (let x = 0; x < CELL.w; x++) {
        const i = ((BORDER.y + (row - 1) * CELL.h + y) * AREA.width + BORDER.x + (col - 1) * CELL.w + x) * 3;
        rgb.set([0xe0, 0xe0, 0xe0], i);
      }
    }
  }
  return { rect: AREA, rgb };
}

/**
 * A terminal whose first `staleFrames` frames show the window as it was before the search (cleared), whatever was
 * written since (a terminal drawing late under load); later frames show what was last written.
 */
function modelTerminal(staleFrames: number) {
  let marked = false;
  let frames = 0;
  const asked: string[] = [];
  return {
    asked,
    deps: {
      exchange: async (bytes: string) => {
        asked.push(bytes === BLANK_PAGE ? 'blank' : bytes === gridFinderBytes(COLS, ROWS) ? 'marks' : 'other');
        marked = bytes === gridFinderBytes(COLS, ROWS);
      },
      frame: async () => (++frames > staleFrames && marked ? frameWith([{ row: 1, col: 1 }, gridFinderFar(COLS, ROWS)]) : frameWith([])),
    },
  };
}

describe('findGrid', () => {
  it('measures the grid from the first pair of frames that shows both cells, however many came before it', async () => {
    for (const [stale, tries] of [[0, 1], [1, 2], [4, 3]] as const) {
      const terminal = modelTerminal(stale);
      const grid = await findGrid(terminal.deps, AREA, COLS, ROWS);
      expect(grid, `${stale} stale frames`).toEqual({ x0: BORDER.x, y0: BORDER.y, cellW: CELL.w, cellH: CELL.h });
      // Marked and cleared again for each try; the screen is left cleared.
      expect(terminal.asked).toEqual(Array.from({ length: tries }, () => ['marks', 'blank']).flat());
    }
  });

  it('fails, naming the frames it looked at, where the marked cells never show', async () => {
    // The terminal draws (one cell, elsewhere, in every other frame), but never the two cells written.
    let frames = 0;
    const asked: string[] = [];
    const deps = {
      exchange: async (bytes: string) => void asked.push(bytes === BLANK_PAGE ? 'blank' : 'marks'),
      // Each frame waits a little, as a real terminal's does, until the search's limit (here 300 ms) has passed.
      frame: async () => (await new Promise((r) => setTimeout(r, 20)), frameWith(frames++ % 2 === 0 ? [{ row: 2, col: 2 }] : [])),
    };
    await expect(findGrid(deps, AREA, COLS, ROWS, 300)).rejects.toThrow(/drew nothing where two reverse-video cells were written \(no grid found on its window in \d+ tries over \d+\.\d s\)/);
    expect(frames).toBeGreaterThan(2);
    expect(asked.at(-1)).toBe('blank');
  });

  it('gives a window whose pixels stop changing up early, not at the search\'s limit', async () => {
    // cool-retro-term under the software renderer: a change in its first frames, then one picture whatever is written.
    // A limit of 60 s would time the test out; the still window is given up after its few tries.
    const terminal = modelTerminal(Number.POSITIVE_INFINITY);
    let frames = 0;
    const slow = { ...terminal.deps, frame: async () => (await new Promise((r) => setTimeout(r, 5)), ++frames < 5 ? frameWith([{ row: 3, col: frames }]) : terminal.deps.frame()) };
    await expect(findGrid(slow, AREA, COLS, ROWS, 60_000, 100)).rejects.toThrow(/drew nothing where two reverse-video cells were written and cleared \(not a pixel of its window changed in its last \d+ tries over \d+\.\d s; \d+ tries in all\)/);
    expect(frames).toBeGreaterThanOrEqual(5 + 2 * 3);
    expect(terminal.asked.at(-1)).toBe('blank');
  });

  it('keeps trying, up to the search\'s limit, a window that has drawn something', async () => {
    // A stray cell in every other frame for the first 40, the two cells only after the still window's time: the search
    // goes on past it, since the window is not still.
    let frames = 0;
    const deps = {
      exchange: async () => {},
      frame: async () => {
        await new Promise((r) => setTimeout(r, 5));
        frames++;
        if (frames <= 40) return frameWith(frames % 2 ? [{ row: 2, col: 2 }] : []);
        return frameWith(frames % 2 ? [{ row: 1, col: 1 }, gridFinderFar(COLS, ROWS)] : []);
      },
    };
    const grid = await findGrid(deps, AREA, COLS, ROWS, 60_000, 50);
    expect(grid).toEqual({ x0: BORDER.x, y0: BORDER.y, cellW: CELL.w, cellH: CELL.h });
    expect(frames).toBeGreaterThan(40);
  });
});
