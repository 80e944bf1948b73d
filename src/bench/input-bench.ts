/**
 * Input probes: per terminal, the time per input probe (the input probes alone, `run -c <input categories>`, their
 * probing time over their count), for every target that takes input (GUI terminals, tmux, screen, the hosted ones
 * in a pty, xterm.js and ghostty-web in Chromium); and what the input probes add to `run --target all` (issue 27: at most 30 s): the wall time of
 * `run --target all` over the whole corpus against the same run without the input categories. The two are made in
 * turn, TERMPROBE_BENCH_PAIRS times (default 3): on a host whose speed moves by a fifth within the hour (the same
 * commit's whole run took 80 s, then 96 s), one pair's difference moves by as much as the input probes add; the
 * figures are the medians, and what the input probes add the median of the pairs' differences (each pair run at the
 * same hour). Each run's busy core-seconds (/proc/stat) are printed beside it. The whole run's median is issue 24's
 * bound too (at most 90 s). Minutes a pair: TERMPROBE_BENCH_ALL=0 leaves the comparison out.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { INPUT_CATEGORIES } from '../corpus/input/input-categories.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { GUI_TARGET_IDS } from '../targets/gui/gui-recipes.js';
import { loadTarget } from '../targets/registry.js';
import type { ResultsFile } from '../results/results-schema.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN, median } from './measure.js';
import { readProcStat } from '../util/cpu-busy.js';

// xterm.js, ghostty: their browser builds in headless Chromium (the categories named ask for it; their wall time includes Chromium's start).
const TARGETS = [...GUI_TARGET_IDS, 'tmux', 'screen', 'vim', 'emacs', 'dvtm', 'mosh', 'xterm.js', 'ghostty'];

/** The machine's busy CPU time so far (s): every core's, idle and I/O wait left out (/proc/stat; 100 ticks a second). */
function busySeconds(): number {
  const ticks = readProcStat();
  return ticks ? (ticks.total - ticks.idle) / 100 : 0;
}

function run(args: string[], out: string): { seconds: number; busy: number; status: number | null; said: string } {
  const t0 = performance.now();
  const b0 = busySeconds();
  const r = spawnSync(process.execPath, [BIN, 'run', ...args, '--out', out, '--quiet'], { encoding: 'utf8', timeout: 900_000 });
  return { seconds: (performance.now() - t0) / 1000, busy: busySeconds() - b0, status: r.status, said: `${r.stderr ?? ''}`.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '' };
}

/** TERMPROBE_BENCH_PAIRS: how many times the whole run and the run without the input probes are made, in turn. */
function pairs(): number {
  const n = Number(process.env['TERMPROBE_BENCH_PAIRS'] ?? 3);
  return Number.isInteger(n) && n >= 1 ? n : 3;
}

export const inputBench: BenchModule = {
  title: 'Input probes: time per input probe, per terminal; and what they add to `run --target all`',
  async run() {
    const corpus = await loadCorpus();
    const input = corpus.probes.filter((p) => p.input);
    const figures: BenchFigure[] = [{ name: 'input probes in the corpus', value: input.length, unit: 'probes', target: { op: '>=', value: 300 } }];
    const out = mkdtempSync(join(tmpdir(), 'termprobe-input-bench-'));
    try {
      for (const id of TARGETS) {
        const avail = await (await loadTarget(id)).available();
        if (!avail.ok) {
          figures.push({ name: `${id}: per input probe`, value: 0, unit: 'ms', note: `not run: ${avail.reason}` });
          continue;
        }
        const dir = join(out, id);
        const r = run(['--target', id, '-c', INPUT_CATEGORIES.join(',')], dir);
        const file = readdirSync(dir).find((f) => f.endsWith('.json'));
        if (!file) {
          figures.push({ name: `${id}: per input probe`, value: 0, unit: 'ms', note: `failed: ${r.said}` });
          continue;
        }
        const results = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ResultsFile;
        const made = results.probes.filter((p) => p.status === 'ok').length;
        const probing = results.run.probingMs ?? 0;
        figures.push({ name: `${id}: per input probe (${made} made)`, value: made ? probing / made : 0, unit: 'ms', note: `${(probing / 1000).toFixed(1)} s probing, ${r.seconds.toFixed(1)} s wall${(results.run.restarts ?? []).length ? `, ${results.run.restarts!.length} fresh instances` : ''}` });
      }
      if (process.env['TERMPROBE_BENCH_ALL'] !== '0') {
        const others = corpus.categories.filter((c) => !(INPUT_CATEGORIES as readonly string[]).includes(c));
        const wholes: number[] = [];
        const withouts: number[] = [];
        const added: number[] = [];
        const n = pairs();
        for (let i = 1; i <= n; i++) {
          const all = run(['--target', 'all'], join(out, `all-${i}`));
          const without = run(['--target', 'all', '-c', others.join(',')], join(out, `without-${i}`));
          const failed = [all, without].find((r) => r.status !== 0);
          wholes.push(all.seconds);
          withouts.push(without.seconds);
          added.push(all.seconds - without.seconds);
          figures.push({ name: `  pair ${i} of ${n}: added`, value: all.seconds - without.seconds, unit: 's', note: `whole ${all.seconds.toFixed(1)} s (${all.busy.toFixed(0)} busy core-s), without ${without.seconds.toFixed(1)} s (${without.busy.toFixed(0)})${failed ? `; exit ${failed.status}: ${failed.said}` : ''}` });
        }
        const spread = (v: number[]) => (v.length > 1 ? `median of ${v.length}: ${[...v].sort((a, b) => a - b).map((x) => x.toFixed(1)).join(', ')}` : undefined);
        figures.push({ name: '`run --target all` wall time, whole corpus', value: median(wholes), unit: 's', target: { op: '<', value: 90 }, note: spread(wholes) });
        figures.push({ name: '`run --target all` wall time, without the input probes', value: median(withouts), unit: 's', note: spread(withouts) });
        figures.push({ name: 'added by the input probes', value: median(added), unit: 's', target: { op: '<', value: 30 }, note: spread(added) });
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    return figures;
  },
};
