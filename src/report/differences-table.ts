/**
 * The short table `termprobe run` prints: probes where the targets' answers
 * differ, compared the way `termprobe compare` compares them (a target that could
 * not read its screen is compared on cursor and replies only). Past a few targets
 * the table is too wide to read: a count and the compare command instead.
 * Probe ids are printed whole, however long.
 */
import Table from 'cli-table3';
import { makeSigner } from '../classify/answer-signer.js';
import { labelRuns, viewRun, type RunView } from '../classify/run-view.js';
import type { ResultsFile } from '../results/results-schema.js';
import { plural } from '../util/plural.js';

const MAX_COLUMNS = 4;

function views(runs: ResultsFile[]): RunView[] {
  const list = runs.map((r) => viewRun(`(${r.target.id})`, r));
  labelRuns(list);
  return list;
}

export function differencesTable(runs: ResultsFile[], opts: { color?: boolean; files?: string[] } = {}): string {
  if (runs.length < 2) return '';
  const list = views(runs);
  const signer = makeSigner(list);
  const ids = [...new Set(runs.flatMap((r) => r.probes.map((p) => p.id)))];
  const differing = ids.filter((id) => new Set(list.map((v) => signer.of(v, id) ?? 'absent')).size > 1);
  const names = list.map((v) => v.label);
  const among = runs.length === 2 ? `between ${names.join(' and ')}` : `among the ${runs.length} targets`;
  if (differing.length === 0) return `All ${runs.length} targets give the same answer to ${ids.length === 1 ? 'the one probe' : `all ${ids.length} probes`}.\n`;
  const summary = `${differing.length} of ${plural(ids.length, 'probe')} ${differing.length === 1 ? 'differs' : 'differ'} ${among}.\n`;
  if (runs.length > MAX_COLUMNS) {
    const files = opts.files?.length ? opts.files.join(' ') : 'results/*.json';
    return `${summary}See them with: termprobe compare ${files} --only-differences\n`;
  }
  // The probe column fits the longest id: ids are never cut, so they can be pasted into `termprobe show`.
  let idWidth = 'probe'.length;
  for (const id of differing) idWidth = Math.max(idWidth, id.length);
  const table = new Table({
    head: ['probe', ...names],
    style: { head: opts.color ? ['cyan'] : [], border: opts.color ? ['grey'] : [] },
    wordWrap: true,
    colWidths: [idWidth + 2, ...runs.map(() => 24)],
  });
  for (const id of differing) table.push([id, ...list.map((v) => signer.summary(v, id))]);
  return `${table.toString()}\n${summary}`;
}
