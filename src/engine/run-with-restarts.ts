/**
 * A crash is not an answer. When the terminal dies mid-run, the probes it had
 * answered keep their answers; the first one it had not is the suspect. A fresh
 * instance is started and the suspect runs alone: if the terminal dies again, the
 * probe is recorded as "crashed" (with how the terminal ended and its last output)
 * and skipped; if not, its answer is kept. Either way the run continues from the
 * next probe in another fresh instance, so one fatal probe costs one answer, not
 * the rest of the run. Targets that cannot be started again (the user's own
 * terminal) stop at the first crash, as before.
 */
import type { Probe } from '../corpus/probe-schema.js';
import type { ProbeResult, ResultsFile } from '../results/results-schema.js';
import type { TargetSession } from '../targets/target.js';
import { runProbes, type EngineOptions, type EngineRun } from './run-probes.js';

export type Restart = NonNullable<ResultsFile['run']['restarts']>[number];

/** Where the session lives: a restart replaces it, and whoever closes the run closes the current one. */
export interface SessionHolder {
  current: TargetSession;
  /** Start a fresh instance of the target (the old one is already closed). */
  reopen?: () => Promise<TargetSession>;
}

/** More crashes than this in one run: the terminal is not merely killed by one probe; stop restarting. */
export const MAX_RESTARTS = 8;

export interface RestartingRun extends EngineRun {
  restarts: Restart[];
}

function crashed(probe: Probe, reason: string): ProbeResult {
  return { id: probe.id, status: 'crashed', replies: [], note: `the terminal died on this probe twice (in the run, then alone in a fresh instance): ${reason}`, evidence: { exit: reason } };
}

async function restart(holder: SessionHolder): Promise<void> {
  await holder.current.close();
  holder.current = await holder.reopen!();
}

export async function runWithRestarts(holder: SessionHolder, probes: Probe[], opts: EngineOptions): Promise<RestartingRun> {
  const results: ProbeResult[] = [];
  const restarts: Restart[] = [];
  let queue = probes;
  let alone = false;
  let droppedText = 0;
  while (queue.length > 0) {
    const batch = alone ? queue.slice(0, 1) : queue;
    const run = await runProbes(holder.current, batch, { ...opts, ...(alone ? { window: 1, onProgress: undefined } : {}) });
    droppedText += run.droppedText;
    if (!run.exit || !holder.reopen || restarts.length >= MAX_RESTARTS) {
      results.push(...run.results);
      queue = queue.slice(batch.length);
      if (run.exit || run.gaveUp) {
        for (const p of queue) results.push({ id: p.id, status: 'no-reply', replies: [], note: 'not sent: the terminal had gone away' });
        const why = restarts.length >= MAX_RESTARTS && run.exit ? `${run.gaveUp} (after ${restarts.length} restarts, no more)` : run.gaveUp;
        return { results, restarts, droppedText, ...(why ? { gaveUp: why } : {}), ...(run.exit ? { exit: run.exit } : {}) };
      }
      alone = false;
      continue;
    }
    const at = run.exit.at;
    results.push(...run.results.slice(0, at));
    const suspect = batch[at];
    await restart(holder);
    if (!suspect) {
      // It died after answering everything it was sent: nobody to blame, go on.
      queue = queue.slice(batch.length);
      alone = false;
      continue;
    }
    const twice = alone;
    restarts.push({ probe: suspect.id, exit: run.exit.reason, outcome: twice ? 'crashes' : 'retried' });
    if (twice) {
      results.push(crashed(suspect, run.exit.reason));
      queue = queue.slice(at + 1);
      alone = false;
    } else {
      queue = queue.slice(at);
      alone = true;
    }
  }
  const first = new Map(restarts.filter((r) => r.outcome === 'retried').map((r) => [r.probe, r.exit]));
  for (const r of results) {
    const why = first.get(r.id);
    if (why && r.status !== 'crashed') r.evidence = { ...r.evidence, crashedOnce: `the terminal died once while this probe was in flight (${why}); run alone in a fresh instance it answered` };
  }
  return { results, restarts, droppedText };
}
