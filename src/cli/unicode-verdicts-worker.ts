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
import type { MadeFile } from '../report/site/unicode-page.js';
import { BadInputError } from '../util/bad-input-error.js';
import { UsageError } from './errors.js';

type ErrorReply = { error: { kind: 'usage' | 'bad-input' | 'other'; message: string; stack?: string } };
/** First the verdicts (or why there are none), then, when asked, the Unicode files made from them (or undefined when making them failed: the page-making thread makes them again and meets the error itself). */
type Reply = { verdicts: UnicodeVerdict[] } | ErrorReply | { made: MadeFile[] | undefined };

export interface PendingVerdicts {
  /** The verdicts, or the error judging them raised. */
  result(): Promise<UnicodeVerdict[]>;
  /** The files made from them on the same thread after the verdicts (unicode-page.ts unicodeTerminalFiles), when asked for; undefined: none made. */
  made(): Promise<MadeFile[] | undefined>;
  /** Ends the thread if it still runs (the build failed before it needed the verdicts). */
  cancel(): void;
}

function errorOf(e: ErrorReply['error']): Error {
  if (e.kind === 'usage') return new UsageError(e.message);
  if (e.kind === 'bad-input') return new BadInputError(e.message);
  const err = new Error(e.message);
  if (e.stack) err.stack = e.stack;
  return err;
}

/**
 * Starts judging the Unicode results files on a worker thread (run from the TypeScript sources, in-process: a worker
 * runs compiled JavaScript); with `make`, the thread then makes the site's Unicode files too, with that tool version.
 */
export function startUnicodeVerdicts(files: string[], make?: { toolVersion: string }): PendingVerdicts {
  if (!import.meta.url.endsWith('.js')) {
    const ended = import('./unicode-compare.js').then(({ loadVerdicts }) => loadVerdicts(files));
    ended.catch(() => undefined);
    return { result: () => ended, made: async () => undefined, cancel: () => undefined };
  }
  const worker = new Worker(new URL(import.meta.url), { workerData: { files, make } });
  let done = false;
  let madeDone = !make;
  let resolveMade: (m: MadeFile[] | undefined) => void = () => undefined;
  const made = new Promise<MadeFile[] | undefined>((resolve) => (resolveMade = resolve));
  const result = new Promise<UnicodeVerdict[]>((resolve, reject) => {
    worker.on('message', (r: Reply) => {
      if ('made' in r) {
        madeDone = true;
        resolveMade(r.made);
        void worker.terminate();
        return;
      }
      done = true;
      if ('error' in r) reject(errorOf(r.error));
      else resolve(r.verdicts);
      if ('error' in r || madeDone) void worker.terminate();
    });
    worker.once('error', (e) => {
      done = true;
      reject(e);
      resolveMade(undefined);
    });
    worker.once('exit', (code) => {
      resolveMade(undefined);
      if (!done) reject(new Error(`internal error: the Unicode verdicts' thread ended (exit code ${code}) without an answer`));
    });
  });
  // A build that fails first never awaits it: no unhandled rejection then.
  result.catch(() => undefined);
  return {
    result: () => result,
    made: () => made,
    cancel: () => {
      if (!done || !madeDone) void worker.terminate();
    },
  };
}

if (!isMainThread && parentPort) {
  const { files, make } = workerData as { files: string[]; make?: { toolVersion: string } };
  const { loadVerdicts } = await import('./unicode-compare.js');
  let reply: Reply;
  try {
    reply = { verdicts: loadVerdicts(files) };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply = { error: { kind: e instanceof UsageError ? 'usage' : e instanceof BadInputError ? 'bad-input' : 'other', message: err.message, ...(err.stack ? { stack: err.stack } : {}) } };
  }
  parentPort.postMessage(reply);
  if (make && 'verdicts' in reply && reply.verdicts.length > 0) {
    let made: MadeFile[] | undefined;
    try {
      const { makeUnicodeTerminalFiles } = await import('../report/site/unicode-page.js');
      made = makeUnicodeTerminalFiles(make.toolVersion, reply.verdicts);
    } catch {
      made = undefined;
    }
    parentPort.postMessage({ made } satisfies Reply);
  } else if (make) parentPort.postMessage({ made: undefined } satisfies Reply);
}
