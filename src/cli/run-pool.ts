/**
 * Work over items, in their order, with at most `limit` at once; no new one starts once the signal aborts. The first
 * failure rejects at once (the work already started goes on), as Promise.all does.
 *
 * With `spare`, more may run while the machine has CPU to spare: probe runs mostly wait (a blink watched for a
 * second, a terminal's answer paced by its redraws), and in a run of every target six at a time the CPUs stood 15–30 %
 * busy for half a minute at a stretch while the cheapest targets waited for a place, and then the hungriest of them
 * (Chromium's, emacs, zutty's software GL) ran together at the end with the CPUs full. One more starts when the
 * machine has been less than `spare.idleBelow` busy over the last `spare.overMs` (from readings every `everyMs`, so
 * the stretch judged may begin up to that much earlier) and the last start is at least `spare.overMs` ago (so a
 * start-up's own burst is judged), up to `spare.max` at once. Once only `spare.lastFew.left` are left to start, a
 * busier machine still takes one more (`spare.lastFew.busyBelow`): the items come longest first, so the last are the
 * short ones, and held back until the CPUs fell idle they started together at the end and the run waited on them.
 */
import { CpuBusy } from '../util/cpu-busy.js';

export interface SpareCpu {
  /** At most this many at once (more than `limit`). */
  max: number;
  /** The busy share (0–1) under which one more may start. */
  idleBelow: number;
  /** With at most `left` items still to start, one more may start while the machine is less than `busyBelow` busy. */
  lastFew?: { left: number; busyBelow: number };
  /** Over how long the machine is judged, and how long after a start before the next extra one. */
  overMs: number;
  /** How busy the machine is (default: /proc/stat's; a model's in tests). */
  cpu?: Pick<CpuBusy, 'sample' | 'busy'>;
  /** How often the machine is looked at while every place is taken (default 500 ms). */
  everyMs?: number;
  /** Told each time one starts beyond `limit`, with how many are running then and how busy the machine was. */
  onExtra?: (running: number, busy: number) => void;
}

export async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal, spare?: SpareCpu): Promise<void> {
  const cap = Math.max(1, limit);
  if (items.length === 0) return;
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let running = 0;
    let failed = false;
    let lastStart = performance.now();
    const cpu = spare ? (spare.cpu ?? new CpuBusy()) : undefined;
    cpu?.sample();
    const timer = spare ? setInterval(() => tick(), spare.everyMs ?? 500) : undefined;
    timer?.unref?.();
    const finish = () => {
      if (timer) clearInterval(timer);
    };
    const start = () => {
      const item = items[next++]!;
      running++;
      lastStart = performance.now();
      work(item).then(
        () => {
          running--;
          fill();
        },
        (error: unknown) => {
          running--;
          if (!failed) {
            failed = true;
            finish();
            reject(error);
          }
        },
      );
    };
    const stopped = () => failed || signal?.aborted === true;
    const fill = () => {
      while (!stopped() && next < items.length && running < cap) start();
      if (!failed && running === 0 && (next >= items.length || signal?.aborted)) {
        finish();
        resolve();
      }
    };
    const tick = () => {
      if (!spare || !cpu || stopped() || next >= items.length) return;
      cpu.sample();
      if (running < cap || running >= spare.max) return;
      if (performance.now() - lastStart < spare.overMs) return;
      const busy = cpu.busy(spare.overMs);
      const below = spare.lastFew && items.length - next <= spare.lastFew.left ? Math.max(spare.idleBelow, spare.lastFew.busyBelow) : spare.idleBelow;
      if (busy === undefined || busy >= below) return;
      spare.onExtra?.(running + 1, busy);
      start();
    };
    fill();
  });
}
