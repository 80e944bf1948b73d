/**
 * The one target of `termprobe init` and `termprobe gate`: checked before
 * anything runs (a name the registry knows, or a command whose template
 * parses and whose program is here), then run. A target that cannot be checked
 * or does not start is bad input of whoever named it — the profile's `target:`
 * line, or --target — so every such failure comes back through `blame`.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { runSharded } from '../engine/run-sharded.js';
import type { ResultsFile } from '../results/results-schema.js';
import { loadTarget } from '../targets/registry.js';
import { TargetStartError } from '../targets/target-start-error.js';
import { TargetUnavailableError } from '../targets/target-unavailable-error.js';
import { BadInputError } from '../util/bad-input-error.js';
import { InterruptedError } from './errors.js';
import { parseTargetNames } from './options/target-names.js';

export type Blame = (problem: string) => Error;

export async function checkGateTarget(spec: string, blame: Blame): Promise<void> {
  let names: string[];
  try {
    names = parseTargetNames(spec, [], false);
  } catch (e) {
    throw blame((e as Error).message.replace(/^--target: /, ''));
  }
  if (names.length !== 1) throw blame(`names ${names.length} targets (${names.join(', ')}); a profile holds one terminal`);
  let factory;
  try {
    factory = await loadTarget(names[0]!);
  } catch (e) {
    if (e instanceof BadInputError) throw blame(e.message);
    throw e;
  }
  if (factory.kind === 'self') throw blame('"self" is the terminal termprobe runs in, which a CI job does not have; name a command (x11:…, stdio:…) or a registry name');
  const a = await factory.available();
  if (!a.ok) throw blame(`cannot run here: ${a.reason}${a.install ? ` (install: ${a.install})` : ''}`);
}

export interface GateRunOptions {
  cols: number;
  rows: number;
  /** Instances run at once, each on its share of the probes (see run-sharded.ts). */
  jobs: number;
  signal: AbortSignal;
}

/**
 * A terminal silent this long has stopped answering (2 s in a plain run): a gate's answers are what it is held to,
 * and on a loaded CI machine a terminal and termprobe may both stall for seconds without anything being wrong.
 * Waiting longer costs time only when a terminal really hangs.
 */
export const GATE_IDLE_MS = 10_000;

/** Run the probes; a target that does not start (or stops being able to) is blamed on whoever named it. */
export async function runGateTarget(spec: string, corpus: Corpus, probes: Probe[], opts: GateRunOptions, blame: Blame): Promise<ResultsFile> {
  try {
    return await runSharded(spec, corpus, probes, { ...opts, idleTimeoutMs: GATE_IDLE_MS });
  } catch (e) {
    if (opts.signal.aborted || e instanceof InterruptedError) throw opts.signal.reason ?? e;
    if (e instanceof TargetStartError || e instanceof TargetUnavailableError) throw blame(`did not start: ${(e as Error).message.split('\n')[0]}`);
    throw e;
  }
}
