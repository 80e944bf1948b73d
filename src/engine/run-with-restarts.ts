/**
 * A crash is not an answer, and neither is a hang. When the terminal dies
 * mid-run, or stops answering (the run ends on probes given up on by the idle
 * timeout), the probes it had answered keep their answers. A fresh instance is
 * started and the probes that were in flight then run one at a time: the first
 * one it had not answered is the suspect, but a terminal that dies or hangs
 * before its replies are out leaves a later one in flight just as suspect, so
 * each runs alone. A probe that fails alone is run alone once more in another
 * fresh instance: if the terminal dies or stops answering again, the probe is
 * recorded as "crashed" or "hung" (with how the terminal ended, or for how long
 * it said nothing) and skipped; if not, its answer is kept. Past the probes that
 * were in flight the run is pipelined again, so one fatal probe costs one answer,
 * not the rest of the run. At most MAX_RESTARTS fresh instances are started per
 * run, so a terminal that hangs on everything ends in bounded time. Targets that
 * cannot be started again (the user's own terminal) stop at the first crash or
 * hang, as before.
 */
import type { Probe } from '../corpus/probe-schema.js';
import type { ProbeResult, ResultsFile } from '../results/results-schema.js';
import type { TargetSession } from '../targets/target.js';
import { runProbes, type EngineOptions, type EngineRun, type RunTrouble } from './run-probes.js';

export type Restart = NonNullable<ResultsFile['run']['restarts']>[number];

/** Where the session lives: a restart replaces it, and whoever closes the run closes the current one. */
export interface SessionHolder {
  current: TargetSession;
  /** Start a fresh instance of the target (the old one is already closed). */
  reopen?: () => Promise<TargetSession>;
}

/**
 * More fresh instances than this in one run: the terminal is not merely upset by one probe; stop
 * restarting. A fatal probe costs up to three (the pipelined run, then twice alone); Neovim 0.7.2 has
 * two such probes and dies now and then on its own.
 */
export const MAX_RESTARTS = 12;

export interface RestartingRun extends EngineRun {
  restarts: Restart[];
}

/** What went wrong with the suspect in flight: the terminal died, or stopped answering; and whether the suspect was alone. */
interface Trouble extends RunTrouble {
  died: boolean;
  alone: boolean;
}

function troubleOf(run: EngineRun, alone: boolean): Trouble | undefined {
  if (run.exit) return { died: true, alone, ...run.exit };
  if (run.stalled) return { died: false, alone, ...run.stalled };
  return undefined;
}

const verb = (t: Trouble) => (t.died ? 'died' : 'stopped answering');
/** As a restart records it: how the terminal ended, or for how long it said nothing. */
const how = (t: Trouble) => (t.died ? t.reason : `stopped answering: ${t.reason}`);

/** The result of a probe that failed twice: in the run or alone (`first`), then alone in a fresh instance (`second`). */
function failedTwice(probe: Probe, first: Trouble, second: Trouble): ProbeResult {
  const note =
    first.died === second.died
      ? `the terminal ${verb(second)} on this probe twice (${first.alone ? 'each time alone in a fresh instance' : 'in the run, then alone in a fresh instance'}): ${second.reason}`
      : `the terminal ${verb(first)} ${first.alone ? 'on this probe alone in a fresh instance' : 'with this probe in flight'} (${first.reason}), then ${verb(second)} on it alone in another fresh instance: ${second.reason}`;
  return second.died
    ? { id: probe.id, status: 'crashed', replies: [], note, evidence: { exit: second.reason } }
    : { id: probe.id, status: 'hung', replies: [], note, evidence: { stall: second.reason } };
}

async function restart(holder: SessionHolder): Promise<void> {
  await holder.current.close();
  holder.current = await holder.reopen!();
}

export async function runWithRestarts(holder: SessionHolder, probes: Probe[], opts: EngineOptions): Promise<RestartingRun> {
  const results: ProbeResult[] = [];
  const restarts: Restart[] = [];
  /** The first failure of each probe that was in flight when the terminal died or hung. */
  const firstTrouble = new Map<string, Trouble>();
  let queue = probes;
  /** How many probes at the head of the queue run one at a time (those in flight at the last failure). */
  let careful = 0;
  let droppedText = 0;
  while (queue.length > 0) {
    const alone = careful > 0;
    const batch = alone ? queue.slice(0, 1) : queue;
    const run = await runProbes(holder.current, batch, { ...opts, ...(alone ? { window: 1, onProgress: undefined } : {}) });
    droppedText += run.droppedText;
    const trouble = troubleOf(run, alone);
    if (!trouble || !holder.reopen || restarts.length >= MAX_RESTARTS) {
      results.push(...run.results);
      queue = queue.slice(batch.length);
      careful = Math.max(0, careful - batch.length);
      if (!trouble) continue;
      const note = trouble.died ? 'not sent: the terminal had gone away' : 'not sent: the terminal had stopped answering';
      for (const p of queue) results.push({ id: p.id, status: 'no-reply', replies: [], note });
      // A lone probe that timed out at the very end of a run is no reason to say the run gave up.
      const stopped = run.gaveUp ?? (queue.length > 0 ? `the terminal ${verb(trouble)} (${trouble.reason})` : undefined);
      const why = stopped && holder.reopen && restarts.length >= MAX_RESTARTS ? `${stopped} (after ${restarts.length} restarts, no more)` : stopped;
      return { results, restarts, droppedText, ...(why ? { gaveUp: why } : {}), ...(run.exit ? { exit: run.exit } : {}) };
    }
    const at = trouble.at;
    results.push(...run.results.slice(0, at));
    const suspect = batch[at];
    await restart(holder);
    if (!suspect) {
      // It died after answering everything it was sent: nobody to blame, go on.
      queue = queue.slice(batch.length);
      careful = Math.max(0, careful - batch.length);
      continue;
    }
    const first = firstTrouble.get(suspect.id);
    const twice = alone && first !== undefined;
    restarts.push({ probe: suspect.id, exit: how(trouble), outcome: !twice ? 'retried' : trouble.died ? 'crashes' : 'hangs' });
    if (twice) {
      results.push(failedTwice(suspect, first, trouble));
      queue = queue.slice(1);
      careful--;
      continue;
    }
    // Alone, it failed for the first time: run it alone once more. Pipelined: every probe in flight then runs alone.
    firstTrouble.set(suspect.id, trouble);
    queue = queue.slice(at);
    if (!alone) careful = Math.max(1, trouble.to - at);
  }
  for (const r of results) {
    const first = firstTrouble.get(r.id);
    if (!first || r.status === 'crashed' || r.status === 'hung') continue;
    const once = `the terminal ${verb(first)} once while this probe was in flight (${first.reason}); run alone in a fresh instance it answered`;
    r.evidence = { ...r.evidence, [first.died ? 'crashedOnce' : 'stalledOnce']: once };
  }
  return { results, restarts, droppedText };
}
