/**
 * The pixel read-back, per GUI terminal: the style and cursor probes (sgr,
 * sgr-cells, sgr-stack, presentation-state, cursor-style) run with the pixels
 * read and without (TERMPROBE_PIXELS=off), in the same bench, alternating, so a
 * slow spell of the shared machine hits both:
 * - agreement with DECRQSS (and DECCIR) where both the reply and the pixels
 *   decide a probe (expect.drawn), every disagreement listed with both answers;
 * - the time the pixels add per probe read (the difference of the two wall
 *   times, over the probes whose screen was read from the pixels; the
 *   calibration at the start is counted in);
 * - the share of screen cells whose style was read (not untold).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { repliesAndScreen } from '../classify/support-mark.js';
import type { ResultsFile } from '../results/results-schema.js';
import { checkPrograms } from '../targets/common/find-program.js';
import { findRecipe } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN } from './measure.js';

/** The terminals that answer DECRQSS SGR (agreement measurable), a VTE terminal and konsole (pixels alone). */
const TARGETS = ['xterm', 'kitty', 'foot', 'mlterm', 'gnome-terminal', 'konsole'];
const CATEGORIES = 'sgr,sgr-cells,sgr-stack,presentation-state,cursor-style';
/** The issue's figure: pixels and DECRQSS agree on at least this share of the cells both decide. */
const AGREEMENT_TARGET = 99;

function runOnce(target: string, out: string, pixels: boolean): { seconds: number; file?: string; failure?: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'run', '--target', target, '-c', CATEGORIES, '--out', out, '--quiet'], {
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, ...(pixels ? {} : { TERMPROBE_PIXELS: 'off' }) },
  });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) return { seconds, failure: `exit ${r.status ?? r.signal}: ${r.stderr.trim().split('\n').slice(-1)[0] ?? ''}` };
  const file = readdirSync(out).find((f) => f.endsWith('.json'));
  return { seconds, ...(file ? { file: join(out, file) } : {}) };
}

export const pixelsBench: BenchModule = {
  title: 'Pixel read-back of GUI terminals: agreement with DECRQSS, time per read, cells read',
  async run() {
    const corpus = await loadCorpus();
    const figures: BenchFigure[] = [];
    let agreeAll = 0;
    let bothAll = 0;
    for (const target of TARGETS) {
      const avail = checkPrograms(requirements(findRecipe(target)!));
      if (!avail.ok) {
        figures.push({ name: `${target}: agreement with DECRQSS`, value: 0, unit: '%', note: `not run: ${avail.reason} (${avail.install})` });
        continue;
      }
      const dir = mkdtempSync(join(tmpdir(), 'termprobe-pixels-bench-'));
      try {
        const without = runOnce(target, mkdtempSync(join(dir, 'off-')), false);
        const withPixels = runOnce(target, mkdtempSync(join(dir, 'on-')), true);
        if (!withPixels.file) {
          figures.push({ name: `${target}: run with pixels`, value: withPixels.seconds, unit: 's', note: withPixels.failure ?? 'no results file' });
          continue;
        }
        const run = JSON.parse(readFileSync(withPixels.file, 'utf8')) as ResultsFile;
        if (!run.settings.pixels) {
          figures.push({ name: `${target}: pixels`, value: 0, unit: '%', note: `not read: ${run.settings.options?.['pixels'] ?? 'no calibration'}` });
          continue;
        }
        let both = 0;
        let agree = 0;
        const disagreements: string[] = [];
        let read = 0;
        let cells = 0;
        let told = 0;
        for (const r of run.probes) {
          if (r.screen?.styles === 'pixels') {
            read++;
            for (const row of r.screen.cells ?? []) for (const c of row) {
              if (c.w === 0) continue;
              cells++;
              if (!c.u || c.u.length === 0) told++;
            }
          }
          const probe = corpus.byId.get(r.id);
          const marks = probe ? repliesAndScreen(probe, r, run.settings) : undefined;
          if (!marks || marks.replies.support === 'inconclusive' || marks.screen.support === 'inconclusive') continue;
          both++;
          if (marks.replies.support === marks.screen.support) agree++;
          else disagreements.push(`${r.id} (reply ${r.replies.map((p) => p.value).join(' ')} → ${marks.replies.support}; pixels ${r.screen?.cells?.[0]?.[0]?.s ? JSON.stringify(r.screen.cells[0][0].s) : 'plain'}${r.screen?.cursor ? ` cursor ${JSON.stringify(r.screen.cursor)}` : ''} → ${marks.screen.support})`);
        }
        agreeAll += agree;
        bothAll += both;
        figures.push({
          name: `${target}: pixels agree with the reply where both decide`,
          value: both === 0 ? 0 : (100 * agree) / both,
          unit: '%',
          note: both === 0 ? 'no probe decided by both (the terminal answers no DECRQSS)' : `${agree} of ${both}${disagreements.length > 0 ? `; disagree: ${disagreements.join('; ')}` : ''}`,
        });
        const perRead = read > 0 && without.seconds > 0 ? ((withPixels.seconds - without.seconds) * 1000) / read : 0;
        figures.push({ name: `${target}: time the pixels add per probe read`, value: perRead, unit: 'ms', note: `${read} probes read from the pixels; the runs took ${withPixels.seconds.toFixed(1)} s and ${without.seconds.toFixed(1)} s without (calibration included)` });
        figures.push({ name: `${target}: screen cells whose style was read`, value: cells === 0 ? 0 : (100 * told) / cells, unit: '%', note: `${told} of ${cells} cells; untold fields for the whole run: ${run.settings.pixels.untold.join(', ') || 'none'}` });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (bothAll > 0) figures.push({ name: 'all: pixels agree with the reply where both decide', value: (100 * agreeAll) / bothAll, unit: '%', target: { op: '>=', value: AGREEMENT_TARGET }, note: `${agreeAll} of ${bothAll}` });
    return figures;
  },
};
