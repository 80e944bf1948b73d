/**
 * The pixel read-back, per GUI terminal: the style and cursor probes (sgr,
 * sgr-cells, sgr-stack, presentation-state, cursor-style) run with the pixels
 * read and without (TERMPROBE_PIXELS=off), in the same bench, alternating, so a
 * slow spell of the shared machine hits both:
 * - agreement with DECRQSS (and DECCIR) where both the reply and the pixels
 *   decide a probe (expect.drawn), every disagreement listed with both answers:
 *   a finding where a registry entry explains it (the terminal draws other than
 *   it reports, its source cited), left out of the figure and said so; any other
 *   counts against the read (classify/pixel-agreement.ts);
 * - the same over the published runs (results/*.json), every GUI terminal;
 * - the time the pixels add per probe read (the difference of the two wall
 *   times, over the probes whose screen was read from the pixels; the
 *   calibration at the start is counted in);
 * - the share of screen cells whose style was read (not untold).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../corpus/load-corpus.js';
import { loadDivergences } from '../classify/load-divergences.js';
import { describeDisagreement, pixelAgreement, type PixelAgreement } from '../classify/pixel-agreement.js';
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

const RESULTS = fileURLToPath(new URL('../../results/', import.meta.url));

/** Agreement where both decide, the findings left out (and listed, with the entry that explains each). */
function agreementFigure(name: string, a: PixelAgreement): BenchFigure {
  const counted = a.both - a.findings.length;
  const parts = [`${a.agree} of ${counted}`];
  if (a.findings.length > 0) parts.push(`${a.findings.length} findings left out (the terminal draws other than it reports; a registry entry cites its source): ${a.findings.map(describeDisagreement).join('; ')}`);
  if (a.disagreements.length > 0) parts.push(`disagree (counted against the read): ${a.disagreements.map(describeDisagreement).join('; ')}`);
  return { name: `${name}: pixels agree with the reply where both decide`, value: counted === 0 ? 0 : (100 * a.agree) / counted, unit: '%', note: a.both === 0 ? 'no probe decided by both (the terminal answers no DECRQSS)' : parts.join('; ') };
}

function totalFigure(name: string, t: { both: number; agree: number; findings: number }): BenchFigure {
  const counted = t.both - t.findings;
  return { name: `${name}: pixels agree with the reply where both decide`, value: (100 * t.agree) / counted, unit: '%', target: { op: '>=', value: AGREEMENT_TARGET }, note: `${t.agree} of ${counted}; ${t.findings} findings left out, each listed above; counting them, ${t.agree} of ${t.both} (${((100 * t.agree) / t.both).toFixed(1)} %)` };
}

export const pixelsBench: BenchModule = {
  title: 'Pixel read-back of GUI terminals: agreement with DECRQSS, time per read, cells read',
  async run() {
    const corpus = await loadCorpus();
    const figures: BenchFigure[] = [];
    const registry = loadDivergences();
    const total = { both: 0, agree: 0, findings: 0 };
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
        const a = pixelAgreement(withPixels.file, run, corpus.byId, registry);
        let read = 0;
        let cells = 0;
        let told = 0;
        for (const r of run.probes) {
          if (r.screen?.styles !== 'pixels') continue;
          read++;
          for (const row of r.screen.cells ?? []) for (const c of row) {
            if (c.w === 0) continue;
            cells++;
            if (!c.u || c.u.length === 0) told++;
          }
        }
        total.both += a.both;
        total.agree += a.agree;
        total.findings += a.findings.length;
        figures.push(agreementFigure(target, a));
        const perRead = read > 0 && without.seconds > 0 ? ((withPixels.seconds - without.seconds) * 1000) / read : 0;
        figures.push({ name: `${target}: time the pixels add per probe read`, value: perRead, unit: 'ms', note: `${read} probes read from the pixels; the runs took ${withPixels.seconds.toFixed(1)} s and ${without.seconds.toFixed(1)} s without (calibration included)` });
        figures.push({ name: `${target}: screen cells whose style was read`, value: cells === 0 ? 0 : (100 * told) / cells, unit: '%', note: `${told} of ${cells} cells; untold fields for the whole run: ${run.settings.pixels.untold.join(', ') || 'none'}` });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (total.both > 0) figures.push(totalFigure('all', total));
    // The published runs, every GUI terminal (those whose screen was read from the pixels).
    const published = { both: 0, agree: 0, findings: 0 };
    for (const f of readdirSync(RESULTS).filter((n) => n.endsWith('.json')).sort()) {
      const run = JSON.parse(readFileSync(join(RESULTS, f), 'utf8')) as ResultsFile;
      if (!run.settings.pixels) continue;
      const a = pixelAgreement(join(RESULTS, f), run, corpus.byId, registry);
      if (a.both === 0) continue;
      published.both += a.both;
      published.agree += a.agree;
      published.findings += a.findings.length;
      figures.push(agreementFigure(`published ${f.replace(/\.json$/, '')}`, a));
    }
    if (published.both > 0) figures.push(totalFigure('published, all GUI terminals', published));
    return figures;
  },
};
