/**
 * Run work with SIGINT/SIGTERM/SIGHUP turned into an abort: targets clean up,
 * nothing half-written is left, and the CLI exits 128 + signal.
 */
import { InterruptedError } from './errors.js';

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export async function withInterrupts<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const handlers = SIGNALS.map((sig) => {
    const handler = () => controller.abort(new InterruptedError(sig));
    process.on(sig, handler);
    return [sig, handler] as const;
  });
  try {
    const result = await work(controller.signal);
    if (controller.signal.aborted) throw controller.signal.reason;
    return result;
  } catch (e) {
    throw controller.signal.aborted ? controller.signal.reason : e;
  } finally {
    for (const [sig, handler] of handlers) process.off(sig, handler);
  }
}
