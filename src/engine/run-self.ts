/**
 * Running the corpus in the user's own terminal: the same engine, tuned for a
 * terminal nobody may disturb — its real size (it is never resized), the
 * 'alternate' prelude (the main screen is never written), unsafe probes
 * skipped with the reason, a short idle timeout once the terminal has proved
 * silent, and the session closed (terminal restored) whatever happens.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { FIRST_REPLY_MS, openSelfSession, startSelfSession, type SelfSession } from '../targets/own-terminal/self.js';
import { touchedModes } from '../targets/own-terminal/self-modes.js';
import { unsafeForSelf } from '../targets/own-terminal/self-safety.js';
import { outsideChangesOf, touchedOutside } from '../targets/own-terminal/self-outside.js';
import { unreportedChange } from '../targets/own-terminal/self-outside-state.js';
import { unreportedLine, type UnreportedSkip } from '../targets/own-terminal/self-unreported.js';
import { lacksAlternateScreen } from '../targets/own-terminal/self-state.js';
import { SELF_STEPS } from './self-steps.js';
import { probeSession, type RunTargetOptions, type TargetRun } from './run-target.js';

/** With probes in flight, how long a responsive terminal may stay quiet before the oldest counts as no-reply. */
const SELF_IDLE_MS = FIRST_REPLY_MS;
/** The terminal answered nothing to the first queries: spend no more time waiting. */
const SILENT_IDLE_MS = 100;

export const NO_CPR_MESSAGE = `your terminal did not answer CSI 6n (the cursor position report) within ${FIRST_REPLY_MS / 1000} s, so no probe could be answered`;

/** `begun`: a session whose first queries went out earlier (beginSelfSession), so loading the corpus overlapped the terminal's answer. */
export async function runSelf(corpus: Corpus, probes: Probe[], opts: RunTargetOptions = {}, begun?: SelfSession): Promise<TargetRun> {
  // CPU work first: with a begun session the terminal is answering meanwhile.
  const unsafe = new Map(probes.map((p) => [p, unsafeForSelf(p)]));
  const how = { steps: SELF_STEPS, signal: opts.signal, touched: touchedModes(probes), outside: touchedOutside(probes.filter((p) => !unsafe.get(p))) };
  const session = begun ? await startSelfSession(begun, how) : await openSelfSession(how);
  try {
    const { cols, rows } = session.size;
    const refusal = lacksAlternateScreen(session.prior)
      ? 'skipped: your terminal reports no alternate screen (DECRQM ?1049), and termprobe does not write probes on your main screen'
      : undefined;
    // A probe that changes what the terminal did not report (a colour, a title) could not be put back: skipped, and counted for the report.
    const unreported: UnreportedSkip[] = [];
    const notPutBack = (p: Probe): string | undefined => {
      const found = unreportedChange(outsideChangesOf(p), session.outside);
      if (!found) return undefined;
      unreported.push(found);
      return `skipped in your own terminal: ${found.reason}`;
    };
    const run = await probeSession('self', session, corpus, probes, {
      ...opts,
      cols,
      rows,
      prelude: 'alternate',
      idleTimeoutMs: session.prior.answered ? (opts.idleTimeoutMs ?? SELF_IDLE_MS) : SILENT_IDLE_MS,
      skip: (p) => refusal ?? unsafe.get(p) ?? opts.skip?.(p) ?? notPutBack(p),
    });
    const anyCursor = run.results.probes.some((p) => p.cursor !== undefined);
    if (!session.prior.cursor && !anyCursor && !refusal) run.gaveUp = NO_CPR_MESSAGE;
    const line = unreportedLine(unreported, session.outside);
    return { ...run, summary: session.summary, notes: line ? [...session.notes, line] : session.notes };
  } finally {
    await session.close();
  }
}
