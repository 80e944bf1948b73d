/**
 * Run work with SIGINT/SIGTERM/SIGHUP turned into an abort: targets clean up,
 * nothing half-written is left, and the CLI exits 128 + signal.
 *
 * Once the work is done, the command writes what it made (a gate's four files,
 * a run's results and pictures). Node takes its handler off the signal with the
 * last listener, and the signal's default action then ends the process at once,
 * between two writes as well: a Ctrl-C that landed there left a gate's output
 * folder with some of its files (gate-interrupt.test.ts, exit 130 with the
 * folder there). So when work ends, a quiet listener takes over before the
 * abort's goes: a signal after the work is taken as too late to stop it, and
 * the command finishes and exits as it would have; a second one ends the process
 * as the signal does (someone who presses Ctrl-C twice wants out now).
 */
import { InterruptedError } from './errors.js';

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** withInterrupts calls under way: their aborts answer signals, the quiet listener stays out. */
let active = 0;
let quietInstalled = false;
let lateSignals = 0;

function quietListener(sig: NodeJS.Signals): void {
  // Someone else listens (the pager ignores Ctrl-C while less runs), or work is under way: not ours to act on.
  if (active > 0 || process.listenerCount(sig) > 1) return;
  if (++lateSignals < 2) return;
  for (const s of SIGNALS) process.removeListener(s, quietListener);
  quietInstalled = false;
  process.kill(process.pid, sig);
}

function installQuiet(): void {
  if (quietInstalled) return;
  quietInstalled = true;
  for (const sig of SIGNALS) process.on(sig, quietListener);
}

export async function withInterrupts<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const handlers = SIGNALS.map((sig) => {
    const handler = () => controller.abort(new InterruptedError(sig));
    process.on(sig, handler);
    return [sig, handler] as const;
  });
  active++;
  try {
    const result = await work(controller.signal);
    if (controller.signal.aborted) throw controller.signal.reason;
    // Before the abort's listeners go: no moment without one, when the signal would end the process mid-write.
    installQuiet();
    return result;
  } catch (e) {
    throw controller.signal.aborted ? controller.signal.reason : e;
  } finally {
    active--;
    for (const [sig, handler] of handlers) process.off(sig, handler);
  }
}
