/**
 * `termprobe triage [results…]`: every unexplained cell — a ~ answer, neither the
 * probe's implements nor its lacks answer, that no registry entry explains — with
 * what the spec says, which engines give the same answer, and a command that
 * records a draft entry. `termprobe triage --write <probe> <target> …` records one.
 */
import { buildComparison } from '../classify/build-comparison.js';
import { chooseReference } from '../classify/choose-reference.js';
import { referenceRunner } from './reference-runner.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { suggestFor, unexplainedItems } from '../classify/triage.js';
import { againstOf } from './compare-command.js';
import { UsageError } from './errors.js';
import { loadRegistryFor } from './load-registry.js';
import { writeOut } from './write-out.js';
import { requireRuns } from './results-args.js';
import { splitList } from './select-probes.js';

export interface TriageOptions {
  write?: boolean;
  class?: string;
  reason?: string;
  evidence?: string[];
  intent?: string[];
  versions?: string;
  answer?: string[];
  category?: string[];
  against?: string;
  reference?: string;
  registry?: string;
  probes?: string;
}

export async function triageCommand(args: string[], opts: TriageOptions): Promise<void> {
  if (opts.write) return (await import('./triage-write.js')).triageWrite(args, opts);
  if (opts.class || opts.reason || opts.evidence || opts.intent || opts.answer) throw new UsageError('--class, --reason, --evidence, --intent and --answer go with --write <probe> <target>');
  const views = requireRuns(args);
  const registry = await loadRegistryFor(opts.registry, views);
  const reference = await chooseReference(againstOf(opts), views, { probes: opts.probes, runner: referenceRunner });
  const cmp = buildComparison(views, reference, registry, probeLookup(opts.probes), { categories: splitList(opts.category) });
  const items = unexplainedItems(cmp);
  const out: string[] = [];
  let last = '';
  const printed = new Set<string>();
  for (const item of items) {
    if (item.id !== last) out.push('', `${item.id}${item.probe ? ` — ${item.probe.title}` : ''}`);
    last = item.id;
    const s = suggestFor(item, cmp);
    // Front ends of one engine giving the same answer are one finding: say it once, for the engine.
    const key = `${item.id}\0${s.target}\0${item.answer}`;
    if (printed.has(key)) continue;
    printed.add(key);
    const who = s.target === item.view.targetId ? item.view.label : `${s.target} (${items.filter((i) => i.id === item.id && i.answer === item.answer && i.view.engine.name === s.target).map((i) => i.view.label).join(', ')})`;
    out.push(`  ${who}: ${item.answer}`, `    spec: ${s.spec}`, `    engines: ${s.engines}`, `    record: ${s.command}`);
  }
  const probes = new Set(items.map((i) => i.id)).size;
  const head = `Unexplained: ${items.length} cell${items.length === 1 ? '' : 's'} (~ answers no entry explains) in ${probes} probe${probes === 1 ? '' : 's'}, of ${cmp.unexplained.of} ✗ and ~ cells; registry ${cmp.registryFile}.`;
  writeOut([head, ...cmp.notes.map((n) => `Note: ${n}.`), ...out, ''].join('\n'));
}
