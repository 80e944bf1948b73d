/**
 * How long processes stood ready to run with no CPU to run on: the second field
 * of Linux's /proc/PID/schedstat, the time the process's main thread spent
 * waiting on a run queue (in ns; Documentation/scheduler/sched-stats.rst). On a
 * loaded machine a marker's round trip stalls for that long without the
 * terminal keeping anything: with two cores and a load of 23, a `cat` that
 * needed 0.8 ms of CPU waited 85 ms for it. Where /proc has no schedstat (other
 * systems, a process gone) it counts nothing, and waits are as they were.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Each watched process's schedstat, held open and read again from its start (one pread: /proc regenerates the text on
 * every read from offset 0), not opened, read and closed each time: every marker's wait begins and ends with a reading
 * of all the terminal's processes, and opening them took 4 s of termprobe's main thread in a full run (`--cpu-prof`).
 * A file whose process has ended fails to read (ESRCH: it does not follow a new process given the same PID) and is
 * closed; past MAX_OPEN the oldest are closed (processes nobody asks about again).
 */
const open = new Map<number | 'self', number>();
const MAX_OPEN = 256;
const text = Buffer.alloc(128);

/** How many schedstat files are held open now (tests). */
export const openSchedstats = () => open.size;

/** The run-queue wait of one process's main thread so far (ms), or undefined when it cannot be read. */
export function queuedMs(pid: number | 'self'): number | undefined {
  let fd = open.get(pid);
  try {
    if (fd === undefined) {
      fd = openSync(`/proc/${pid}/schedstat`, 'r');
      if (open.size >= MAX_OPEN) {
        for (const [oldest, ofd] of [...open].slice(0, MAX_OPEN / 2)) {
          open.delete(oldest);
          closeSync(ofd);
        }
      }
      open.set(pid, fd);
    }
    const n = readSync(fd, text, 0, text.length, 0);
    const ns = Number(text.toString('latin1', 0, n).trim().split(/\s+/)[1]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    if (fd !== undefined) {
      open.delete(pid);
      try {
        closeSync(fd);
      } catch {
        // closed already
      }
    }
    return undefined;
  }
}

/** A reading of every watched process's run-queue wait, to compare a later one with. */
type CpuWaitReading = ReadonlyMap<number | 'self', number>;

/** Reads one process's run-queue wait so far (ms); undefined when it cannot. */
export type QueuedMsReader = (pid: number | 'self') => number | undefined;

class CpuWait {
  /**
   * @param pids the processes an answer passes through besides termprobe itself (asked at every reading)
   * @param queued how a process's wait is read (/proc/PID/schedstat; a model's in tests)
   */
  constructor(
    private readonly pids: () => readonly number[] = () => [],
    private readonly queued: QueuedMsReader = queuedMs,
  ) {}

  read(): CpuWaitReading {
    const reading = new Map<number | 'self', number>();
    for (const pid of ['self' as const, ...this.pids()]) {
      const ms = this.queued(pid);
      if (ms !== undefined) reading.set(pid, ms);
    }
    return reading;
  }

  /**
   * The time (ms) the watched processes together stood ready to run without a CPU since `before`: each one's wait
   * summed, as an answer passes through them one after another (the display, the terminal, the relay, termprobe).
   * A process that was not in `before` (started since) counts nothing.
   */
  since(before: CpuWaitReading): number {
    let total = 0;
    for (const [pid, ms] of this.read()) total += Math.max(0, ms - (before.get(pid) ?? ms));
    return total;
  }
}

/**
 * The time lost so far (ms): how long the watched processes have together stood ready to run with no CPU since this
 * was made; 0 where it cannot be read. A wait on something a terminal does by its own clock (a blink, a redraw) is
 * that much longer on a loaded machine.
 */
export function lostTime(pids: () => readonly number[], queued?: QueuedMsReader): () => number {
  const wait = new CpuWait(pids, queued);
  const start = wait.read();
  return () => wait.since(start);
}

/**
 * Whether `elapsedMs` is past `limitMs` with the time lost (a lostTime clock) left out. `lost` is read only once the
 * plain limit has passed: it reads /proc, and a wait asks this every few milliseconds.
 */
export function pastLimit(elapsedMs: number, limitMs: number, lost?: () => number): boolean {
  return elapsedMs > limitMs && elapsedMs - (lost?.() ?? 0) > limitMs;
}
