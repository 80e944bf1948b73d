/**
 * `termprobe compare` as text: boxed tables of probes × targets, one per
 * category and at most CHUNK rows (same column widths throughout, so they read as
 * one table with its header repeated; cli-table3's layout is quadratic in the cells
 * of one table), a legend, a per-target summary.
 */
import { createRequire } from 'node:module';
import { clipToWidth, renderBoxTable } from './box-table.js';
import { displayWidth } from './display-width.js';
import { cellAnswer, type Comparison, type ComparisonRow } from '../classify/build-comparison.js';
import { cellText, LEGEND, paint } from './class-marks.js';
import { consensusCell, footerLines, headerLines, NEXT_LINE, SCORE_LINE, showsConsensus, SUMMARY_HEAD, summaryCells, visibleRows, type CompareRenderOptions } from './compare-rows.js';
import { wrapLines } from './wrap-lines.js';

/** Longer answers (screens) are cut in the text table; markdown and JSON keep them whole. */
const MAX_CELL = 28;
const CHUNK = 20;

/** Display width as cli-table3 would measure it (display-width.ts). */
const width = displayWidth;

function clip(text: string): string {
  return clipToWidth(text, MAX_CELL);
}

type CliTable = new (options: object) => { push(row: string[]): void; toString(): string };

/**
 * A boxed table with each column as wide as its widest cell, as cli-table3 sizes a table given no widths. In colour,
 * cli-table3 itself (loaded only then): it colours each border piece and the head's padding, renderBoxTable does not.
 */
function table(head: string[], rows: string[][], color: boolean): string {
  if (color) {
    const Table = createRequire(import.meta.url)('cli-table3') as CliTable;
    const t = new Table({ head, style: { head: ['cyan'], border: ['grey'], compact: true } });
    for (const r of rows) t.push(r);
    return t.toString();
  }
  const colWidths = head.map((h, i) => {
    let w = displayWidth(h);
    for (const r of rows) w = Math.max(w, displayWidth(r[i] ?? ''));
    return w + 2;
  });
  return renderBoxTable(head, rows, { colWidths });
}

/** Rows by category, each category cut into pieces of CHUNK rows: [first column's head, rows]. */
function groupByCategory(rows: ComparisonRow[]): [string, ComparisonRow[]][] {
  const groups = new Map<string, ComparisonRow[]>();
  for (const r of rows) {
    let list = groups.get(r.category);
    if (!list) groups.set(r.category, (list = []));
    list.push(r);
  }
  const out: [string, ComparisonRow[]][] = [];
  for (const [cat, list] of groups) {
    if (list.length <= CHUNK) out.push([`${cat} (${list.length})`, list]);
    else for (let i = 0; i < list.length; i += CHUNK) out.push([`${cat} ${i + 1}–${Math.min(i + CHUNK, list.length)} of ${list.length}`, list.slice(i, i + CHUNK)]);
  }
  return out;
}

/** The summary table: every column when it fits the width, else the target, its score and its marks. */
function summaryTable(cmp: Comparison, color: boolean, width: number | undefined): string {
  const rows = cmp.summaries.map(summaryCells);
  const text = table(SUMMARY_HEAD, rows, color);
  if (width === undefined || width >= widestLine(text)) return text;
  const keep = [0, 7, 3, 4, 5, 6]; // target, score, ✓ ✗ ~ ?
  return table(keep.map((i) => SUMMARY_HEAD[i]!), rows.map((cells) => keep.map((i) => cells[i]!)), color);
}

function widestLine(text: string): number {
  let w = 0;
  for (const l of text.split('\n')) w = Math.max(w, width(l.replace(/\x1b\[[0-9;]*m/g, '')));
  return w;
}

/** Table width for these column widths (each padded, plus one border between and at each end). */
const tableWidth = (colWidths: readonly number[]) => colWidths.reduce((n, w) => n + w, 0) + colWidths.length + 1;

export function renderCompareText(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  const color = opts.color ?? false;
  const fit = (lines: string[]) => (opts.width === undefined ? lines : wrapLines(lines, opts.width));
  const rows = visibleRows(cmp, opts);
  const consensus = showsConsensus(cmp);
  // The summary first, then what to run next; the tables after, the legend and footer last.
  const out = fit(headerLines(cmp));
  out.push(summaryTable(cmp, color, opts.width), ...fit([SCORE_LINE, NEXT_LINE]), '');
  if (rows.length === 0) {
    out.push(cmp.rows.length === 0 ? 'No probes to compare.' : `No probe differs from ${cmp.reference.view.label} (${cmp.rows.length} probes compared).`);
  } else {
    const labels = cmp.columns.map((v, i) => (i === 0 ? `${v.label} (against)` : v.label));
    const grid = rows.map((row) => ({
      row,
      texts: [
        row.id,
        ...row.cells.map((c, i) => clip(cellText(c, cellAnswer(cmp.columns, row, i), i === 0))),
        ...(consensus ? [clip(consensusCell(row))] : []),
      ],
    }));
    const groups = groupByCategory(rows);
    const head = [...labels, ...(consensus ? ['engines ✓'] : [])];
    // Loops, not Math.max(...list): a spread of one argument per row overflows the stack on a large file.
    let first = 0;
    for (const [name] of groups) first = Math.max(first, width(name));
    for (const g of grid) first = Math.max(first, width(g.texts[0]!));
    const colWidths = [first + 2];
    for (let col = 1; col <= head.length; col++) {
      let w = width(head[col - 1]!);
      for (const g of grid) w = Math.max(w, width(g.texts[col]!));
      colWidths.push(w + 2);
    }
    if (opts.width !== undefined && tableWidth(colWidths) > opts.width) {
      out.push(...compactTables(cmp, rows, groups, first, consensus, color, opts.width, tableWidth(colWidths)));
    } else {
      const textsOf = new Map(grid.map((g) => [g.row, g.texts]));
      // The grid is drawn by renderBoxTable: the same bytes as cli-table3 (tested), at a fraction of its cost per cell.
      for (const [first, list] of groups) {
        const cells = list.map((row) =>
          textsOf.get(row)!.map((text, col) => {
            const cell = col >= 1 && col <= row.cells.length ? row.cells[col - 1]! : undefined;
            return cell ? paint(text, cell.support.support, color, cell.support.support === 'other' && !cell.entry) : text;
          }),
        );
        out.push(renderBoxTable([first, ...head], cells, { colWidths, color }));
      }
    }
    out.push(...fit(LEGEND.split('\n')));
  }
  out.push(...fit(footerLines(cmp, rows.length)), '');
  return out.join('\n') + '\n';
}

/**
 * Tables narrower than the full one, for a width it does not fit: each target a numbered column holding its
 * mark and agreement letter only (the answers: --width wider, -f markdown or json, or `termprobe explain`),
 * and the targets split into as many tables as the width needs, each repeating the probe column.
 */
function compactTables(cmp: Comparison, rows: ComparisonRow[], groups: [string, ComparisonRow[]][], first: number, consensus: boolean, color: boolean, width: number, fullWidth: number): string[] {
  const out: string[] = [];
  const key = cmp.columns.map((v, i) => `${i + 1} = ${v.label}${i === 0 ? ' (against)' : ''}`);
  out.push(...wrapLines([`Too wide for ${width} columns with the answers: marks only, targets by number (${key.join(', ')}). The answers: --width ${fullWidth}, -f markdown, or \`termprobe explain <probe> <target>\`.`], width));
  const markOf = (row: ComparisonRow, i: number) => {
    const c = row.cells[i]!;
    return cellText(c, '', i === 0).trimEnd();
  };
  const cols = cmp.columns.map((_, i) => i);
  const numberWidth = String(cols.length).length;
  const cellWidth = Math.max(2, numberWidth) + 2;
  const consensusWidth = consensus ? Math.max('engines ✓'.length, ...rows.map((r) => width_(consensusCell(r)))) + 2 : 0;
  // As many columns per table as fit beside the probe column, greedily: the targets', then the engines column.
  const columns: { head: string; width: number; cell: (row: ComparisonRow) => string }[] = cols.map((i) => ({
    head: String(i + 1),
    width: cellWidth,
    cell: (row: ComparisonRow) => paint(markOf(row, i), row.cells[i]!.support.support, color, row.cells[i]!.support.support === 'other' && !row.cells[i]!.entry),
  }));
  if (consensus) columns.push({ head: 'engines ✓', width: consensusWidth, cell: (row) => consensusCell(row) });
  const tables: (typeof columns)[] = [];
  let used = first + 2 + 2;
  for (const c of columns) {
    if (tables.length === 0 || used + c.width + 1 > width) {
      tables.push([]);
      used = first + 2 + 2;
    }
    tables[tables.length - 1]!.push(c);
    used += c.width + 1;
  }
  for (const part of tables) {
    const numbers = part.filter((c) => /^\d+$/.test(c.head)).map((c) => Number(c.head));
    if (tables.length > 1 && numbers.length > 0) out.push(`Targets ${numbers[0]}–${numbers[numbers.length - 1]} of ${cols.length}:`);
    for (const [name, list] of groups) {
      out.push(renderBoxTable([name, ...part.map((c) => c.head)], list.map((row) => [row.id, ...part.map((c) => c.cell(row))]), { colWidths: [first + 2, ...part.map((c) => c.width)], color }));
    }
  }
  return out;
}

const width_ = (text: string) => width(text);
