/** `termprobe triage --write <probe> <target> …`: append one reviewed entry to the divergence registry. */
import { relative } from 'node:path';
import { appendDivergence } from '../classify/append-divergence.js';
import { DIVERGENCE_CLASSES, type DivergenceClass } from '../classify/divergence-schema.js';
import { checkAgainstCorpus, DEFAULT_REGISTRY, entryLabel, makeRegistry } from '../classify/load-divergences.js';
import { probeMatcher, isGlob } from '../classify/probe-pattern.js';
import { parseVersionRange } from '../classify/version-range.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { UsageError } from './errors.js';
import type { TriageOptions } from './triage-command.js';

export async function triageWrite(args: string[], opts: TriageOptions): Promise<void> {
  const [probe, target, ...rest] = args;
  if (!probe || !target || rest.length > 0) throw new UsageError('--write takes a probe (or glob) and a target: termprobe triage --write <probe> <target> --class … --reason "…" --evidence "…"');
  if (!opts.class || !(DIVERGENCE_CLASSES as readonly string[]).includes(opts.class)) throw new UsageError(`--class is one of: ${DIVERGENCE_CLASSES.join(', ')}`);
  const reason = (opts.reason ?? '').trim();
  if (reason === '') throw new UsageError('refusing to write an entry with an empty reason: give --reason "one or two sentences saying why"');
  const evidence = (opts.evidence ?? []).map((e) => e.trim()).filter(Boolean);
  if (evidence.length === 0) throw new UsageError('refusing to write an entry without evidence: give --evidence (a spec section, an upstream issue or commit, a changelog line)');
  const versions = opts.versions ?? '*';
  try {
    parseVersionRange(versions);
  } catch (e) {
    throw new UsageError(`--versions: ${(e as Error).message}`);
  }
  const corpus = await loadCorpus(opts.probes);
  const entry = { probe, target, versions, class: opts.class as DivergenceClass, reason, evidence };
  const shown = relative(process.cwd(), opts.registry ?? DEFAULT_REGISTRY) || (opts.registry ?? DEFAULT_REGISTRY);
  const candidate = { ...entry, index: 0, file: shown, range: parseVersionRange(versions), glob: isGlob(probe), matchesProbe: probeMatcher(probe) };
  checkAgainstCorpus(makeRegistry(shown, [candidate]), corpus.byId.keys());
  const added = appendDivergence(opts.registry ?? DEFAULT_REGISTRY, shown, entry);
  process.stdout.write(`${shown}${added.line ? `:${added.line}` : ''}: wrote ${entryLabel(added)}, class ${added.class}, versions ${added.versions}; review it, then run \`termprobe check\`\n`);
}
