/**
 * Compare two terminal states: the reported cursor, and the screens cell by
 * cell (text, width and canonical style when both targets read cells; the text
 * alone when either reads only text). Differing cells are grouped into
 * rectangles: runs of differing cells on a row, merged with the same run on the
 * rows below, so the rectangles cover exactly the cells that differ.
 */
import type { Cell, ScreenAnswer, StyleField } from '../results/results-schema.js';
import { withoutFields } from '../results/drawn-style.js';
import type { TerminalState } from './terminal-state.js';

export { rectText } from '../results/replay-report-schema.js';

export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface StateDiff {
  same: boolean;
  /** Set when the cursors differ (or one is missing). */
  cursor?: { a: TerminalState['cursor']; b: TerminalState['cursor'] };
  /** Differing cells, 1-based and inclusive; empty when the screens agree or were not both read. */
  rects: Rect[];
  cells: number;
  /** What was compared: cells, text, or the cursor alone. */
  compared: 'cells' | 'text' | 'cursor';
}

/** A cell as compared: text, width and style, without the style fields either side could not tell (`untold`). */
function styleKey(c: Cell | undefined, untold: readonly StyleField[]): string {
  if (!c) return ' |1|';
  const s = untold.length > 0 || c.u ? withoutFields(c.s, [...untold, ...(c.u ?? [])]) : c.s;
  return s && Object.keys(s).length > 0 ? `${c.t}|${c.w}|${JSON.stringify(s, Object.keys(s).sort())}` : `${c.t}|${c.w}|`;
}

/** Each row's characters, one per column (text-only screens: wide characters are not told apart). */
function textGrid(screen: ScreenAnswer, cols: number): string[][] {
  return screen.text.map((row) => {
    const chars = Array.from(row);
    while (chars.length < cols) chars.push(' ');
    return chars;
  });
}

/** Per row, the columns (0-based) where a and b differ. */
function differingColumns(a: ScreenAnswer, b: ScreenAnswer, byCells: boolean): boolean[][] {
  const rows = Math.max(a.text.length, b.text.length);
  const cols = Math.max(a.region.right - a.region.left + 1, b.region.right - b.region.left + 1);
  const out: boolean[][] = [];
  const untoldA = a.untold ?? [];
  const untoldB = b.untold ?? [];
  const ga = byCells ? undefined : textGrid(a, cols);
  const gb = byCells ? undefined : textGrid(b, cols);
  for (let r = 0; r < rows; r++) {
    const row: boolean[] = new Array(cols).fill(false);
    for (let c = 0; c < cols; c++) {
      if (byCells) {
        // What either side could not tell (a GUI terminal's pixels: italic drawn upright, a cell's unknown glyph) is left out of both.
        const ca = a.cells?.[r]?.[c];
        const cb = b.cells?.[r]?.[c];
        const untold = [...untoldA, ...untoldB, ...(ca?.u ?? []), ...(cb?.u ?? [])];
        row[c] = styleKey(ca, untold) !== styleKey(cb, untold);
      } else row[c] = (ga![r]?.[c] ?? ' ') !== (gb![r]?.[c] ?? ' ');
    }
    out.push(row);
  }
  return out;
}

/** Group a grid of differing cells into rectangles (1-based, offset by the region's corner). */
export function groupRects(grid: boolean[][], top = 1, left = 1): Rect[] {
  const done: Rect[] = [];
  let open: Rect[] = [];
  grid.forEach((row, r) => {
    const runs: Rect[] = [];
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      let end = c;
      while (row[end + 1]) end++;
      runs.push({ top: r + top, left: c + left, bottom: r + top, right: end + left });
      c = end;
    }
    const next: Rect[] = [];
    for (const run of runs) {
      const above = open.find((o) => o.left === run.left && o.right === run.right);
      if (above) {
        above.bottom = run.bottom;
        next.push(above);
        open = open.filter((o) => o !== above);
      } else next.push(run);
    }
    done.push(...open);
    open = next;
  });
  done.push(...open);
  return done.sort((x, y) => x.top - y.top || x.left - y.left);
}

export function diffStates(a: TerminalState, b: TerminalState): StateDiff {
  const cursorSame = a.cursor !== null && b.cursor !== null && a.cursor.row === b.cursor.row && a.cursor.col === b.cursor.col;
  const cursor = cursorSame ? undefined : { a: a.cursor, b: b.cursor };
  if (!a.screen || !b.screen) return { same: cursorSame, ...(cursor ? { cursor } : {}), rects: [], cells: 0, compared: 'cursor' };
  const byCells = a.screen.cells !== undefined && b.screen.cells !== undefined;
  const grid = differingColumns(a.screen, b.screen, byCells);
  const cells = grid.reduce((n, row) => n + row.filter(Boolean).length, 0);
  const rects = cells === 0 ? [] : groupRects(grid, a.screen.region.top, a.screen.region.left);
  return { same: cursorSame && cells === 0, ...(cursor ? { cursor } : {}), rects, cells, compared: byCells ? 'cells' : 'text' };
}

/** "rows 2–3, columns 5–9" */
