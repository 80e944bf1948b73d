/**
 * `termprobe compare` as text: boxed tables of probes × targets, one per
 * category and at most CHUNK rows (same column widths throughout, so they read as
 * one table with its header repeated; cli-table3's layout is quadratic in the cells
 * of one table), a legend, a per-target summary.
 */
import { clipToWidth, renderBoxTable } from './box-table.js';
import Table, { displayWidth } from './fast-cli-table.js';
import type { Comparison, ComparisonRow } from '../classify/build-comparison.js';
import { cellText, LEGEND, paint } from './class-marks.js';
import { consensusCell, footerLines, headerLines, SCORE_LINE, showsConsensus, SUMMARY_HEAD, summaryCells, visibleRows, type CompareRenderOptions } from './compare-rows.js';

/** Longer answers (screens) are cut in the text table; markdown and JSON keep them whole. */
const MAX_CELL = 28;
const CHUNK = 20;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Display width as cli-table3 will measure it (memoised there). */
function width(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : displayWidth(text);
}

function clip(text: string): string {
  return clipToWidth(text, MAX_CELL);
}

function table(head: string[], color: boolean, colWidths?: number[]): Table.Table {
  return new Table({ head, ...(colWidths ? { colWidths } : {}), style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [], compact: true } });
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

export function renderCompareText(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  const color = opts.color ?? false;
  const rows = visibleRows(cmp, opts);
  const consensus = showsConsensus(cmp);
  const out = headerLines(cmp);
  if (rows.length === 0) {
    out.push(cmp.rows.length === 0 ? 'No probes to compare.' : `No probe differs from ${cmp.reference.view.label} (${cmp.rows.length} probes compared).`);
  } else {
    const labels = cmp.columns.map((v, i) => (i === 0 ? `${v.label} (against)` : v.label));
    const grid = rows.map((row) => ({
      row,
      texts: [
        row.id,
        ...row.cells.map((c, i) => clip(cellText(c, cmp.columns[i]!.summary(row.id), i === 0))),
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
    out.push(LEGEND);
  }
  out.push(...footerLines(cmp, rows.length), '');
  const s = table(SUMMARY_HEAD, color);
  for (const sum of cmp.summaries) s.push(summaryCells(sum));
  out.push(s.toString(), SCORE_LINE);
  return out.join('\n') + '\n';
}
