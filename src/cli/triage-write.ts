/**
 * `termprobe triage --write <probe> <target> …`: append one reviewed entry to the
 * registry of the project at hand (./probes/divergences/ or the path given),
 * never to the one shipped inside an installed package. The answer it explains
 * is --answer, or the answer the target gives in the results at hand.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { appendDivergence } from '../classify/append-divergence.js';
import { DIVERGENCE_CLASSES, type DivergenceClass } from '../classify/divergence-schema.js';
import { checkAgainstCorpus, checkTargets, entryLabel, loadDivergences, makeRegistry } from '../classify/load-divergences.js';
import { applyConventions } from '../classify/reply-convention.js';
import { probeMatcher, isGlob } from '../classify/probe-pattern.js';
import { parseVersionRange } from '../classify/version-range.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { UsageError } from './errors.js';
import { knownTargetNames } from './load-registry.js';
import { loadRuns, resultsFiles } from './results-args.js';
import type { TriageOptions } from './triage-command.js';

/** Where --write writes: the path given, else this project's registry; never into node_modules. */
export function registryToWrite(given: string | undefined, cwd = process.cwd()): string {
  let path: string | undefined = given ? resolve(cwd, given) : undefined;
  if (!path) {
    const folder = join(cwd, 'probes', 'divergences');
    const file = join(cwd, 'probes', 'divergences.yaml');
    path = existsSync(folder) ? folder : existsSync(file) ? file : undefined;
  }
  if (!path) throw new UsageError(`no divergence registry in this project (${relative(cwd, join(cwd, 'probes', 'divergences')) || '.'}/ or probes/divergences.yaml): give --registry FOLDER or FILE`);
  if (path.split(sep).includes('node_modules')) throw new UsageError(`refusing to write into an installed package (${path}): give --registry with your project's registry`);
  return path;
}

function answersFromResults(probe: string, target: string, registryPath: string): string[] {
  const views = loadRuns(resultsFiles(undefined)).filter((v) => (v.targetId === target || v.engine.name === target) && v.result(probe));
  // As compare shows them: under the target's reply convention, if the registry states one.
  applyConventions(views, loadDivergences(registryPath));
  const answers = [...new Set(views.map((v) => v.summary(probe)))];
  if (answers.length === 0) throw new UsageError(`--answer is needed: no results at hand hold ${target}'s answer to ${probe}`);
  if (answers.length > 1) throw new UsageError(`--answer is needed: the results at hand hold ${answers.length} answers of ${target} to ${probe} (${answers.map((a) => JSON.stringify(a)).join(', ')})`);
  return answers;
}

export async function triageWrite(args: string[], opts: TriageOptions): Promise<void> {
  const [probe, target, ...rest] = args;
  if (!probe || !target || rest.length > 0) throw new UsageError('--write takes a probe (or glob) and a target: termprobe triage --write <probe> <target> --class … --reason "…" --evidence "…"');
  if (!opts.class || !(DIVERGENCE_CLASSES as readonly string[]).includes(opts.class)) throw new UsageError(`--class is one of: ${DIVERGENCE_CLASSES.join(', ')}`);
  const reason = (opts.reason ?? '').trim();
  if (reason === '') throw new UsageError('refusing to write an entry with an empty reason: give --reason "one or two sentences saying why"');
  const evidence = (opts.evidence ?? []).map((e) => e.trim()).filter(Boolean);
  if (evidence.length === 0) throw new UsageError('refusing to write an entry without evidence: give --evidence (a spec section, an upstream issue or commit, a changelog line)');
  const intent = (opts.intent ?? []).map((e) => e.trim()).filter(Boolean);
  if (opts.class === 'deliberate' && intent.length === 0) throw new UsageError('a deliberate entry cites where the maintainers state the choice: give --intent "changelog|docs|comment|issue|test <where> <what it says>"; without one, the answer is a bug (--class bug)');
  const versions = opts.versions ?? '*';
  try {
    parseVersionRange(versions);
  } catch (e) {
    throw new UsageError(`--versions: ${(e as Error).message}`);
  }
  const path = registryToWrite(opts.registry);
  const answers = opts.answer?.length ? opts.answer : answersFromResults(probe, target, path);
  const corpus = await loadCorpus(opts.probes);
  const entry = { probe, target, versions, answer: answers.length === 1 ? answers[0]! : answers, class: opts.class as DivergenceClass, reason, ...(intent.length > 0 ? { intent: intent.length === 1 ? intent[0]! : intent } : {}), evidence };
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, `${target}.yaml`) : path;
  const shown = relative(process.cwd(), file) || file;
  const candidate = { ...entry, index: 0, file: shown, range: parseVersionRange(versions), glob: isGlob(probe), answers, matchesProbe: probeMatcher(probe) };
  const check = makeRegistry(shown, [candidate]);
  checkTargets(check, knownTargetNames());
  checkAgainstCorpus(check, corpus.byId.keys());
  const added = appendDivergence(file, shown, entry);
  process.stdout.write(`${shown}${added.line ? `:${added.line}` : ''}: wrote ${entryLabel(added)}, class ${added.class}, versions ${added.versions}; review it, then run \`termprobe check\`\n`);
}
