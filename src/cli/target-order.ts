/**
 * What a run takes from the published runs: the order a run of several targets starts them in, the longest first (as
 * the published runs timed them), so that the run does not end waiting on a long one started last (targets the
 * published runs do not time keep their order, after the timed ones); and the probes after which each target was
 * started afresh, so that its input probes start a spare instance only ahead of those (run-input.ts, maybeSpare).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLISHED_RESULTS_DIR } from './results-dirs.js';

/** The published runs shipped with termprobe (the package's results/). */
export const SHIPPED_RESULTS = join(fileURLToPath(new URL('../../', import.meta.url)), PUBLISHED_RESULTS_DIR);

export interface PublishedRuns {
  /** Each target's run time (ms), by target id (the longest where a target has several files). */
  times: Map<string, number>;
  /** By target id, the probes after which a run of it started a fresh instance, and why (run.restarts; empty: none). */
  restarts: Map<string, Map<string, string>>;
}

/**
 * What the results files in `dir` tell of each target's run; empty where there are none. With `only`, of those
 * targets alone: only the files named after one of them are read (a file is named after its terminal, and a
 * published run's name begins with its target id and a dash: target-order.test.ts), since parsing all of them (13 MB)
 * took 165 ms of the start of every run with input probes.
 */
export function publishedRuns(dir: string, only?: readonly string[]): PublishedRuns {
  const found: PublishedRuns = { times: new Map(), restarts: new Map() };
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json') && (!only || only.some((id) => f.startsWith(`${id}-`))));
  } catch {
    return found;
  }
  for (const file of files) {
    try {
      const run = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { target?: { id?: unknown }; run?: { elapsedMs?: unknown; restarts?: unknown } };
      const id = run.target?.id;
      if (typeof id !== 'string' || (only && !only.includes(id))) continue;
      const ms = run.run?.elapsedMs;
      if (typeof ms === 'number' && Number.isFinite(ms)) found.times.set(id, Math.max(ms, found.times.get(id) ?? 0));
      // A published run with no restarts expects none: its set is empty.
      const whys = found.restarts.get(id) ?? new Map<string, string>();
      found.restarts.set(id, whys);
      const restarts = run.run?.restarts;
      if (Array.isArray(restarts)) for (const r of restarts as { probe?: unknown; exit?: unknown }[]) if (typeof r?.probe === 'string') whys.set(r.probe, typeof r.exit === 'string' ? r.exit : '');
    } catch {
      // not a results file, or not one that reads: it tells nothing
    }
  }
  return found;
}

/** `targets` with the timed ones first, longest first; the others after them, in their order. */
export function longestFirst(targets: readonly string[], times: ReadonlyMap<string, number>): string[] {
  const timed = targets.filter((t) => times.has(t)).sort((a, b) => times.get(b)! - times.get(a)!);
  return [...timed, ...targets.filter((t) => !times.has(t))];
}
