/**
 * Tie a session's close() to the run's AbortSignal (Ctrl-C, a timeout): every
 * target does this, so it is written once. The returned function unties it;
 * close() calls it, so a finished session leaves no listener on the signal.
 */
export function closeOnAbort(signal: AbortSignal | undefined, close: () => unknown): () => void {
  if (!signal) return () => {};
  const onAbort = () => void close();
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/** An in-process session just made: closed at once if the run was already cancelled, else tied to the signal. */
export async function openedUnless<S extends { close(): Promise<void>; watch(signal: AbortSignal | undefined): S }>(
  name: string,
  session: S,
  signal: AbortSignal | undefined,
): Promise<S> {
  if (signal?.aborted) {
    await session.close();
    throw new Error(`${name}: the run was cancelled before the session opened`);
  }
  return session.watch(signal);
}
