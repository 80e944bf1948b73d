/**
 * The run-queue wait read from /proc/PID/schedstat through a file held open: read again without opening it anew, it
 * never shrinks, and it reads nothing for a process that has ended (its file let go).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openSchedstats, pastLimit, queuedMs } from './cpu-wait.js';

const hasSchedstat = queuedMs('self') !== undefined;

describe.skipIf(!hasSchedstat && process.env['CI'] !== 'true')('queuedMs', () => {
  it('reads the same process again through its open file, the wait never shrinking, and lets an ended one go', async () => {
    const child = spawn(process.execPath, ['-e', 'const t = Date.now() + 400; while (Date.now() < t);'], { stdio: 'ignore' });
    const pid = child.pid!;
    const first = queuedMs(pid);
    expect(first).toBeTypeOf('number');
    const held = openSchedstats();
    const readings: number[] = [];
    const ended = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let gone = false;
    void ended.then(() => (gone = true));
    while (!gone) {
      const ms = queuedMs(pid);
      if (ms !== undefined) readings.push(ms);
      await new Promise((r) => setImmediate(r));
    }
    await ended;
    // No file more than the first reading opened: every later one was a read again.
    expect(openSchedstats()).toBe(held);
    expect(readings.length).toBeGreaterThan(1);
    for (let i = 1; i < readings.length; i++) expect(readings[i]!).toBeGreaterThanOrEqual(readings[i - 1]!);
    // Reaped: its file reads nothing now, and is closed.
    await new Promise((r) => setTimeout(r, 0));
    expect(queuedMs(pid)).toBeUndefined();
    expect(openSchedstats()).toBe(held - 1);
  });
});

describe('pastLimit', () => {
  it('is past the limit only with the time lost left out, and reads the lost time only once the plain limit is past', () => {
    let reads = 0;
    const lost = (ms: number) => () => (reads++, ms);
    expect(pastLimit(150, 200, lost(0))).toBe(false);
    expect(reads).toBe(0);
    expect(pastLimit(250, 200, lost(0))).toBe(true);
    expect(pastLimit(250, 200, lost(80))).toBe(false);
    expect(pastLimit(300, 200, lost(80))).toBe(true);
    expect(pastLimit(250, 200)).toBe(true);
    expect(reads).toBe(3);
  });
});
