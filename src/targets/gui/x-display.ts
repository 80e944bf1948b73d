/**
 * A private X server (Xvfb) for one GUI run. Xvfb picks a free display number
 * itself and writes it to a pipe once it accepts clients (-displayfd), so two
 * runs never race for a number and nothing polls for a socket.
 */
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { exited, spawnGroup, stopGroup } from '../common/marked-processes.js';

export interface XDisplay {
  /** e.g. ":3", for DISPLAY */
  display: string;
  pid: number;
  stop(): Promise<void>;
}

export class DisplayStartError extends Error {
  override name = 'DisplayStartError';
}

export interface XvfbOptions {
  env: NodeJS.ProcessEnv;
  /** WIDTHxHEIGHTxDEPTH; default 1280x1024x24 */
  screen?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const XVFB_SCREEN = '1280x1024x24';

export async function startXvfb(opts: XvfbOptions): Promise<XDisplay> {
  const child = spawnGroup('Xvfb', ['-displayfd', '3', '-screen', '0', opts.screen ?? XVFB_SCREEN, '-nolisten', 'tcp'], opts.env, ['ignore', 'ignore', 'pipe', 'pipe']);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-2000)));
  const stop = () => stopGroup(child, 1000);
  try {
    const number = await readDisplayNumber(child, opts.timeoutMs ?? 10_000, opts.signal, () => stderr);
    return { display: `:${number}`, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readDisplayNumber(child: ChildProcess, timeoutMs: number, signal: AbortSignal | undefined, stderr: () => string): Promise<number> {
  const pipe = child.stdio[3] as Readable | null;
  return new Promise<number>((resolve, reject) => {
    let text = '';
    const tail = () => {
      const last = stderr().trim().split('\n').slice(-3).join(' | ');
      return last ? ` (Xvfb said: ${last})` : '';
    };
    const timer = setTimeout(() => finish(new DisplayStartError(`Xvfb did not become ready within ${timeoutMs / 1000} s${tail()}`)), timeoutMs);
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (result: number | Error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      pipe?.removeAllListeners('data');
      pipe?.destroy();
      if (typeof result === 'number') resolve(result);
      else reject(result);
    };
    if (signal?.aborted) return onAbort();
    pipe?.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      const m = /^(\d+)\n/.exec(text);
      if (m) finish(Number(m[1]));
    });
    child.once('error', (error) => finish(new DisplayStartError(`Xvfb could not be started: ${error.message}`)));
    void exited(child).then(({ code, signal: sig }) => {
      finish(new DisplayStartError(`Xvfb exited before it was ready (${sig ?? `code ${code}`})${tail()}`));
    });
  });
}
