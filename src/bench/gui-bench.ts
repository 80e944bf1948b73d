/**
 * GUI terminals: wall time of the whole `termprobe run --target X` process over
 * the full corpus, start-up and shut-down included, one run per terminal (a GUI
 * run costs seconds; set TERMPROBE_BENCH_REPEAT=N for the median of N). Issue 4's
 * targets: under 5 s per terminal, under 10 s for VTE terminals, for the probing:
 * runs here take no pictures (--no-pictures; their cost is measured by the
 * pictures bench). Terminals not installed here are listed with the package to install.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { checkPrograms } from '../targets/common/find-program.js';
import { GUI_RECIPES } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { median, timedRun } from './measure.js';



export const guiBench: BenchModule = {
  title: 'GUI terminals, full corpus, one process each (start-up and shut-down included; no pictures)',
  async run() {
    const repeat = Math.max(1, Number(process.env['TERMPROBE_BENCH_REPEAT'] ?? 1) || 1);
    const figures: BenchFigure[] = [{ name: 'probes in the corpus', value: (await loadCorpus()).probes.length, unit: 'probes' }];
    const out = mkdtempSync(join(tmpdir(), 'termprobe-gui-bench-'));
    try {
      for (const recipe of GUI_RECIPES) {
        const name = `\`termprobe run --target ${recipe.id}\` wall time${recipe.vte ? ' (VTE)' : ''}`;
        const avail = checkPrograms(requirements(recipe));
        if (!avail.ok) {
          figures.push({ name, value: 0, unit: 's', note: `not run: ${avail.reason} (${avail.install})` });
          continue;
        }
        const runs = Array.from({ length: repeat }, () => timedRun(recipe.id, out, ['--no-pictures']));
        const failure = runs.find((r) => r.failure)?.failure;
        figures.push({
          name,
          value: median(runs.map((r) => r.seconds)),
          unit: 's',
          target: { op: '<', value: recipe.vte ? 10 : 5 },
          ...(failure ? { note: failure } : {}),
        });
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    return figures;
  },
};
