/**
 * What a speed run reads of the machine, from /proc (Linux): the load average,
 * the CPU time every core spent busy, the CPU time of given processes and their
 * descendants, and their resident size. A speed run records the machine's load
 * beside its figures: how many cores' worth of CPU went to its own processes
 * (termprobe, the terminal, its display) and how many to everything else, which
 * on a shared machine is the other work that slowed the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { SessionProcess } from '../targets/target.js';

/** Fields after "(comm)" in /proc/PID/stat: state is [0], ppid [1], utime [11], stime [12] (clock ticks). */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function ticksOf(fields: string[]): number {
  return Number(fields[11]) + Number(fields[12]);
}

/** Every process's parent, for finding descendants. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields) out.set(Number(entry), Number(fields[1]));
  }
  return out;
}

/** The pids and every descendant of theirs. */
export function withDescendants(pids: readonly number[]): number[] {
  const all = new Set(pids);
  const tree = parents();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of tree) {
      if (!all.has(pid) && all.has(ppid)) {
        all.add(pid);
        grew = true;
      }
    }
  }
  return [...all];
}

/** CPU ticks of all cores, busy (not idle, not waiting for I/O) and in all, from /proc/stat. */
function cpuTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const n = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - n[3]! - n[4]!, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** The cores this process may run on. */
export function cpuCount(): number {
  return Math.max(1, availableParallelism());
}

/** The load average (1, 5, 15 minutes), to two decimals. */
export function loadAverage(): [number, number, number] {
  const [a = 0, b = 0, c = 0] = loadavg().map((x) => Math.round(x * 100) / 100);
  return [a, b, c];
}

/**
 * CPU time spent by the run's own processes (termprobe and the session's, with their descendants) and by the
 * whole machine, from one sample to the last. Samples are taken now and then (a process that ends between two
 * loses the time since the earlier one).
 */
export class CpuLedger {
  private readonly start = cpuTicks();
  private last = this.start;
  private readonly seen = new Map<number, number>();
  private runTicks = 0;
  private sampled = false;

  constructor(private readonly session: () => SessionProcess[]) {
    this.sample();
  }

  sample(): void {
    const pids = [process.pid, ...withDescendants(this.session().map((p) => p.pid))];
    for (const pid of new Set(pids)) {
      const fields = statFields(pid);
      if (!fields) continue;
      const now = ticksOf(fields);
      const before = this.seen.get(pid);
      if (before !== undefined) this.runTicks += Math.max(0, now - before);
      else if (this.sampled) this.runTicks += now; // started since the first sample: all its time is the run's
      this.seen.set(pid, now);
    }
    this.sampled = true;
    this.last = cpuTicks();
  }

  /** Cores' worth of CPU since the ledger began: this run's, and everything else's. */
  cores(): { run: number; other: number } {
    const total = this.last.total - this.start.total;
    if (total <= 0) return { run: 0, other: 0 };
    const cpus = cpuCount();
    const busy = ((this.last.busy - this.start.busy) / total) * cpus;
    const run = Math.min(busy, (this.runTicks / total) * cpus);
    const round = (x: number) => Math.round(x * 100) / 100;
    return { run: round(run), other: round(Math.max(0, busy - run)) };
  }
}

/** Resident size in KiB of a process (VmRSS), or undefined when it is gone. */
export function residentKib(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
