/** `termprobe compare` as text: a cli-table3 table of probes × targets, a legend, a per-target summary. */
import Table from 'cli-table3';
import stringWidth from 'string-width';
import type { Comparison } from '../classify/build-comparison.js';
import { cellText, LEGEND, paint } from './class-marks.js';
import { consensusCell, footerLine, headerLines, SCORE_LINE, showsConsensus, SUMMARY_HEAD, summaryCells, visibleRows, type CompareRenderOptions } from './compare-rows.js';

/** Longer answers (screens) are cut in the text table; markdown and JSON keep them whole. */
const MAX_CELL = 28;

function clip(text: string): string {
  if (stringWidth(text) <= MAX_CELL) return text;
  let out = '';
  for (const ch of text) {
    if (stringWidth(out + ch) > MAX_CELL - 1) break;
    out += ch;
  }
  return `${out}…`;
}

function table(head: string[], color: boolean): Table.Table {
  return new Table({ head, style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [], compact: true } });
}

export function renderCompareText(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  const color = opts.color ?? false;
  const rows = visibleRows(cmp, opts);
  const consensus = showsConsensus(cmp);
  const out = headerLines(cmp);
  if (rows.length === 0) {
    out.push(cmp.rows.length === 0 ? 'No probes to compare.' : `No probe differs from the reference (${cmp.rows.length} probes compared).`);
  } else {
    const head = ['probe', ...cmp.columns.map((v, i) => (i === 0 ? `${v.label} (ref)` : v.label)), ...(consensus ? ['real terminals'] : [])];
    const t = table(head, color);
    for (const row of rows) {
      const cells = row.cells.map((c, i) => {
        const view = cmp.columns[i]!;
        return paint(clip(cellText(c.class, view.summary(row.id), i === 0)), c.class, color && i > 0);
      });
      t.push([row.id, ...cells, ...(consensus ? [clip(consensusCell(row))] : [])]);
    }
    out.push(t.toString(), LEGEND);
  }
  out.push(footerLine(cmp, rows.length), '');
  const s = table(SUMMARY_HEAD, color);
  for (const sum of cmp.summaries) s.push(summaryCells(sum));
  out.push(s.toString(), SCORE_LINE);
  return out.join('\n') + '\n';
}
