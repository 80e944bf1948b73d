import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { havePrograms } from '../../test-support/require-program.js';
import { isRunning, markedProcesses, spawnGroup, sweepMarked } from '../common/marked-processes.js';
import { createScratch, type Scratch } from '../common/scratch-home.js';
import { startWeston } from './wayland-compositor.js';
import { DisplayStartError, startXvfb } from './x-display.js';

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
    // Gone, unless another test's Xvfb took the freed display at once (the GUI tests start many): then its lock,
    // written before its socket, names that server, not this one.
    const n = a.display.slice(1);
    if (existsSync(`/tmp/.X11-unix/X${n}`)) expect(Number(readFileSync(`/tmp/.X${n}-lock`, 'utf8').trim())).not.toBe(a.pid);
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
