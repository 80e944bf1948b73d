/**
 * `termprobe run --target all`: the wall time of the whole command (every
 * available target, as many at a time as by default), and each target's own time as its progress
 * line reports it (start-up to shutdown, while another target runs beside it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure, BenchModule } from './bench-types.js';

const BIN = fileURLToPath(new URL('../../bin/termprobe.js', import.meta.url));

/** `kitty: done in 4.14 s (…)` / `zutty: failed after 5.22 s: …` → figures. */
export function targetFigures(progress: string): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const line of progress.split('\n')) {
    const m = /^(\S+): (done in|failed after) ([\d.]+) s(?::? ?(.*))?$/.exec(line);
    if (!m) continue;
    const failed = m[2] === 'failed after';
    figures.push({ name: `  ${m[1]}${failed ? ' (FAILED)' : ''}`, value: Number(m[3]), unit: 's', ...(failed ? { note: m[4] } : {}) });
  }
  return figures;
}

export const allTargetsBench: BenchModule = {
  title: '`termprobe run --target all` (every available target, as many at a time as by default)',
  async run() {
    const out = mkdtempSync(join(tmpdir(), 'termprobe-bench-all-'));
    try {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [BIN, 'run', '--target', 'all', '--out', out], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
      const wall = (performance.now() - t0) / 1000;
      const per = targetFigures(r.stderr);
      const failed = per.filter((f) => f.name.includes('FAILED')).length;
      return [
        { name: '`termprobe run --target all` wall time', value: wall, unit: 's', target: { op: '<', value: 120 }, note: `${per.length} targets${r.status !== 0 ? `; exit ${r.status}, ${failed} failed` : ''}` },
        ...per,
      ];
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
