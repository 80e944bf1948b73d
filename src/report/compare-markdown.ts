/** `termprobe compare --format markdown`: the same table and summary as GitHub-flavoured Markdown. */
import { cellAnswer, type Comparison } from '../classify/build-comparison.js';
import { AGREEMENT_LETTERS, LEGEND } from './class-marks.js';
import { SUPPORT_SYMBOLS } from '../classify/support-mark.js';
import { consensusCell, footerLines, headerLines, SCORE_LINE, showsConsensus, SUMMARY_ALIGN, SUMMARY_HEAD, summaryCells, visibleRows, type CompareRenderOptions } from './compare-rows.js';
import { mdCode, mdTable } from './markdown.js';

export function renderCompareMarkdown(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  const rows = visibleRows(cmp, opts);
  const consensus = showsConsensus(cmp);
  const out = ['# termprobe compare', '', ...headerLines(cmp).map((l) => l.replace(/`/g, '')), ''];
  if (rows.length === 0) {
    out.push(cmp.rows.length === 0 ? 'No probes to compare.' : `No probe differs from ${cmp.reference.view.label} (${cmp.rows.length} probes compared).`);
  } else {
    const head = ['probe', ...cmp.columns.map((v, i) => (i === 0 ? `${v.label} (against)` : v.label)), ...(consensus ? ['engines ✓'] : [])];
    const body = rows.map((row) => [
      mdCode(row.id),
      ...row.cells.map((c, i) => {
        if (c.support.why === 'not-run') return '-';
        const answer = mdCode(cellAnswer(cmp.columns, row, i));
        const mark = SUPPORT_SYMBOLS[c.support.support];
        return c.agreement ? `${mark}${AGREEMENT_LETTERS[c.agreement.class]} ${answer}` : `${mark} ${answer}`;
      }),
      ...(consensus ? [consensusCell(row)] : []),
    ]);
    out.push(mdTable(head, body), '', ...LEGEND.replace(/`/g, '').split('\n').flatMap((l) => [l, '']));
  }
  out.push('', ...footerLines(cmp, rows.length).flatMap((l) => [l, '']), '## Summary', '');
  out.push(mdTable(SUMMARY_HEAD, cmp.summaries.map(summaryCells), [...SUMMARY_ALIGN]), '', SCORE_LINE);
  return out.join('\n') + '\n';
}
