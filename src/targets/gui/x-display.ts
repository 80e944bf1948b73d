/**
 * A private X server (Xvfb) for one GUI run. Xvfb picks a free display number
 * itself and writes it to a pipe once it accepts clients (-displayfd), so two
 * runs never race for a number and nothing polls for a socket.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, unlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
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
    return {
      display: `:${number}`,
      pid: child.pid!,
      stop: async () => {
        await stop();
        await removeDeadSocket(number);
      },
    };
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

/** Where display `n`'s socket is, in the file system (Xvfb listens on the abstract name of the same path too, on Linux). */
export function xSocketPath(n: number): string {
  return `/tmp/.X11-unix/X${n}`;
}

/**
 * An Xvfb ended by SIGKILL (a Ctrl-C gives no grace; a sweep of the session's processes) leaves its socket file, and
 * no lock file here says whose it is. The file is removed only where nothing listens, on it or on the abstract name
 * beside it: a newer server that took the number answers on both, and its socket is left alone.
 */
export async function removeDeadSocket(n: number): Promise<void> {
  const path = xSocketPath(n);
  if (!existsSync(path)) return;
  if ((await xSocketListening(n)) !== 'refused') return;
  try {
    unlinkSync(path);
  } catch {
    // gone meanwhile, or not ours to remove
  }
}

/** Whether a server listens for display `n`, on its abstract name or its socket file: `refused` where neither answers. */
export async function xSocketListening(n: number): Promise<'yes' | 'refused' | 'unknown'> {
  const path = xSocketPath(n);
  const abstract = await listening(`\0${path}`);
  return abstract === 'refused' ? listening(path) : abstract;
}

/** Whether a server listens on a Unix socket: `refused` only where connecting says nobody does. */
function listening(path: string): Promise<'yes' | 'refused' | 'unknown'> {
  return new Promise((resolve) => {
    const socket = createConnection({ path });
    socket.once('connect', () => {
      socket.destroy();
      resolve('yes');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'refused' : 'unknown');
    });
  });
}
