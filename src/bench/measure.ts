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
