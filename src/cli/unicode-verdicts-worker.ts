/**
 * The Unicode verdicts of `termprobe site`, judged on a thread of their own: each
 * of the 28 published terminals against the 164,208 items of the width suite took
 * a third of the build's CPU (2.4 s of 7.6), and nothing else the build does needs
 * them until the pages are made. Started first (startUnicodeVerdicts), they run on
 * the second core while the results are read and checked and the model is built.
 * An error in them (a file of a suite this termprobe does not know) comes back as
 * the same kind of error with the same line, so the CLI exits as it did.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { UnicodeVerdict } from '../classify/unicode-verdict.js';
import { BadInputError } from '../util/bad-input-error.js';
import { UsageError } from './errors.js';

type Reply = { verdicts: UnicodeVerdict[] } | { error: { kind: 'usage' | 'bad-input' | 'other'; message: string; stack?: string } };

export interface PendingVerdicts {
  /** The verdicts, or the error judging them raised. */
  result(): Promise<UnicodeVerdict[]>;
  /** Ends the thread if it still runs (the build failed before it needed the verdicts). */
  cancel(): void;
}

function errorOf(e: Extract<Reply, { error: unknown }>['error']): Error {
  if (e.kind === 'usage') return new UsageError(e.message);
  if (e.kind === 'bad-input') return new BadInputError(e.message);
  const err = new Error(e.message);
  if (e.stack) err.stack = e.stack;
  return err;
}

/** Starts judging the Unicode results files on a worker thread (run from the TypeScript sources, in-process: a worker runs compiled JavaScript). */
export function startUnicodeVerdicts(files: string[]): PendingVerdicts {
  if (!import.meta.url.endsWith('.js')) {
    const ended = import('./unicode-compare.js').then(({ loadVerdicts }) => loadVerdicts(files));
    ended.catch(() => undefined);
    return { result: () => ended, cancel: () => undefined };
  }
  const worker = new Worker(new URL(import.meta.url), { workerData: { files } });
  let done = false;
  const result = new Promise<UnicodeVerdict[]>((resolve, reject) => {
    worker.once('message', (r: Reply) => {
      done = true;
      if ('error' in r) reject(errorOf(r.error));
      else resolve(r.verdicts);
    });
    worker.once('error', (e) => {
      done = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`internal error: the Unicode verdicts' thread ended (exit code ${code}) without an answer`));
    });
  });
  const ended = result.then(async (v) => {
    await worker.terminate();
    return v;
  });
  // A build that fails first never awaits it: no unhandled rejection then.
  ended.catch(() => undefined);
  return {
    result: () => ended,
    cancel: () => {
      if (!done) void worker.terminate();
    },
  };
}

if (!isMainThread && parentPort) {
  const { files } = workerData as { files: string[] };
  const { loadVerdicts } = await import('./unicode-compare.js');
  let reply: Reply;
  try {
    reply = { verdicts: loadVerdicts(files) };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply = { error: { kind: e instanceof UsageError ? 'usage' : e instanceof BadInputError ? 'bad-input' : 'other', message: err.message, ...(err.stack ? { stack: err.stack } : {}) } };
  }
  parentPort.postMessage(reply);
}
