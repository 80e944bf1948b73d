/**
 * A target that could not start, or started wrong (e.g. at another size than
 * asked: the message says which size it got). `termprobe run` reports it for
 * that target and carries on with the others.
 */
export class TargetStartError extends Error {
  override name = 'TargetStartError';
}

/**
 * Start a session, racing the run's abort signal; on failure or abort the session
 * is closed (ending whatever it had started) and the error passed on.
 */
export async function startOrClose<S extends { start(): Promise<void>; close(): Promise<void> }>(session: S, signal: AbortSignal | undefined): Promise<S> {
  let onAbort = () => {};
  try {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal?.reason ?? new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    await Promise.race([session.start(), aborted]);
    return session;
  } catch (error) {
    await session.close();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The wrong-size message every target uses. */
export function wrongSizeMessage(target: string, got: { cols: number; rows: number }, wanted: { cols: number; rows: number }, detail = ''): string {
  return `${target} started at the wrong size: ${got.cols}x${got.rows}, not ${wanted.cols}x${wanted.rows}${detail ? ` (${detail})` : ''}`;
}
