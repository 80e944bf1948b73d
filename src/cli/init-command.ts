/**
 * `termprobe init --target 'x11:…'`: a first expectations profile from one run
 * of the terminal — the profile (termprobe.yaml) naming the target, the corpus
 * and the answers, and the answers themselves (termprobe/answers.json, a results
 * file), with every ✗ and ~ as a ledger entry to review. An existing profile or
 * answers file is replaced only with --force; both are written only once the
 * run is over (an interrupted init writes neither).
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DEFAULT_PROFILE } from '../classify/gate-profile-schema.js';
import { draftLedger } from '../classify/draft-ledger.js';
import { makeMarker } from '../classify/marks.js';
import { viewRun } from '../classify/run-view.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { renderProfileYaml } from '../report/gate-profile-yaml.js';
import { serializeResults } from '../results/write-results.js';
import { plural } from '../util/plural.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { UsageError } from './errors.js';
import { checkGateTarget, runGateTarget } from './gate-target.js';
import { withInterrupts } from './interrupts.js';
import { loadRegistryFor } from './load-registry.js';
import { defaultInstances } from './options/instances-option.js';
import { DEFAULT_SIZE, type Size } from './options/size-option.js';
import { writeOut } from './write-out.js';

export interface InitOptions {
  target?: string[];
  profile?: string;
  answers?: string;
  size?: Size;
  force?: boolean;
  instances?: number;
}

export const DEFAULT_ANSWERS = 'termprobe/answers.json';

function refuseExisting(path: string, what: string, force: boolean | undefined): void {
  if (!force && existsSync(path)) throw new UsageError(`${path} exists (${what}); termprobe init replaces it only with --force`);
}

export async function initCommand(opts: InitOptions): Promise<void> {
  const targets = opts.target ?? [];
  if (targets.length !== 1) throw new UsageError(`--target: init takes one target, the terminal the profile is about (got ${targets.length || 'none'}), e.g. --target 'x11:./build/myterm -e {command}'`);
  const target = targets[0]!;
  const profileFile = opts.profile ?? DEFAULT_PROFILE;
  if (!/\.ya?ml$/.test(profileFile)) throw new UsageError(`--profile ${profileFile}: a profile is a YAML file (.yaml)`);
  const answersName = opts.answers ?? DEFAULT_ANSWERS;
  if (!/\.json$/.test(answersName)) throw new UsageError(`--answers ${answersName}: the answers are a results file ending in .json`);
  // The profile names the answers relative to its own folder.
  const answersPath = resolve(dirname(profileFile), answersName);
  const answersInProfile = relative(dirname(resolve(profileFile)), answersPath).split(sep).join('/');
  refuseExisting(profileFile, 'a profile', opts.force);
  refuseExisting(answersPath, 'committed answers', opts.force);
  const corpus = await loadCorpus();
  const size = opts.size ?? DEFAULT_SIZE;
  // From the target check on, a signal ends the run (see gate-command.ts).
  const results = await withInterrupts(async (signal) => {
    await checkGateTarget(target, (problem) => new UsageError(`--target ${target}: ${problem}`));
    if (signal.aborted) throw signal.reason;
    const r = await runGateTarget(target, corpus, corpus.probes, { ...size, jobs: opts.instances ?? defaultInstances(target), signal }, (problem) => new UsageError(`--target ${target}: ${problem}`));
    if (signal.aborted) throw signal.reason;
    return r;
  });
  const view = viewRun(answersPath, results);
  const registry = await loadRegistryFor(undefined, [view]);
  const ledger = draftLedger(view, corpus, makeMarker((id) => corpus.byId.get(id)), registry);
  const profileText = renderProfileYaml({ target, answers: answersInProfile, madeFrom: `${view.label} (${results.run.startedAt.slice(0, 10)}, corpus ${corpus.hash.slice(0, 19)}…)`, ledger });
  writeFileAtomic(answersPath, serializeResults(results));
  writeFileAtomic(profileFile, profileText);
  const drafts = ledger.filter((e) => e.draft).length;
  const lacks = ledger.filter((e) => e.support === 'lacks').length;
  writeOut(
    [
      `${view.label}: ${plural(results.probes.length, 'probe')} in ${(results.run.elapsedMs / 1000).toFixed(1)} s.`,
      `wrote ${join(relative('.', answersPath) || '.')} (the answers the terminal is held to)`,
      `wrote ${profileFile}: ${plural(ledger.length, 'ledger entry', 'ledger entries')} — every ✗ and ~ of the run (${lacks} ✗, ${ledger.length - lacks} ~; ${ledger.length - drafts} explained by termprobe's registry, ${drafts} drafted) — to review`,
      `next: review the ledger, commit both files, and run termprobe gate in CI (docs/ci-gate.md)`,
      '',
    ].join('\n'),
  );
}
