/** `termprobe history` as text, markdown or JSON. */
import { plural } from '../util/plural.js';
import type { AnswerShown } from './diff-results.js';
import type { VersionHistory } from './version-history.js';

const answer = (a: AnswerShown | undefined) => (a ? `${a.answer}${a.status === 'ok' || a.answer === a.status ? '' : ` (${a.status})`}` : '—');

function headline(h: VersionHistory): string {
  const v = h.versions;
  if (v.length === 0) return `${h.terminal}: no runs at hand`;
  return `${h.terminal}: ${plural(v.length, 'version')} (${v[0]!.version} → ${v[v.length - 1]!.version}), ${h.settings}`;
}

function stepLine(s: VersionHistory['steps'][number]): string {
  const extra = [s.added ? `${s.added} added` : '', s.removed ? `${s.removed} removed` : ''].filter(Boolean).join(', ');
  return `${s.from} → ${s.to}: ${s.changed.length === 0 ? 'no answer changed' : `${plural(s.changed.length, 'probe')} changed answer`} (${s.unchanged} unchanged${extra ? `, ${extra}` : ''})`;
}

export function renderHistoryText(h: VersionHistory): string {
  const out = [headline(h)];
  for (const n of h.notRun) out.push(`  not run: ${n.version}: ${n.reason}`);
  for (const n of h.notes) out.push(`Note: ${n}.`);
  for (const s of h.steps) {
    out.push('', stepLine(s));
    for (const c of s.changed) out.push(`  ${c.id}`, `    ${s.from}: ${answer(c.a)}`, `    ${s.to}: ${answer(c.b)}`);
  }
  const total = h.steps.reduce((n, s) => n + s.changed.length, 0);
  out.push('', `${plural(total, 'answer change')} across ${plural(h.steps.length, 'release step')}.`);
  return out.join('\n') + '\n';
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderHistoryMarkdown(h: VersionHistory): string {
  const out = [`## ${cell(headline(h))}`, ''];
  for (const n of h.notRun) out.push(`- not run: ${n.version}: ${cell(n.reason)}`);
  for (const s of h.steps) {
    out.push('', `### ${cell(stepLine(s))}`);
    if (s.changed.length === 0) continue;
    out.push('', `| probe | ${s.from} | ${s.to} |`, '| --- | --- | --- |');
    for (const c of s.changed) out.push(`| \`${c.id}\` | \`${cell(answer(c.a))}\` | \`${cell(answer(c.b))}\` |`);
  }
  return out.join('\n') + '\n';
}

export function renderHistoryJson(h: VersionHistory): string {
  const steps = h.steps.map((s) => ({ ...s, changed: s.changed.map((c) => ({ id: c.id, from: c.a ?? null, to: c.b ?? null, repro: c.repro })) }));
  return JSON.stringify({ ...h, steps }, null, 2) + '\n';
}
