/** `termprobe compare --format markdown`: the same table and summary as GitHub-flavoured Markdown. */
import type { Comparison } from '../classify/build-comparison.js';
import { CLASS_LETTERS, LEGEND } from './class-marks.js';
import { consensusCell, footerLine, headerLines, SCORE_LINE, showsConsensus, SUMMARY_HEAD, summaryCells, visibleRows, type CompareRenderOptions } from './compare-rows.js';
import { mdCode, mdTable } from './markdown.js';

export function renderCompareMarkdown(cmp: Comparison, opts: CompareRenderOptions = {}): string {
  const rows = visibleRows(cmp, opts);
  const consensus = showsConsensus(cmp);
  const out = ['# termprobe compare', '', ...headerLines(cmp).map((l) => l.replace(/`/g, '')), ''];
  if (rows.length === 0) {
    out.push(cmp.rows.length === 0 ? 'No probes to compare.' : `No probe differs from the reference (${cmp.rows.length} probes compared).`);
  } else {
    const head = ['probe', ...cmp.columns.map((v, i) => (i === 0 ? `${v.label} (ref)` : v.label)), ...(consensus ? ['real terminals'] : [])];
    const body = rows.map((row) => [
      mdCode(row.id),
      ...row.cells.map((c, i) => {
        if (c.class === 'not-run') return CLASS_LETTERS['not-run'];
        const answer = mdCode(cmp.signer.summary(cmp.columns[i]!, row.id));
        return i === 0 ? answer : `${CLASS_LETTERS[c.class]} ${answer}`;
      }),
      ...(consensus ? [consensusCell(row)] : []),
    ]);
    out.push(mdTable(head, body), '', LEGEND.replace(/`/g, ''));
  }
  out.push('', footerLine(cmp, rows.length), '', '## Summary', '');
  out.push(mdTable(SUMMARY_HEAD, cmp.summaries.map(summaryCells), ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r']), '', SCORE_LINE);
  return out.join('\n') + '\n';
}
