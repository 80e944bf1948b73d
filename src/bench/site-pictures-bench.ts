/**
 * The published site with its pictures (issue 17: build ≤ 5 s and site ≤ 40 MB
 * for all targets, screenshots included), at the most pictures a run can have:
 * results/ is copied to a scratch folder and every GUI terminal's run (made on a
 * display: settings.options.display, pictures or not) gets, for every
 * screen probe of the corpus, a stand-in PNG of the probed region and a margin
 * (synthetic-pictures.ts: as big as a real crop of that text), named in its
 * results file as the capture side will name it. `termprobe site` over them, as
 * a whole process, median of 3; the size says how much room is left per picture.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../corpus/load-corpus.js';
import { regionAt } from '../corpus/probe-needs.js';
import type { ResultsFile } from '../results/results-schema.js';
import { drawText } from '../report/site/synthetic-pictures.js';
import { folderBytes } from '../report/site/write-site.js';
import type { BenchFigure } from './bench-types.js';
import { median } from './measure.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/termprobe.js');
const BUDGET_MB = 40;

/** results/ with pictures, in `dir`: the results files (GUI runs with pictures), and the folders beside them linked. */
async function withPictures(dir: string): Promise<{ files: string[]; pictures: number; pictureBytes: number; gui: number }> {
  const published = join(ROOT, 'results');
  const corpus = await loadCorpus();
  const screenProbes = corpus.probes.filter((p) => p.screen);
  const names = readdirSync(published).filter((f) => f.endsWith('.json')).sort();
  const reference = JSON.parse(readFileSync(join(published, 'xterm.js-6.0.0.json'), 'utf8')) as ResultsFile;
  const referenceText = new Map(reference.probes.map((p) => [p.id, p.screen?.text]));
  mkdirSync(dir, { recursive: true });
  for (const sub of ['unicode', 'sessions', 'chunking']) if (existsSync(join(published, sub))) symlinkSync(join(published, sub), join(dir, sub));
  let pictures = 0;
  let pictureBytes = 0;
  let gui = 0;
  for (const name of names) {
    const run = JSON.parse(readFileSync(join(published, name), 'utf8')) as ResultsFile;
    if (run.settings.options?.['display'] !== undefined) {
      gui++;
      const slug = name.replace(/\.json$/, '');
      mkdirSync(join(dir, 'pictures', slug), { recursive: true });
      const byId = new Map(run.probes.map((p) => [p.id, p]));
      for (const probe of screenProbes) {
        const entry = byId.get(probe.id);
        if (!entry || entry.status === 'skipped') continue;
        const r = regionAt(probe.screen!, run.settings);
        const text = entry.screen?.text ?? referenceText.get(probe.id) ?? [];
        const png = drawText(text, r.right - r.left + 1, r.bottom - r.top + 1);
        const path = `pictures/${slug}/${probe.id}.png`;
        writeFileSync(join(dir, path), png.png);
        entry.picture = { path, width: png.width, height: png.height };
        pictures++;
        pictureBytes += png.png.length;
      }
      // The pixel calibration sheet the run drew, copied as it is (a link out of the folder is refused by the site).
      for (const page of run.settings.pixels?.sheet ?? []) copyFileSync(join(published, page.path), join(dir, page.path));
    }
    writeFileSync(join(dir, name), JSON.stringify(run));
  }
  return { files: names.map((n) => join(dir, n)), pictures, pictureBytes, gui };
}

export async function pictureFigures(work: string): Promise<BenchFigure[]> {
  if (!existsSync(join(ROOT, 'results/xterm.js-6.0.0.json'))) return [];
  const set = await withPictures(join(work, 'with-pictures'));
  const out = join(work, 'with-pictures-site');
  const history = existsSync(join(ROOT, 'results/history')) ? ['--history', join(ROOT, 'results/history')] : [];
  const times = [0, 1, 2].map(() => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [BIN, 'site', ...set.files, ...history, '--out', out, '--quiet'], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`termprobe site with pictures exited ${r.status}: ${r.stderr.trim()}`);
    return performance.now() - t0;
  });
  const size = folderBytes(out) / 1e6;
  const withoutPictures = size - set.pictureBytes / 1e6;
  const room = ((BUDGET_MB - withoutPictures) * 1e6) / set.pictures / 1000;
  const what = `${set.pictures} pictures: every screen probe × ${set.gui} GUI terminals`;
  return [
    { name: `\`termprobe site\` over results/ with ${what}, process wall time`, value: median(times) / 1000, unit: 's', target: { op: '<', value: 5 } },
    { name: 'site size from results/ with those pictures', value: size, unit: 'MB', target: { op: '<', value: BUDGET_MB }, note: `pictures ${(set.pictureBytes / 1e6).toFixed(1)} MB, ${(set.pictureBytes / set.pictures / 1000).toFixed(2)} KB each (stand-ins as big as a real crop); under ${BUDGET_MB} MB there is room for ${room.toFixed(1)} KB per picture` },
  ];
}
