/**
 * One target's run spread over several instances of it at once, each on its
 * share of the probes, merged into one results file in the probes' order.
 *
 * For terminals whose answers cost waiting rather than work: an `x11:` terminal
 * read through the X selection keeps its drags 650 ms apart (a terminal not
 * known to termprobe may count two quick drags as a double click), so a corpus
 * with ~190 screen probes takes two minutes in one instance and a fraction of
 * that in several, each on its own display. Every probe starts from the
 * engine's isolation prelude, so which instance answers it does not change the
 * answer (the corpus is run forwards, backwards and shuffled to check that).
 * Screen probes are dealt out apart from the others, so each instance gets its
 * share of the slow ones.
 */
import { setMaxListeners } from 'node:events';
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import type { ResultsFile } from '../results/results-schema.js';
import { runTarget } from './run-target.js';

export interface ShardedOptions {
  cols: number;
  rows: number;
  /** Instances at once (1: a plain run). */
  jobs: number;
  signal: AbortSignal;
  window?: number;
  /** How long a silent terminal is waited for before its probes count as unanswered (see run-probes.ts). */
  idleTimeoutMs?: number;
}

/** Deal the probes out: screen probes round-robin, then the rest, so every share has as many of the slow ones. */
export function dealProbes(probes: readonly Probe[], shares: number): Probe[][] {
  const out: Probe[][] = Array.from({ length: shares }, () => []);
  let i = 0;
  for (const p of probes) if (p.screen) out[i++ % shares]!.push(p);
  for (const p of probes) if (!p.screen) out[i++ % shares]!.push(p);
  return out.filter((s) => s.length > 0);
}

function sameTerminal(a: ResultsFile, b: ResultsFile): boolean {
  const x = a.target.identity;
  const y = b.target.identity;
  return x.name === y.name && x.version === y.version && a.settings.cols === b.settings.cols && a.settings.rows === b.settings.rows;
}

export function mergeShards(runs: ResultsFile[], probes: readonly Probe[], elapsedMs: number): ResultsFile {
  const first = runs[0]!;
  for (const r of runs.slice(1)) {
    if (!sameTerminal(first, r)) throw new Error(`the instances of ${first.target.id} told different terminals apart (${first.target.identity.name} ${first.target.identity.version}, ${r.target.identity.name} ${r.target.identity.version}): run it with --instances 1`);
  }
  const byId = new Map(runs.flatMap((r) => r.probes.map((p) => [p.id, p] as const)));
  const restarts = runs.flatMap((r) => r.run.restarts ?? []);
  const probingMs = Math.max(...runs.map((r) => r.run.probingMs ?? 0));
  return {
    ...first,
    settings: { ...first.settings, options: { ...first.settings.options, instances: `${runs.length} at once, each on its share of the probes` } },
    run: { ...first.run, elapsedMs: Math.round(elapsedMs), probingMs, ...(restarts.length > 0 ? { restarts } : {}) },
    probes: probes.flatMap((p) => byId.get(p.id) ?? []),
  };
}

export async function runSharded(targetId: string, corpus: Corpus, probes: Probe[], opts: ShardedOptions): Promise<ResultsFile> {
  const t0 = performance.now();
  const shares = dealProbes(probes, Math.max(1, Math.min(opts.jobs, probes.length)));
  if (shares.length <= 1) return (await runTarget(targetId, corpus, probes, { cols: opts.cols, rows: opts.rows, window: opts.window, idleTimeoutMs: opts.idleTimeoutMs, signal: opts.signal })).results;
  // One instance failing ends the others at once; the outer signal ends them all.
  const local = new AbortController();
  const signal = AbortSignal.any([opts.signal, local.signal]);
  // Every instance listens on it, several times each (display, terminal, relay).
  setMaxListeners(0, signal);
  const settled = await Promise.allSettled(
    shares.map((share) =>
      runTarget(targetId, corpus, share, { cols: opts.cols, rows: opts.rows, window: opts.window, idleTimeoutMs: opts.idleTimeoutMs, signal }).catch((e: unknown) => {
        if (!local.signal.aborted) local.abort(e);
        throw e;
      }),
    ),
  );
  if (opts.signal.aborted) throw opts.signal.reason;
  if (local.signal.aborted) throw local.signal.reason;
  const runs = settled.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof runTarget>>>).value.results);
  return mergeShards(runs, probes, performance.now() - t0);
}
