/**
 * Pictures of GUI terminals: for xterm, a VTE terminal (gnome-terminal), foot
 * (under weston) and kitty, the wall time of `termprobe run --target X` over the
 * full corpus with pictures and with --no-pictures, and the PNGs written: how
 * many, how big. The site's budget (site-pictures-bench: ≤ 40 MB for every
 * target's pictures) allows about 2.4 KB per picture on average.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPrograms } from '../targets/common/find-program.js';
import { findRecipe } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { timedRun } from './measure.js';

const TARGETS = ['xterm', 'gnome-terminal', 'foot', 'kitty'];
/** 40 MB over the 3,553 pictures of 19 GUI terminals × 187 screen probes. */
const BUDGET_KB = 2.4;

/** Every PNG under the folder, with its size in bytes. */
function pngSizes(dir: string): number[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.png')).map((f) => statSync(join(dir, f)).size);
}

export const picturesBench: BenchModule = {
  title: 'Pictures of GUI terminals: full corpus with and without them, and their size',
  async run() {
    const figures: BenchFigure[] = [];
    const sizes: number[] = [];
    for (const target of TARGETS) {
      const avail = checkPrograms(requirements(findRecipe(target)!));
      if (!avail.ok) {
        figures.push({ name: `${target}: with pictures`, value: 0, unit: 's', note: `not run: ${avail.reason} (${avail.install})` });
        continue;
      }
      const out = mkdtempSync(join(tmpdir(), 'termprobe-pictures-bench-'));
      try {
        const without = timedRun(target, join(out, 'without'), ['--no-pictures'], 300_000);
        const withThem = timedRun(target, join(out, 'with'), ['--pictures'], 300_000);
        const own = pngSizes(join(out, 'with'));
        sizes.push(...own);
        const note = [without.failure, withThem.failure].filter(Boolean).join('; ');
        figures.push({ name: `${target}: \`run\` wall time without pictures`, value: without.seconds, unit: 's', ...(note ? { note } : {}) });
        figures.push({ name: `${target}: with pictures`, value: withThem.seconds, unit: 's', note: `${own.length} PNGs, ${(own.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB` });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
    if (sizes.length > 0) {
      const total = sizes.reduce((a, b) => a + b, 0);
      figures.push({ name: 'pictures written, all of these terminals', value: total / 1024, unit: 'KB', note: `${sizes.length} PNGs, the largest ${(Math.max(...sizes) / 1024).toFixed(1)} KB` });
      figures.push({ name: 'average picture', value: total / sizes.length / 1024, unit: 'KB', target: { op: '<', value: BUDGET_KB } });
    }
    return figures;
  },
};
