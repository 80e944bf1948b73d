/**
 * Input probes: per terminal, the time per input probe (the input probes alone, `run -c <input categories>`, their
 * probing time over their count), for every target that takes input (GUI terminals, tmux, screen, the hosted ones
 * in a pty, xterm.js and ghostty-web in Chromium); and what the input probes add to `run --target all` (issue 27: at most 30 s): the wall time of
 * `run --target all` over the whole corpus against the same run without the input categories. That comparison
 * runs every target twice (minutes): TERMPROBE_BENCH_ALL=0 leaves it out.
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
import { BIN } from './measure.js';

// xterm.js, ghostty: their browser builds in headless Chromium (the categories named ask for it; their wall time includes Chromium's start).
const TARGETS = [...GUI_TARGET_IDS, 'tmux', 'screen', 'vim', 'emacs', 'dvtm', 'mosh', 'xterm.js', 'ghostty'];

function run(args: string[], out: string): { seconds: number; status: number | null; said: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'run', ...args, '--out', out, '--quiet'], { encoding: 'utf8', timeout: 900_000 });
  return { seconds: (performance.now() - t0) / 1000, status: r.status, said: `${r.stderr ?? ''}`.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '' };
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
        const all = run(['--target', 'all'], join(out, 'all'));
        const without = run(['--target', 'all', '-c', others.join(',')], join(out, 'without'));
        figures.push({ name: '`run --target all` wall time, whole corpus', value: all.seconds, unit: 's' });
        figures.push({ name: '`run --target all` wall time, without the input probes', value: without.seconds, unit: 's' });
        figures.push({ name: 'added by the input probes', value: all.seconds - without.seconds, unit: 's', target: { op: '<', value: 30 } });
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    return figures;
  },
};
