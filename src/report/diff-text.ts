/** `termprobe diff` as text: a header, then changed / added / removed probes with answers and repro. */
import { corpusLine, diffHeadline, type AnswerShown, type ProbeChange, type ResultsDiff } from './diff-results.js';

function answerLines(tag: 'a' | 'b', ans: AnswerShown | undefined): string[] {
  if (!ans) return [];
  const status = ans.status === 'ok' || ans.answer === ans.status ? '' : ` (${ans.status})`;
  return [`    ${tag}: ${ans.answer}${status}`, ...(ans.raw.length ? [`       raw: ${ans.raw.join('  ')}`] : [])];
}

function section(title: string, list: ProbeChange[]): string[] {
  if (list.length === 0) return [];
  const out = ['', `${title} (${list.length}):`];
  for (const c of list) {
    out.push(`  ${c.id}`, ...answerLines('a', c.a), ...answerLines('b', c.b));
    out.push(c.repro ? `    repro: ${c.repro}` : `    ${c.reproNote}`);
  }
  return out;
}

export function renderDiffText(diff: ResultsDiff): string {
  const out = [
    `a: ${diff.a.file} — ${diff.a.label}, ${diff.a.size}`,
    `b: ${diff.b.file} — ${diff.b.label}, ${diff.b.size}`,
    corpusLine(diff),
    ...diff.notes.map((n) => `Note: ${n}.`),
    ...section('Changed', diff.changed),
    ...section('Added in b', diff.added),
    ...section('Removed in b', diff.removed),
    '',
    diffHeadline(diff),
  ];
  return out.join('\n') + '\n';
}
