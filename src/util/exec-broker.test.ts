/**
 * Short commands through the exec helper: stdout, stderr and the exit status as execFile gives them, a timeout and a
 * kill end the command, many at once each get their own answer, and once closed the helper is gone (and a command
 * after that starts it again).
 */
import { afterAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { brokeredExecFile, closeExecBroker, execBrokerPid, type ExecError } from './exec-broker.js';
import { processesMatching } from '../test-support/processes.js';

function run(file: string, args: string[], opts: { timeout?: number; env?: NodeJS.ProcessEnv } = {}) {
  let kill = () => {};
  const done = new Promise<{ error: ExecError | null; stdout: string; stderr: string }>((resolve) => {
    kill = brokeredExecFile(file, args, opts, (error, stdout, stderr) => resolve({ error, stdout, stderr })).kill;
  });
  return { done, kill: () => kill() };
}

describe('brokeredExecFile', () => {
  afterAll(async () => {
    await closeExecBroker();
  });

  test("a command's output, its exit status and its environment come back as execFile's", async () => {
    const ok = await run('sh', ['-c', 'printf "%s" "$GREETING"; printf err >&2'], { env: { ...process.env, GREETING: 'h\u00e9llo' } }).done;
    expect(ok.error).toBeNull();
    expect(Buffer.from(ok.stdout, 'latin1').toString('utf8')).toBe('h\u00e9llo');
    expect(ok.stderr).toBe('err');
    const failed = await run('sh', ['-c', 'echo out; exit 3']).done;
    expect(failed.error?.code).toBe(3);
    expect(failed.error?.message).toMatch(/Command failed: sh -c/);
    expect(failed.stdout).toBe('out\n');
    const missing = await run('no-such-program-termprobe', []).done;
    expect(missing.error?.code).toBe('ENOENT');
  });

  test('a timeout and a kill end the command', async () => {
    const slow = await run('sleep', ['30'], { timeout: 100 }).done;
    expect(slow.error?.killed).toBe(true);
    expect(slow.error?.signal).toBe('SIGTERM');
    const killed = run('sleep', ['31']);
    await new Promise((r) => setTimeout(r, 50));
    killed.kill();
    expect((await killed.done).error?.signal).toBe('SIGKILL');
    expect(processesMatching('sleep 31')).toEqual([]);
  });

  test('many at once each get their own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => run('sh', ['-c', `echo ${i}`]).done));
    expect(answers.map((a) => a.stdout.trim())).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
  });

  test('a command still running when the helper is closed ends, and its caller hears so', async () => {
    const running = run('sleep', ['32']);
    await new Promise((r) => setTimeout(r, 50));
    await closeExecBroker();
    const ended = await running.done;
    expect(ended.error?.killed).toBe(true);
    expect(ended.error?.message).toMatch(/exec helper was closed/);
    expect(processesMatching('sleep 32')).toEqual([]);
  });

  test('closed, the helper is gone; a later command starts it again', async () => {
    await run('true', []).done;
    const pid = execBrokerPid()!;
    const alive = (p: number) => existsSync(`/proc/${p}`) && !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${p}/stat`, 'utf8'));
    expect(alive(pid)).toBe(true);
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('exec-broker-child.js');
    await closeExecBroker();
    expect(alive(pid)).toBe(false);
    expect(execBrokerPid()).toBeUndefined();
    expect((await run('echo', ['again']).done).stdout).toBe('again\n');
    expect(execBrokerPid()).not.toBe(pid);
    expect(alive(execBrokerPid()!)).toBe(true);
  });
});
