/**
 * The order a run of several targets starts them in: the longest first (as the published runs timed them), so that
 * the run does not end waiting on a long one started last. Targets the published runs do not time keep their order,
 * after the timed ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLISHED_RESULTS_DIR } from './results-dirs.js';

/** The published runs shipped with termprobe (the package's results/). */
export const SHIPPED_RESULTS = join(fileURLToPath(new URL('../../', import.meta.url)), PUBLISHED_RESULTS_DIR);

/** Each published target's run time (ms), by target id, from the results files in `dir`; empty where there are none. */
export function publishedRunTimes(dir: string): Map<string, number> {
  const times = new Map<string, number>();
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return times;
  }
  for (const file of files) {
    try {
      const run = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { target?: { id?: unknown }; run?: { elapsedMs?: unknown } };
      const id = run.target?.id;
      const ms = run.run?.elapsedMs;
      if (typeof id === 'string' && typeof ms === 'number' && Number.isFinite(ms)) times.set(id, Math.max(ms, times.get(id) ?? 0));
    } catch {
      // not a results file, or not one that reads: it times nothing
    }
  }
  return times;
}

/** `targets` with the timed ones first, longest first; the others after them, in their order. */
export function longestFirst(targets: readonly string[], times: ReadonlyMap<string, number>): string[] {
  const timed = targets.filter((t) => times.has(t)).sort((a, b) => times.get(b)! - times.get(a)!);
  return [...timed, ...targets.filter((t) => !times.has(t))];
}
