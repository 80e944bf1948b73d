/**
 * The CLI interrupted as a user interrupts it: started with a TMPDIR of its own
 * (so what it leaves can be found), SIGINT after a delay, then waited for up to
 * a deadline (a hang, not a slow machine; it is then killed and said to hang).
 * Killed by the signal itself (before node set its handlers up) counts as 130,
 * as a shell reports it.
 */
import { spawn } from 'node:child_process';
import { BIN } from './cli.js';

export interface Interrupted {
  code: number | null | 'hung';
  stderr: string;
  pid: number;
}

export async function interruptCli(args: string[], opts: { cwd: string; tmp: string; delayMs: number; deadlineMs: number }): Promise<Interrupted> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: opts.tmp, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code, signal) => resolve(signal === 'SIGINT' ? 130 : code)));
  await new Promise((r) => setTimeout(r, opts.delayMs));
  child.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([ended, new Promise<'hung'>((r) => (timer = setTimeout(() => r('hung'), opts.deadlineMs)))]);
  clearTimeout(timer);
  if (code === 'hung') child.kill('SIGKILL');
  return { code, stderr, pid: child.pid! };
}
