/**
 * A boxed table drawn exactly as cli-table3 draws a compact table with fixed
 * column widths (box-table.test.ts renders the same grids with both and compares
 * them byte for byte), for the large probes × targets grid of `termprobe compare`,
 * where cli-table3's per-cell option merging cost about a quarter of a second at
 * 21 targets, and for the summary table above it (in colour, compare-text.ts asks cli-table3, whose colours
 * wrap each border piece). Cells are one line; text wider than its column is cut with "…".
 */
import { displayWidth } from './display-width.js';

export interface BoxTableOptions {
  /** Widths of the columns, padding included (one space each side). */
  colWidths: number[];
  /** Colour the head cyan and the border grey, as cli-table3's style does. */
  color?: boolean;
}

const grey = (s: string, on: boolean) => (on ? `\x1b[90m${s}\x1b[39m` : s);
const cyan = (s: string, on: boolean) => (on ? `\x1b[36m${s}\x1b[39m` : s);

/**
 * Cut text to at most `max` display columns, ending in "…" when cut, never inside a
 * character. Shared by the grid and by compare's cell clipping.
 */
export function clipToWidth(text: string, max: number): string {
  if (text.length * 2 <= max || displayWidth(text) <= max) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const cw = displayWidth(ch);
    if (used + cw > max - 1) break;
    out += ch;
    used += cw;
  }
  return `${out}…`;
}

function fit(text: string, width: number): string {
  // Measured once where it fits (nearly every cell): clipToWidth would measure it, then the padding again.
  const w = displayWidth(text);
  if (w <= width) return text + ' '.repeat(width - w);
  const clipped = clipToWidth(text, width);
  return clipped + ' '.repeat(Math.max(0, width - displayWidth(clipped)));
}

function rule(widths: number[], left: string, mid: string, right: string, color: boolean): string {
  return grey(left + widths.map((w) => '─'.repeat(w)).join(mid) + right, color);
}

function line(cells: string[], widths: number[], color: boolean, head: boolean): string {
  const bar = grey('│', color);
  const parts = widths.map((w, i) => {
    const inner = fit(cells[i] ?? '', w - 2);
    return ` ${head ? cyan(inner.trimEnd(), color) + ' '.repeat(inner.length - inner.trimEnd().length) : inner} `;
  });
  return bar + parts.join(bar) + bar;
}

/** Draw head and rows as one boxed table. */
export function renderBoxTable(head: string[], rows: string[][], opts: BoxTableOptions): string {
  const { colWidths: widths, color = false } = opts;
  const out = [rule(widths, '┌', '┬', '┐', color), line(head, widths, color, true)];
  if (rows.length > 0) out.push(rule(widths, '├', '┼', '┤', color));
  for (const row of rows) out.push(line(row, widths, color, false));
  out.push(rule(widths, '└', '┴', '┘', color));
  return out.join('\n');
}
