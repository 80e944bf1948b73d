/** Helpers every bench module uses: the median of a few runs, and the wall time of the real CLI. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Wall and CPU time (user + system, from GNU time when /usr/bin/time is there) of one CLI process, in ms. */
export function timedCli(args: string[], opts: { timeoutMs?: number } = {}): { wallMs: number; cpuMs?: number } {
  const time = existsSync('/usr/bin/time');
  const t0 = performance.now();
  const r = time
    ? spawnSync('/usr/bin/time', ['-f', 'TERMPROBE-CPU %U %S', process.execPath, BIN, ...args], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: opts.timeoutMs ?? 120_000 })
    : spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: opts.timeoutMs ?? 120_000 });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`termprobe ${args[0]} exited ${r.status ?? r.signal}: ${`${r.stderr}`.trim().split('\n').slice(-1)[0]}`);
  const m = /TERMPROBE-CPU ([\d.]+) ([\d.]+)/.exec(`${r.stderr}`);
  return { wallMs, ...(m ? { cpuMs: (Number(m[1]) + Number(m[2])) * 1000 } : {}) };
}
