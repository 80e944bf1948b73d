/** `termprobe diff --format markdown`: the header as a list, each section as a table. */
import { corpusLine, diffHeadline, type ProbeChange, type ResultsDiff } from './diff-results.js';
import { mdCode, mdTable } from './markdown.js';

function answerCell(c: ProbeChange, which: 'a' | 'b'): string {
  const ans = c[which];
  if (!ans) return '—';
  const status = ans.status === 'ok' || ans.answer === ans.status ? '' : ` (${ans.status})`;
  return `${mdCode(ans.answer)}${status}${ans.raw.length ? `<br>${ans.raw.map(mdCode).join(' ')}` : ''}`;
}

function section(title: string, list: ProbeChange[], sides: ('a' | 'b')[]): string[] {
  if (list.length === 0) return [];
  const rows = list.map((c) => [mdCode(c.id), ...sides.map((s) => answerCell(c, s)), c.repro ? mdCode(c.repro) : (c.reproNote ?? '')]);
  return ['', `## ${title} (${list.length})`, '', mdTable(['probe', ...sides, 'repro'], rows)];
}

export function renderDiffMarkdown(diff: ResultsDiff): string {
  const out = [
    '# termprobe diff',
    '',
    `- a: ${mdCode(diff.a.file)} — ${diff.a.label}, ${diff.a.size}`,
    `- b: ${mdCode(diff.b.file)} — ${diff.b.label}, ${diff.b.size}`,
    `- ${corpusLine(diff)}`,
    ...diff.notes.map((n) => `- Note: ${n}.`),
    ...section('Changed', diff.changed, ['a', 'b']),
    ...section('Added in b', diff.added, ['b']),
    ...section('Removed in b', diff.removed, ['a']),
    '',
    `**${diffHeadline(diff)}**`,
  ];
  return out.join('\n') + '\n';
}
