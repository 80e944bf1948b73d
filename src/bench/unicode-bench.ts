/**
 * The Unicode width suite, whole `termprobe run --suite unicode --target X`
 * processes (start-up, identification, both 2027 passes, the file written,
 * shut-down): items, seconds and measurements per second, and termprobe's peak
 * resident memory (VmHWM of the process, read from /proc while it runs; the
 * terminal's own processes are not counted). Issue 13's targets: xterm.js
 * under 5 s, tmux under 10 s, xterm and foot under 20 s, a VTE terminal under
 * 60 s, memory under 300 MB. ucs-detect's own published times, for
 * comparison, are in the README.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN } from './measure.js';

const TARGETS: { target: string; limit: number; note?: string }[] = [
  { target: 'xterm.js', limit: 5 },
  { target: 'ghostty', limit: 5 },
  { target: 'tmux', limit: 10 },
  { target: 'xterm', limit: 20 },
  { target: 'foot', limit: 20 },
  { target: 'gnome-terminal', limit: 60, note: 'VTE' },
  { target: 'xfce4-terminal', limit: 60, note: 'VTE' },
];

interface Timed {
  seconds: number;
  peakMb: number;
  measurements: number;
  failure?: string;
}

function peakKb(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function runOnce(target: string, out: string): Promise<Timed> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, 'run', '--suite', 'unicode', '--target', target, '--out', out, '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, peakKb(child.pid!) ?? 0)), 10);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      const seconds = (performance.now() - t0) / 1000;
      let measurements = 0;
      try {
        for (const f of readdirSync(join(out, 'unicode'))) {
          const data = JSON.parse(readFileSync(join(out, 'unicode', f), 'utf8')) as { target: { id: string }; answers: { off: string; on: string } };
          if (data.target.id === target) measurements = data.answers.off.length + [...data.answers.on].filter((c) => c !== '.').length;
        }
      } catch {
        // no file: the failure says why
      }
      const said = stderr.trim().split('\n').filter(Boolean).slice(-1)[0];
      resolve({ seconds, peakMb: peak / 1024, measurements, ...(code !== 0 ? { failure: `exit ${code ?? signal}: ${said ?? 'no message'}` } : {}) });
    });
  });
}

export const unicodeBench: BenchModule = {
  title: 'Unicode width suite, one whole process per target (start-up, both 2027 passes, shut-down)',
  async run() {
    const suite = loadWidthSuite();
    const figures: BenchFigure[] = [{ name: 'items in the width suite', value: suite.items.length, unit: 'items' }];
    let peak = 0;
    for (const { target, limit, note } of TARGETS) {
      const out = mkdtempSync(join(tmpdir(), 'termprobe-unicode-bench-'));
      try {
        const r = await runOnce(target, out);
        peak = Math.max(peak, r.peakMb);
        const label = `${target}${note ? ` (${note})` : ''}`;
        figures.push({ name: `${label}: whole process`, value: r.seconds, unit: 's', target: { op: '<', value: limit }, ...(r.failure ? { note: r.failure } : {}) });
        if (!r.failure) figures.push({ name: `${label}: measurements per second (${r.measurements} measured)`, value: r.measurements / r.seconds, unit: 'items/s' });
        figures.push({ name: `${label}: termprobe's peak memory`, value: r.peakMb, unit: 'MB', target: { op: '<', value: 300 } });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
    figures.push({ name: 'peak memory over all the runs', value: peak, unit: 'MB', target: { op: '<', value: 300 } });
    return figures;
  },
};
