/**
 * Run the corpus against one target and build its results file: open, describe,
 * identify, probe, close (always, also on failure or Ctrl-C).
 */
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { RESULTS_SCHEMA_ID } from '../results/results-constants.js';
import type { ResultsFile } from '../results/results-schema.js';
import { loadTarget } from '../targets/registry.js';
import type { TargetSession } from '../targets/target.js';
import { TargetUnavailableError } from '../targets/target-unavailable-error.js';
import { toolVersion } from '../util/tool-version.js';
import { chooseIdentity, IDENTIFY_PROBES, readIdentification } from './identify.js';
import { restoreModesBytes, type PreludeKind } from './prelude.js';
import { runProbes, type EngineRun } from './run-probes.js';

export { TargetUnavailableError };

export interface RunTargetOptions {
  cols?: number;
  rows?: number;
  options?: Record<string, string>;
  window?: number;
  idleTimeoutMs?: number;
  prelude?: PreludeKind;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Probes this target must not run, with the reason (see runProbes). */
  skip?: (probe: Probe) => string | undefined;
}

export interface TargetRun {
  results: ResultsFile;
  gaveUp?: string;
  /** One line on who answered (e.g. "tmux 3.3a (from XTVERSION); …"), when the target can tell more than its name. */
  summary?: string;
  /** Things the user should know about the run, one line each. */
  notes?: string[];
}

/** Probe an already-open session (used by every target, including the user's own terminal). */
export async function probeSession(
  targetId: string,
  session: TargetSession,
  corpus: Corpus,
  probes: Probe[],
  opts: RunTargetOptions & { cols: number; rows: number },
): Promise<TargetRun> {
  const startedAt = new Date();
  const t0 = performance.now();
  const described = await session.describe();
  const size = { cols: opts.cols, rows: opts.rows };
  let restore = '';
  const engine = (list: Probe[], prelude: PreludeKind | 'none' = opts.prelude ?? 'default'): Promise<EngineRun> =>
    runProbes(session, list, { size, window: opts.window, idleTimeoutMs: opts.idleTimeoutMs, prelude, restore, signal: opts.signal, ...(list === probes ? { onProgress: opts.onProgress, skip: opts.skip } : {}) });
  const ident = await engine(IDENTIFY_PROBES, 'none');
  const seen = readIdentification(ident.results[0]!, ident.results[1]!);
  restore = restoreModesBytes(seen.modes);
  const tProbes = performance.now();
  const run = ident.gaveUp ? { results: probes.map((p) => ({ id: p.id, status: 'no-reply' as const, replies: [], note: 'not sent: the terminal did not answer identification queries' })), gaveUp: ident.gaveUp, droppedText: 0 } : await engine(probes);
  const described_settings = described.settings ?? {};
  const results: ResultsFile = {
    schema: RESULTS_SCHEMA_ID,
    tool: { name: 'termprobe', version: toolVersion() },
    corpus: { hash: corpus.hash, probes: corpus.probes.length },
    target: { id: targetId, identity: chooseIdentity(described, seen, targetId) },
    settings: {
      ...described_settings,
      cols: opts.cols,
      rows: opts.rows,
      modes: { ...seen.modes, ...described_settings.modes },
      ...(opts.options && Object.keys(opts.options).length > 0 ? { options: { ...described_settings.options, ...opts.options } } : {}),
    },
    run: { startedAt: startedAt.toISOString(), elapsedMs: Math.round(performance.now() - t0), probingMs: Math.round((performance.now() - tProbes) * 10) / 10 },
    probes: run.results,
  };
  return { results, gaveUp: run.gaveUp };
}

export async function runTarget(targetId: string, corpus: Corpus, probes: Probe[], opts: RunTargetOptions = {}): Promise<TargetRun> {
  const factory = await loadTarget(targetId);
  const avail = await factory.available();
  if (!avail.ok) throw new TargetUnavailableError(targetId, avail.reason + (avail.install ? ` (install: ${avail.install})` : ''));
  // The user's own terminal has its own size, prelude, timeouts and safety rules.
  if (factory.kind === 'self') return (await import('./run-self.js')).runSelf(corpus, probes, opts);
  const cols = opts.cols ?? 80;
  const rows = opts.rows ?? 24;
  const session = await factory.open({ cols, rows, options: opts.options ?? {}, signal: opts.signal });
  try {
    return await probeSession(targetId, session, corpus, probes, { ...opts, cols, rows });
  } finally {
    await session.close();
  }
}
