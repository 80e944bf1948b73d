/**
 * A target that could not start, or started wrong (e.g. at another size than
 * asked: the message says which size it got). `termprobe run` reports it for
 * that target and carries on with the others.
 */
export class TargetStartError extends Error {
  override name = 'TargetStartError';
}

/** A promise that rejects when the signal aborts (and never settles without one): race it against a start-up. */
export function abortOf(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason ?? new Error('aborted')), { once: true }));
}

/** The wrong-size message every target uses. */
export function wrongSizeMessage(target: string, got: { cols: number; rows: number }, wanted: { cols: number; rows: number }, detail = ''): string {
  return `${target} started at the wrong size: ${got.cols}x${got.rows}, not ${wanted.cols}x${wanted.rows}${detail ? ` (${detail})` : ''}`;
}
