/**
 * `termprobe compare` as text: cli-table3 tables of probes × targets, one per
 * category (same column widths throughout, so they read as one table; cli-table3's
 * layout is quadratic in the cells of one table), a legend, a per-target summary.
 */
import Table from 'cli-table3';
import stringWidth from 'string-width';
import type { Comparison, ComparisonRow } from '../classify/build-comparison.js';
import { cellText, LEGEND, paint } from './class-marks.js';
import { consensusCell, footerLine, headerLines, SCORE_LINE, showsConsensus, SUMMARY_HEAD, summaryCells, visibleRows, type CompareRenderOptions } from './compare-rows.js';

/** Longer answers (screens) are cut in the text table; markdown and JSON keep them whole. */
const MAX_CELL = 28;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function width(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

function clip(text: string): string {
  if (text.length <= MAX_CELL / 2 || width(text) <= MAX_CELL) return text;
  let out = '';
  let w = 0;
  for (const ch of text) {
    const cw = width(ch);
    if (w + cw > MAX_CELL - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

function table(head: string[], color: boolean, colWidths?: number[]): Table.Table {
  return new Table({ head, ...(colWidths ? { colWidths } : {}), style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [], compact: true } });
}

function groupByCategory(rows: ComparisonRow[]): [string, ComparisonRow[]][] {
  const groups = new Map<string, ComparisonRow[]>();
  for (const r of rows) groups.set(r.category, [...(groups.get(r.category) ?? []), r]);
  return [...groups];
}

export function renderCompareText(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  const color = opts.color ?? false;
  const rows = visibleRows(cmp, opts);
  const consensus = showsConsensus(cmp);
  const out = headerLines(cmp);
  if (rows.length === 0) {
    out.push(cmp.rows.length === 0 ? 'No probes to compare.' : `No probe differs from the reference (${cmp.rows.length} probes compared).`);
  } else {
    const labels = cmp.columns.map((v, i) => (i === 0 ? `${v.label} (ref)` : v.label));
    const grid = rows.map((row) => ({
      row,
      texts: [
        row.id,
        ...row.cells.map((c, i) => clip(cellText(c.class, cmp.columns[i]!.summary(row.id), i === 0))),
        ...(consensus ? [clip(consensusCell(row))] : []),
      ],
    }));
    const groups = groupByCategory(rows);
    const firstHead = (cat: string, n: number) => `${cat} (${n})`;
    const head = [...labels, ...(consensus ? ['real terminals'] : [])];
    const widths = [Math.max(...groups.map(([cat, list]) => width(firstHead(cat, list.length))), ...grid.map((g) => width(g.texts[0]!)))];
    for (let col = 1; col <= head.length; col++) widths.push(Math.max(width(head[col - 1]!), ...grid.map((g) => width(g.texts[col]!))));
    const colWidths = widths.map((w) => w + 2);
    const textsOf = new Map(grid.map((g) => [g.row, g.texts]));
    for (const [cat, list] of groups) {
      const t = table([firstHead(cat, list.length), ...head], color, colWidths);
      for (const row of list) {
        t.push(textsOf.get(row)!.map((text, col) => (col >= 2 && col <= row.cells.length ? paint(text, row.cells[col - 1]!.class, color) : text)));
      }
      out.push(t.toString());
    }
    out.push(LEGEND);
  }
  out.push(footerLine(cmp, rows.length), '');
  const s = table(SUMMARY_HEAD, color);
  for (const sum of cmp.summaries) s.push(summaryCells(sum));
  out.push(s.toString(), SCORE_LINE);
  return out.join('\n') + '\n';
}
