/**
 * Short commands (screen -X / -Q, xdotool) started by a small helper process instead of termprobe's own.
 *
 * Node starts a child by fork() and exec() on its main thread, and fork() copies the parent's page tables: at the
 * size a run of every target reaches (hundreds of MB of window pictures and results), each start blocked the main
 * thread 5 ms and more (100 starts: 89 ms of CPU at 53 MB, 546 ms at 369 MB, measured), and a run starts about a
 * thousand (GNU screen's hardcopy and info at every read, foot's key for its text): 11 s of the main thread in a run
 * of every target, every other target's reads waiting meanwhile. The helper is small, so its starts are cheap and
 * block nothing of termprobe's. It starts at the first command and ends with termprobe (its IPC channel closes);
 * where it cannot be started, commands are started as before.
 *
 * The callback is execFile's: an error with the exit code (or `signal`) and execFile's message, then stdout and
 * stderr (latin1).
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The helper's script, as built (the tests run the sources, after the build). */
const HELPER = fileURLToPath(new URL('../../dist/util/exec-broker-child.js', import.meta.url));

export type BrokerRequest = { id: number; file: string; args: string[]; env?: NodeJS.ProcessEnv; timeout?: number } | { kill: number };
export interface BrokerReply {
  id: number;
  stdout: string;
  stderr: string;
  error?: { message: string; code: number | string | null; signal: string | null; killed: boolean };
}

export interface ExecError extends Error {
  code?: number | string | null;
  signal?: string | null;
  killed?: boolean;
}

type Callback = (error: ExecError | null, stdout: string, stderr: string) => void;

let helper: ChildProcess | undefined;
let helperFailed = false;
let nextId = 0;
const pending = new Map<number, { request: Extract<BrokerRequest, { id: number }>; done: Callback; direct?: { kill(): void } }>();

function startHelper(): ChildProcess | undefined {
  if (helper || helperFailed) return helper;
  if (!existsSync(HELPER)) {
    helperFailed = true;
    return undefined;
  }
  try {
    // Its own environment is only what node needs to run it: every command gets its caller's (see below), and the
    // helper carries no run's TMPDIR or session marker (it outlives a test's sessions: one per test process).
    const child = fork(HELPER, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [], env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' } });
    child.on('message', (reply: BrokerReply) => {
      const entry = pending.get(reply.id);
      if (!entry) return;
      pending.delete(reply.id);
      if (pending.size === 0) idle(child);
      const error = reply.error ? Object.assign(new Error(reply.error.message) as ExecError, { code: reply.error.code, signal: reply.error.signal, killed: reply.error.killed }) : null;
      entry.done(error, reply.stdout, reply.stderr);
    });
    const lost = () => {
      if (helper !== child) return;
      helper = undefined;
      helperFailed = true;
      // Commands it had not answered are started here, as without it.
      for (const entry of pending.values()) entry.direct = direct(entry.request, (error, stdout, stderr) => (pending.delete(entry.request.id), entry.done(error, stdout, stderr)));
    };
    child.on('exit', lost);
    child.on('error', lost);
    helper = child;
    idle(child);
    return child;
  } catch {
    helperFailed = true;
    return undefined;
  }
}

/** Nothing waits on the helper: it keeps termprobe's process up no more than an idle socket would. */
function idle(child: ChildProcess): void {
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
}

function busy(child: ChildProcess): void {
  child.ref();
  (child.channel as { ref?: () => void } | undefined)?.ref?.();
}

function direct(request: Extract<BrokerRequest, { id: number }>, callback: Callback): { kill(): void } {
  const child = execFile(request.file, request.args, { env: request.env, timeout: request.timeout, encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => callback(error as ExecError | null, String(stdout), String(stderr)));
  return { kill: () => void child.kill('SIGKILL') };
}

/** execFile through the helper; `kill()` ends the command (SIGKILL). */
export function brokeredExecFile(file: string, args: readonly string[], opts: { env?: NodeJS.ProcessEnv; timeout?: number }, callback: Callback): { kill(): void } {
  const request = { id: ++nextId, file, args: [...args], env: opts.env ?? { ...process.env }, ...(opts.timeout ? { timeout: opts.timeout } : {}) };
  const child = startHelper();
  if (!child) return direct(request, callback);
  const entry: { request: typeof request; done: Callback; direct?: { kill(): void } } = { request, done: callback };
  pending.set(request.id, entry);
  busy(child);
  child.send(request);
  return {
    kill: () => {
      if (!pending.has(request.id)) return;
      if (entry.direct) entry.direct.kill();
      else if (helper === child) child.send({ kill: request.id } satisfies BrokerRequest);
    },
  };
}

/**
 * End the helper and wait until it has gone (the CLI, once its command is done): nothing of a run outlives it. A
 * command it was still running is killed with it, and its caller told so (an error, as a killed command's).
 */
export async function closeExecBroker(): Promise<void> {
  const child = helper;
  if (!child) return;
  helper = undefined;
  helperFailed = false;
  for (const [id, entry] of [...pending]) {
    if (entry.direct) continue;
    pending.delete(id);
    entry.done(Object.assign(new Error(`${entry.request.file}: killed, the exec helper was closed`) as ExecError, { code: null, signal: 'SIGKILL', killed: true }), '', '');
  }
  const gone = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  busy(child);
  if (child.connected) child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  await gone;
  clearTimeout(timer);
}

// A process that exits without closeExecBroker (process.exit on an interrupt) takes its helper down with it.
process.on('exit', () => helper?.kill('SIGKILL'));

/** The helper's process id while it runs (tests). */
export function execBrokerPid(): number | undefined {
  return helper?.pid;
}
