/**
 * `termprobe triage [results…]`: every unexplained difference, with the real
 * terminals' consensus and a suggested class (printed, never written).
 * `termprobe triage --write <probe> <target> --class … --reason … --evidence …`
 * appends an entry to the registry, refusing an empty reason.
 */
import { buildComparison } from '../classify/build-comparison.js';
import { chooseReference, DEFAULT_REFERENCE } from '../classify/choose-reference.js';
import { describeConsensus, suggestClass } from '../classify/consensus.js';
import { loadDivergences } from '../classify/load-divergences.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { specCheckByLookup } from '../classify/spec-check.js';
import { UsageError } from './errors.js';
import { writeOut } from './write-out.js';
import { requireRuns } from './results-args.js';
import { splitList } from './select-probes.js';

export interface TriageOptions {
  write?: boolean;
  class?: string;
  reason?: string;
  evidence?: string[];
  versions?: string;
  category?: string[];
  reference?: string;
  registry?: string;
  probes?: string;
}

export async function triageCommand(args: string[], opts: TriageOptions): Promise<void> {
  if (opts.write) return (await import('./triage-write.js')).triageWrite(args, opts);
  if (opts.class || opts.reason || opts.evidence) throw new UsageError('--class, --reason and --evidence go with --write <probe> <target>');
  const views = requireRuns(args);
  const registry = loadDivergences(opts.registry);
  const reference = await chooseReference(opts.reference ?? DEFAULT_REFERENCE, views, { probes: opts.probes });
  const cmp = buildComparison(views, reference, registry, { categories: splitList(opts.category), meetsSpec: specCheckByLookup(probeLookup(opts.probes)) });
  const ref = reference.view;
  const out: string[] = [];
  let count = 0;
  for (const row of cmp.rows) {
    const open = row.cells.map((c, i) => ({ c, v: cmp.columns[i]! })).filter(({ c }) => c.class === 'unexplained');
    if (open.length === 0) continue;
    count += open.length;
    const width = Math.max(...[ref, ...open.map((o) => o.v)].map((v) => v.label.length)) + 2;
    out.push('', row.id, `  ${ref.label.padEnd(width)}${cmp.signer.summary(ref, row.id)}   (reference)`);
    for (const { v } of open) out.push(`  ${v.label.padEnd(width)}${cmp.signer.summary(v, row.id)}`);
    out.push(`  real terminals: ${describeConsensus(row.consensus) || `none answered (${cmp.realCount} among these results)`}`);
    const seen = new Set<string>();
    for (const { v } of open) {
      const s = suggestClass(row.id, v, ref, cmp.columns, cmp.signer);
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      const who = s.class === 'reference' ? ref.targetId : s.class ? v.targetId : '<target>';
      const cls = s.class === 'reference' ? 'reference' : s.class ? 'bug|deliberate' : 'bug|deliberate|reference';
      out.push(`  suggest: ${s.class === 'reference' ? 'reference — ' : s.class ? 'bug or deliberate — ' : 'no class — '}${s.text}`);
      out.push(`    record: termprobe triage --write ${row.id} ${who} --class ${cls} --reason "…" --evidence "…"`);
    }
  }
  const head = `Unexplained differences against ${ref.label}: ${count} (in ${cmp.rows.filter((r) => r.cells.some((c) => c.class === 'unexplained')).length} probes; registry ${cmp.registryFile}).`;
  writeOut([head, ...cmp.notes.map((n) => `Note: ${n}.`), ...out, ''].join('\n'));
}
