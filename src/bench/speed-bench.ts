/**
 * Issue 31's figures for `termprobe speed`: every GUI terminal, tmux and screen
 * measured in under 5 minutes, and two full runs agreeing within their spreads
 * (no figure's trials all beyond the other run's: `termprobe diff`) for at least
 * 90 % of the figures measured in both. Two full runs, one after the other (about
 * 8 minutes); TERMPROBE_SPEED_DIRS=a,b compares two runs already made instead
 * (folders holding speed/, or the speed folders themselves). The machine's other
 * work during each run is printed too: on a shared machine it moves the figures.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { figureGroup } from '../results/speed-figures.js';
import { readSpeedResults } from '../results/read-speed-results.js';
import type { SpeedResults } from '../results/speed-results-schema.js';
import { diffSpeed } from '../report/speed-diff.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN, median } from './measure.js';

function speedRun(out: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'speed', '--target', 'all', '--out', out, '--quiet'], { encoding: 'utf8', timeout: 20 * 60_000 });
  if (r.status !== 0) throw new Error(`termprobe speed --target all exited ${r.status ?? r.signal}: ${r.stderr.trim().split('\n').at(-1)}`);
  return (performance.now() - t0) / 1000;
}

function filesOf(dir: string): Map<string, SpeedResults> {
  const speed = existsSync(join(dir, 'speed')) ? join(dir, 'speed') : dir;
  return new Map(readdirSync(speed).filter((f) => f.endsWith('.json')).map((f) => [f, readSpeedResults(join(speed, f))]));
}

/** How many figures measured in both runs agree, overall and by group, and which do not. */
export function agreement(a: Map<string, SpeedResults>, b: Map<string, SpeedResults>) {
  const byGroup = new Map<string, { agree: number; all: number }>();
  const differ: string[] = [];
  for (const [file, ra] of a) {
    const rb = b.get(file);
    if (!rb) continue;
    const diff = diffSpeed(file, ra, file, rb);
    const changed = new Set(diff.changed.map((c) => c.id));
    for (const f of ra.figures) {
      const other = rb.figures.find((x) => x.id === f.id);
      if (f.status !== 'measured' && other?.status !== 'measured') continue;
      const g = byGroup.get(figureGroup(f.id)) ?? { agree: 0, all: 0 };
      g.all++;
      if (!changed.has(f.id)) g.agree++;
      else differ.push(`${ra.target.id} ${f.id}`);
      byGroup.set(figureGroup(f.id), g);
    }
  }
  const all = [...byGroup.values()].reduce((s, g) => ({ agree: s.agree + g.agree, all: s.all + g.all }), { agree: 0, all: 0 });
  return { all, byGroup, differ };
}

export const speedBench: BenchModule = {
  title: 'termprobe speed: every GUI terminal, tmux and screen, twice (issue 31)',
  async run() {
    const given = process.env['TERMPROBE_SPEED_DIRS']?.split(',');
    const made = given ? [] : [mkdtempSync(join(tmpdir(), 'termprobe-speed-bench-')), mkdtempSync(join(tmpdir(), 'termprobe-speed-bench-'))];
    try {
      const figures: BenchFigure[] = [];
      const dirs = given ?? made;
      if (!given) made.forEach((dir, i) => figures.push({ name: `\`termprobe speed --target all\`, run ${i + 1}, wall time`, value: speedRun(dir), unit: 's', target: { op: '<', value: 300 } }));
      const [a, b] = dirs.map(filesOf) as [Map<string, SpeedResults>, Map<string, SpeedResults>];
      for (const [i, run] of [a, b].entries()) {
        const runs = [...run.values()];
        figures.push({ name: `run ${i + 1}: terminals measured`, value: runs.length, unit: 'found' });
        figures.push({ name: `run ${i + 1}: cores busy with other work (median over terminals)`, value: median(runs.map((r) => r.load.otherCores)), unit: 'x', note: `of ${runs[0]?.load.cpus ?? '?'} cores` });
      }
      const { all, byGroup, differ } = agreement(a, b);
      figures.push({ name: 'figures measured in either run', value: all.all, unit: 'found' });
      figures.push({ name: 'figures agreeing within their spreads', value: (100 * all.agree) / Math.max(1, all.all), unit: '%', target: { op: '>=', value: 90 }, note: differ.length ? `differ: ${differ.join(', ')}` : undefined });
      for (const [group, g] of byGroup) figures.push({ name: `  ${group} figures agreeing`, value: (100 * g.agree) / Math.max(1, g.all), unit: '%', note: `${g.agree} of ${g.all}` });
      return figures;
    } finally {
      for (const dir of made) rmSync(dir, { recursive: true, force: true });
    }
  },
};
