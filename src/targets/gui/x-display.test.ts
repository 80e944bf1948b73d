import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { havePrograms } from '../../test-support/require-program.js';
import { isRunning, markedProcesses, spawnGroup, sweepMarked } from '../common/marked-processes.js';
import { createScratch, type Scratch } from '../common/scratch-home.js';
import { startWeston } from './wayland-compositor.js';
import { DisplayStartError, startXvfb, xSocketListening, xSocketPath } from './x-display.js';

const scratches: Scratch[] = [];
function scratch(): Scratch {
  const s = createScratch('termprobe-test-display-');
  scratches.push(s);
  return s;
}
afterEach(async () => {
  for (const s of scratches.splice(0)) {
    await sweepMarked(s.marker);
    s.remove();
  }
});

test('a scratch environment holds nothing of the caller but PATH, and a private runtime dir', () => {
  const s = scratch();
  const env = s.env({ EXTRA: '1', LANG: undefined });
  expect(env['HOME']).toBe(s.home);
  expect(env['XDG_RUNTIME_DIR']).toBe(s.runtime);
  expect(env['EXTRA']).toBe('1');
  expect(env['LANG']).toBeUndefined();
  expect(env['DISPLAY']).toBeUndefined();
  expect(s.env()['LANG']).toBe('C.UTF-8');
});

test('the marker sweep ends a process that left its group', async () => {
  const s = scratch();
  const child = spawnGroup('sh', ['-c', 'setsid sleep 30 & sleep 30'], s.env());
  await new Promise((r) => setTimeout(r, 100));
  expect(markedProcesses(s.marker).length).toBeGreaterThanOrEqual(2);
  await sweepMarked(s.marker);
  expect(markedProcesses(s.marker)).toEqual([]);
  expect(isRunning(child.pid!)).toBe(false);
});

describe.skipIf(!havePrograms([{ program: 'Xvfb', pkg: 'xvfb' }]))('Xvfb', () => {
  test('starts on a free display it picks itself, and stops', async () => {
    const s = scratch();
    const [a, b] = await Promise.all([startXvfb({ env: s.env() }), startXvfb({ env: s.env() })]);
    try {
      expect(a.display).toMatch(/^:\d+$/);
      expect(b.display).not.toBe(a.display);
      expect(existsSync(`/tmp/.X11-unix/X${a.display.slice(1)}`)).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
    expect(isRunning(a.pid)).toBe(false);
    // Gone, unless another test's Xvfb took the freed display at once (the GUI tests start many): then a server
    // answers on it.
    const n = Number(a.display.slice(1));
    if (existsSync(xSocketPath(n))) expect(await xSocketListening(n)).toBe('yes');
  });

  test('one killed outright leaves no socket behind; a socket a server listens on is left alone', async () => {
    const s = scratch();
    const killed = async () => {
      const x = await startXvfb({ env: s.env() });
      const n = Number(x.display.slice(1));
      process.kill(x.pid, 'SIGKILL');
      while (isRunning(x.pid)) await new Promise((r) => setTimeout(r, 10));
      return { x, n };
    };
    const first = await killed();
    // SIGKILL gives Xvfb no chance to remove its socket: stop() does, nothing listening on it.
    expect(existsSync(xSocketPath(first.n))).toBe(true);
    await first.x.stop();
    // Gone, unless another test's Xvfb took the number meanwhile: then that server answers on it.
    if (existsSync(xSocketPath(first.n))) expect(await xSocketListening(first.n)).toBe('yes');

    // A newer server on the same number: its socket stays.
    const second = await killed();
    const path = xSocketPath(second.n);
    rmSync(path, { force: true });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      await second.x.stop();
      expect(existsSync(path)).toBe(true);
      expect(await xSocketListening(second.n)).toBe('yes');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(path, { force: true });
    }
  });

  test('a server that cannot start is a DisplayStartError with what it said', async () => {
    const s = scratch();
    await expect(startXvfb({ env: s.env(), screen: 'not-a-size' })).rejects.toThrow(DisplayStartError);
  });
});

describe.skipIf(!havePrograms([{ program: 'Xvfb', pkg: 'xvfb' }, { program: 'weston', pkg: 'weston' }]))('weston', () => {
  test('serves a socket in the private runtime dir, and stops with its Xvfb', async () => {
    const s = scratch();
    const weston = await startWeston({ env: s.env(), runtimeDir: s.runtime, logFile: join(s.dir, 'weston.log') });
    expect(existsSync(join(s.runtime, weston.socket))).toBe(true);
    await weston.stop();
    expect(markedProcesses(s.marker)).toEqual([]);
  });
});
