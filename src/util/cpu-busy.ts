/**
 * How busy the machine's CPUs have been lately: the share of CPU time that was not idle (idle and iowait) in
 * /proc/stat's first line over a recent stretch of time. Read by sampling (sample()); where /proc/stat cannot be read
 * (other systems) nothing is known, and busy() says so with undefined.
 */
import { readFileSync } from 'node:fs';

interface Sample {
  at: number;
  total: number;
  idle: number;
}

/** The aggregate CPU line of /proc/stat as total and idle ticks, or undefined. */
export function readProcStat(text?: string): { total: number; idle: number } | undefined {
  try {
    const line = (text ?? readFileSync('/proc/stat', 'latin1')).split('\n', 1)[0]!;
    const fields = line.trim().split(/\s+/);
    if (fields[0] !== 'cpu' || fields.length < 5) return undefined;
    const ticks = fields.slice(1).map(Number);
    if (ticks.some((n) => !Number.isFinite(n))) return undefined;
    return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3]! + (ticks[4] ?? 0) };
  } catch {
    return undefined;
  }
}

export class CpuBusy {
  private readonly samples: Sample[] = [];

  /** `read`: the ticks now (/proc/stat's; a model's in tests). */
  constructor(private readonly read: () => { total: number; idle: number } | undefined = () => readProcStat()) {}

  /** Take a reading now (kept for as long as the longest stretch asked about needs, a minute at most). */
  sample(now = performance.now()): void {
    const ticks = this.read();
    if (!ticks) return;
    this.samples.push({ at: now, ...ticks });
    while (this.samples.length > 2 && now - this.samples[1]!.at > 60_000) this.samples.shift();
  }

  /**
   * The busy share (0–1) over the last `ms` at least: from the newest reading back to the latest one at least `ms`
   * older. Undefined until readings span that long (or where none can be taken).
   */
  busy(ms: number): number | undefined {
    const newest = this.samples.at(-1);
    if (!newest) return undefined;
    for (let i = this.samples.length - 2; i >= 0; i--) {
      const old = this.samples[i]!;
      if (newest.at - old.at < ms) continue;
      const total = newest.total - old.total;
      return total > 0 ? 1 - (newest.idle - old.idle) / total : undefined;
    }
    return undefined;
  }
}
