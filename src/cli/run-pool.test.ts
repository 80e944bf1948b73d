/**
 * The pool over a model machine: at most `limit` at once, in order; with spare CPU, one more at a time while the
 * machine is judged idle, never beyond `max`, never while it is busy, and for the last few while it is less busy than
 * `lastFew` says; a failure rejects and starts nothing more.
 */
import { describe, expect, test } from 'vitest';
import { CpuBusy, readProcStat } from '../util/cpu-busy.js';
import { runPool } from './run-pool.js';

/** Work items that each wait until released, recording how many ran at once. */
function gatedWork() {
  const gates = new Map<number, () => void>();
  const started: number[] = [];
  let running = 0;
  let most = 0;
  const work = (item: number) =>
    new Promise<void>((resolve) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      gates.set(item, () => {
        running--;
        resolve();
      });
    });
  const release = (item: number) => gates.get(item)?.();
  const waitFor = async (cond: () => boolean) => {
    while (!cond()) await new Promise((r) => setTimeout(r, 1));
  };
  return { work, release, started, waitFor, most: () => most, running: () => running };
}

/** A machine whose busy share is what the test sets, read as /proc/stat ticks advancing 100 a sample. */
function modelCpu() {
  let busyShare = 0;
  let total = 0;
  let idle = 0;
  let samples = 0;
  const cpu = new CpuBusy(() => {
    samples++;
    total += 100;
    idle += Math.round(100 * (1 - busyShare));
    return { total, idle };
  });
  return { cpu, set: (share: number) => void (busyShare = share), samples: () => samples };
}

describe('runPool', () => {
  test('at most `limit` at once, started in order, the next as one ends', async () => {
    const w = gatedWork();
    const done = runPool([1, 2, 3, 4, 5], 2, w.work);
    await w.waitFor(() => w.started.length === 2);
    expect(w.started).toEqual([1, 2]);
    w.release(2);
    await w.waitFor(() => w.started.length === 3);
    expect(w.started).toEqual([1, 2, 3]);
    for (const i of [1, 3, 4, 5]) {
      await w.waitFor(() => w.started.includes(i));
      w.release(i);
    }
    await done;
    expect(w.most()).toBe(2);
  });

  test('with spare CPU, one more at a time while the machine is idle, up to max; none while it is busy', async () => {
    const w = gatedWork();
    const machine = modelCpu();
    machine.set(0.9);
    const extras: number[] = [];
    const done = runPool([1, 2, 3, 4, 5, 6], 2, w.work, undefined, { max: 4, idleBelow: 0.5, overMs: 20, everyMs: 5, cpu: machine.cpu, onExtra: (n) => extras.push(n) });
    await w.waitFor(() => w.started.length === 2);
    // Busy: many looks at the machine, no third.
    await new Promise((r) => setTimeout(r, 100));
    expect(w.started).toEqual([1, 2]);
    // Idle: a third, then a fourth, and no fifth (max 4) however long it stays idle.
    machine.set(0.1);
    await w.waitFor(() => w.started.length === 4);
    await new Promise((r) => setTimeout(r, 100));
    expect(w.started).toEqual([1, 2, 3, 4]);
    expect(extras).toEqual([3, 4]);
    // Busy again (once the pool's readings over its 20 ms say so): one ending leaves three, above the limit of two,
    // so none takes its place.
    machine.set(0.9);
    await w.waitFor(() => (machine.cpu.busy(20) ?? 0) > 0.85);
    w.release(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(w.started).toEqual([1, 2, 3, 4]);
    // Two more end: one at the limit again, the next starts.
    w.release(2);
    w.release(3);
    await w.waitFor(() => w.started.length === 5);
    for (const i of [4, 5, 6]) {
      await w.waitFor(() => w.started.includes(i));
      w.release(i);
    }
    await done;
    expect(w.most()).toBe(4);
  });

  test('the last few to start start beside others on a busier machine, the earlier ones do not', async () => {
    const w = gatedWork();
    const machine = modelCpu();
    machine.set(0.7);
    const done = runPool([1, 2, 3, 4, 5, 6, 7], 2, w.work, undefined, { max: 4, idleBelow: 0.5, lastFew: { left: 3, busyBelow: 0.9 }, overMs: 20, everyMs: 5, cpu: machine.cpu });
    await w.waitFor(() => w.started.length === 2);
    // Five left to start, more than three: 70 % busy is too busy for a third, however many times the pool looks.
    const looked = machine.samples();
    await w.waitFor(() => machine.samples() > looked + 20);
    expect(w.started).toEqual([1, 2]);
    // Two end: their places go to 3 and 4, leaving three to start; at 70 % (under 90 %) two more start beside them, up to max.
    w.release(1);
    w.release(2);
    await w.waitFor(() => w.started.length === 6);
    expect(w.running()).toBe(4);
    // 95 %: too busy even for the last one.
    machine.set(0.95);
    await w.waitFor(() => (machine.cpu.busy(20) ?? 0) > 0.9);
    w.release(3);
    const busyLooks = machine.samples();
    await w.waitFor(() => machine.samples() > busyLooks + 20);
    expect(w.started).toEqual([1, 2, 3, 4, 5, 6]);
    for (const i of [4, 5]) w.release(i);
    await w.waitFor(() => w.started.length === 7);
    for (const i of [6, 7]) w.release(i);
    await done;
    expect(w.most()).toBe(4);
  });

  test('a failure rejects at once and starts nothing more', async () => {
    const started: number[] = [];
    const run = runPool([1, 2, 3, 4], 2, async (i) => {
      started.push(i);
      if (i === 1) throw new Error('one failed');
      await new Promise((r) => setTimeout(r, 50));
    });
    await expect(run).rejects.toThrow('one failed');
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toEqual([1, 2]);
  });

  test('an aborted run starts nothing more and resolves once the work under way ends', async () => {
    const w = gatedWork();
    const controller = new AbortController();
    const done = runPool([1, 2, 3], 1, w.work, controller.signal);
    await w.waitFor(() => w.started.length === 1);
    controller.abort();
    w.release(1);
    await done;
    expect(w.started).toEqual([1]);
  });
});

describe('CpuBusy', () => {
  test('the busy share over a stretch, from /proc/stat ticks', () => {
    const ticks = [
      { total: 0, idle: 0 },
      { total: 100, idle: 80 },
      { total: 200, idle: 100 },
    ];
    let i = 0;
    const cpu = new CpuBusy(() => ticks[i++]);
    cpu.sample(0);
    expect(cpu.busy(1000)).toBeUndefined();
    cpu.sample(1000);
    expect(cpu.busy(1000)).toBeCloseTo(0.2);
    cpu.sample(2000);
    // The last second: 100 ticks, 20 idle; the last two: 200 ticks, 100 idle.
    expect(cpu.busy(1000)).toBeCloseTo(0.8);
    expect(cpu.busy(2000)).toBeCloseTo(0.5);
    expect(cpu.busy(3000)).toBeUndefined();
  });

  test("/proc/stat's first line: idle and iowait are idle; anything else is no reading", () => {
    expect(readProcStat('cpu  10 0 5 80 5 0 0 0 0 0\ncpu0 1 2 3 4 5\n')).toEqual({ total: 100, idle: 85 });
    expect(readProcStat('intr 1 2 3\n')).toBeUndefined();
    expect(readProcStat('cpu  a b c d\n')).toBeUndefined();
  });
});
