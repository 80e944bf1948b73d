/**
 * Whether a terminal is back in its event loop, read from /proc for real processes: a node asleep in epoll_wait (its
 * event loop), a `sleep` (asleep elsewhere: a helper waiting in a read counts as that), a node spinning, and python
 * in poll(2) on one pipe (a wait for one reply, like libxcb's) and on two (a loop like glib's).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { havePrograms } from '../../test-support/require-program.js';
import { mainThreadState, untilInEventLoop } from './event-loop-wait.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function start(cmd: string, args: string[]): number {
  const child = spawn(cmd, args, { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

it('waits until the processes sleep, one of them in its event loop, and says so', async () => {
  const looping = start(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  const sleeping = start('sleep', ['60']);
  // Conditions, not time: each reaches its wait when it does; the limits only end a wait that never would.
  expect(await untilInEventLoop([looping], 30_000)).toBe(true);
  expect(mainThreadState(looping)).toBe('loop');
  await expect.poll(() => mainThreadState(sleeping), { timeout: 30_000 }).toBe('asleep');
  // A helper asleep in a read beside the one in its loop (urxvt's, pterm's) keeps no one waiting.
  expect(await untilInEventLoop([looping, sleeping], 30_000)).toBe(true);
  // Asleep, but in no event loop: nothing tells that the requests went out.
  expect(await untilInEventLoop([sleeping], 20)).toBe(false);
});

it('gives up on a process that never sleeps, and on processes gone', async () => {
  const spinning = start(process.execPath, ['-e', 'for (;;) {}']);
  await expect.poll(() => mainThreadState(spinning), { timeout: 30_000 }).toBe('running');
  expect(await untilInEventLoop([spinning], 20)).toBe(false);
  const gone = children.pop()!;
  gone.kill('SIGKILL');
  await new Promise((resolve) => gone.once('exit', resolve));
  // Reaped: /proc has no entry for it.
  expect(mainThreadState(spinning)).toBeUndefined();
  expect(await untilInEventLoop([spinning], 20)).toBe(false);
  expect(await untilInEventLoop([], 20)).toBe(false);
});

/** python3, asleep in poll(2) on `files` pipes with no time limit. */
const POLLER = 'import os, select, sys\np = select.poll()\nfor _ in range(int(sys.argv[1])): p.register(os.pipe()[0], select.POLLIN)\np.poll()';

describe.skipIf(!havePrograms([{ program: 'python3', pkg: 'python3' }]))('poll(2)', () => {
  it('on one file is a wait for a reply, not the event loop; on two it is a loop', async () => {
    const one = start('python3', ['-c', POLLER, '1']);
    const two = start('python3', ['-c', POLLER, '2']);
    await expect.poll(() => mainThreadState(two), { timeout: 30_000 }).toBe('loop');
    await expect.poll(() => readFileSync(`/proc/${one}/wchan`, 'latin1'), { timeout: 30_000 }).toMatch(/poll/);
    expect(mainThreadState(one)).toBe('asleep');
    expect(await untilInEventLoop([one], 20)).toBe(false);
  });
});
