/** Helpers every bench module uses: the median of a few runs, and the wall time of the real CLI. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/termprobe.js', import.meta.url));

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Wall time of `termprobe run --target <targets> --out <out> --quiet`, a fresh process as a user runs it. */
export function runWallMs(targets: string, out: string, timeoutMs = 120_000): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'run', '--target', targets, '--out', out, '--quiet'], { encoding: 'utf8', timeout: timeoutMs });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`termprobe run --target ${targets} exited ${r.status ?? r.signal}: ${r.stderr.trim()}`);
  return ms;
}

export interface TimedRun {
  seconds: number;
  /** The last line the run said, when it failed or said anything. */
  failure?: string;
}

/** Wall time of `termprobe run --target <target> --out <out> --quiet [extra…]`, and what went wrong, if anything. */
export function timedRun(target: string, out: string, extra: string[] = [], timeoutMs = 120_000): TimedRun {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'run', '--target', target, '--out', out, '--quiet', ...extra], { encoding: 'utf8', timeout: timeoutMs });
  const seconds = (performance.now() - t0) / 1000;
  const said = `${r.stderr ?? ''}`.trim().split('\n').filter(Boolean).slice(-1)[0];
  if (r.status !== 0) return { seconds, failure: `exit ${r.status ?? r.signal}: ${said ?? 'no message'}` };
  return { seconds, ...(said ? { failure: said } : {}) };
}
