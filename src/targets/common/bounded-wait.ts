/**
 * Wait for a relay to be ready, as every relay does: the promise settles it, an
 * abort of the run ends it at once with the signal's reason, and a last-resort
 * limit ends it with the error `onTimeout` makes (given the limit as "N s").
 */
export function boundedWait<T>(ready: Promise<T>, opts: { timeoutMs?: number; signal?: AbortSignal }, onTimeout: (limit: string) => Error): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => finish(() => reject(opts.signal?.reason ?? new Error('aborted')));
    const timer = setTimeout(() => finish(() => reject(onTimeout(`${Math.round(timeoutMs / 100) / 10} s`))), timeoutMs);
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    ready.then((value) => finish(() => resolve(value)), (error: Error) => finish(() => reject(error)));
  });
}
