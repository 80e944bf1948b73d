/**
 * What `termprobe triage` says about an unexplained cell (a ~ answer no entry
 * explains): the spec first — what the probe's expectations name and that this
 * answer is neither — then the engines: which others give the very same answer.
 * It never works from inconclusive or crashed cells (they are not ~), and the
 * command it prints runs as it stands (a draft entry the user then edits).
 */
import { describeExpectation } from '../corpus/describe-expectation.js';
import type { Probe } from '../corpus/probe-schema.js';
import type { Comparison } from './build-comparison.js';
import type { RunView } from './run-view.js';

export interface TriageItem {
  id: string;
  view: RunView;
  answer: string;
  probe: Probe | undefined;
}

export interface Suggestion {
  spec: string;
  engines: string;
  /** Who the entry should name: the engine when every run of it here gives this answer, else the target. */
  target: string;
  versions: string;
  command: string;
}

/** Every ~ cell without an entry, row by row. */
export function unexplainedItems(cmp: Comparison): TriageItem[] {
  const out: TriageItem[] = [];
  for (const row of cmp.rows) {
    row.cells.forEach((c, i) => {
      if (c.support.support !== 'other' || c.entry) return;
      const view = cmp.columns[i]!;
      out.push({ id: row.id, view, answer: view.summary(row.id), probe: cmp.marker.probe(row.id) });
    });
  }
  return out;
}

/** Quote for a POSIX shell: the command prints exactly what it means. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export function suggestFor(item: TriageItem, cmp: Comparison): Suggestion {
  const { id, view, answer, probe } = item;
  const spec = probe
    ? `the probe expects ${describeExpectation(probe.expect.implements)} (implements)${probe.expect.lacks ? ` or ${describeExpectation(probe.expect.lacks)} (lacks)` : ''}; ${answer} is neither`
    : 'the probe is not in the corpus at hand, so its expectations are unknown';
  const same = cmp.columns.filter((v) => v !== view && v.result(id) && v.summary(id) === answer);
  const others = [...new Set(same.filter((v) => v.engine.name !== view.engine.name).map((v) => v.engine.name))];
  const siblings = cmp.columns.filter((v) => v.engine.name === view.engine.name && v.result(id));
  const wholeEngine = view.engine.name !== view.targetId && siblings.length > 1 && siblings.every((v) => v.summary(id) === answer);
  const engines =
    others.length === 0
      ? `no other engine answers ${answer}${wholeEngine ? ` (all ${siblings.length} ${view.engine.name} front ends here do)` : ''}: look for the cause in ${view.engine.name}'s source at the measured version`
      : `${others.length} other engine${others.length === 1 ? ' answers' : 's answer'} the same (${others.join(', ')}): the probe's expectations may be missing this answer, or they share a cause`;
  const target = wholeEngine ? view.engine.name : view.targetId;
  const versions = wholeEngine ? (view.engine.version ?? '*') : view.version === 'unknown' ? '*' : view.version;
  const reason = `Draft by termprobe triage: ${view.label} answers ${answer}, which the probe's expectations do not name; replace this with the cause, from the source at the measured version.`;
  const evidence = probe?.spec ?? 'docs (add the source of the cause)';
  const q = shellQuote;
  const command = `termprobe triage --write ${q(id)} ${q(target)} --answer ${q(answer)} --versions ${q(versions)} --class bug --reason ${q(reason)} --evidence ${q(evidence)}`;
  return { spec, engines, target, versions, command };
}
