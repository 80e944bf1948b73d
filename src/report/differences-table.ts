/** The short table `termprobe run` prints: probes where the targets' answers differ. */
import Table from 'cli-table3';
import type { ResultsFile } from '../results/results-schema.js';
import { answerSignature, answerSummary } from '../results/answer-key.js';

export function differingProbeIds(runs: ResultsFile[]): string[] {
  const ids: string[] = [];
  const maps = runs.map((r) => new Map(r.probes.map((p) => [p.id, p])));
  const all = new Set(runs.flatMap((r) => r.probes.map((p) => p.id)));
  for (const id of all) {
    const sigs = new Set(maps.map((m) => { const p = m.get(id); return p ? answerSignature(p) : 'absent'; }));
    if (sigs.size > 1) ids.push(id);
  }
  return ids;
}

export function differencesTable(runs: ResultsFile[], opts: { color?: boolean } = {}): string {
  if (runs.length < 2) return '';
  const ids = differingProbeIds(runs);
  const total = new Set(runs.flatMap((r) => r.probes.map((p) => p.id))).size;
  if (ids.length === 0) return `All ${runs.length} targets give the same answer to all ${total} probes.\n`;
  const maps = runs.map((r) => new Map(r.probes.map((p) => [p.id, p])));
  const table = new Table({
    head: ['probe', ...runs.map((r) => `${r.target.identity.name} ${r.target.identity.version}`)],
    style: { head: opts.color ? ['cyan'] : [], border: opts.color ? ['grey'] : [] },
    wordWrap: true,
    colWidths: [38, ...runs.map(() => 24)],
  });
  for (const id of ids) table.push([id, ...maps.map((m) => answerSummary(m.get(id)))]);
  return `${table.toString()}\n${ids.length} of ${total} probes differ between ${runs.map((r) => r.target.identity.name).join(' and ')}.\n`;
}
