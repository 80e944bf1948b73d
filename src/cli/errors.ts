/**
 * The CLI's one error boundary: error classes map to exit codes and one-line
 * messages (invisible characters escaped). User mistakes and bad input get no
 * stack trace.
 */
import { BadInputError } from '../util/bad-input-error.js';
import { printable } from '../util/printable.js';

/** A mistake in the command line or its arguments. */
export class UsageError extends BadInputError {
  override name = 'UsageError';
}

/** The run was interrupted by a signal; exit with 128 + signal number. */
export class InterruptedError extends Error {
  override name = 'InterruptedError';
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
  }
}

const SIGNAL_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

export const EXIT = { ok: 0, differences: 1, badInput: 2, failure: 3 } as const;

export function exitCodeFor(err: unknown): number {
  if (err instanceof InterruptedError) return 128 + (SIGNAL_CODES[err.signal] ?? 0);
  if (err instanceof BadInputError) return EXIT.badInput;
  return EXIT.failure;
}

export function messageFor(err: unknown): string {
  if (err instanceof Error) {
    const known = exitCodeFor(err) !== EXIT.failure || err instanceof InterruptedError;
    if (known || process.env.TERMPROBE_DEBUG === undefined) return `termprobe: ${printable(err.message.split('\n')[0]!)}`;
    return `termprobe: ${err.stack ?? err.message}`;
  }
  return `termprobe: ${printable(String(err).split('\n')[0]!)}`;
}
