/**
 * Pictures end to end, as a user gets them: `termprobe run --target xterm --pictures --out
 * DIR` writes each screen probe's PNG under DIR/pictures/<results base>/ and
 * points the results file at it; `termprobe site DIR/*.json` copies them and the
 * probe page shows them; `--out x.json` puts them beside that file;
 * a run without `--pictures` writes none (and drops an older set). Nothing of a run is
 * left: no process, no scratch folder, no relay.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnswersBlock } from '../report/site/answers-keys.js';
import type { ResultsFile } from '../results/results-schema.js';
import { findRecipe } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import { BIN } from '../test-support/cli.js';
import { decodePng } from '../test-support/png-decode.js';
import { processesOfRun } from '../test-support/processes.js';
import { havePrograms } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
// The last one's verdict reads a style from the pixels, so the run draws the calibration sheet (the others alone do not: engine/screen-hints.ts needsPixels).
const SCREEN_PROBES = ['erase.el-0-right', 'tabs.ht-moves-over-text', 'sgr-stack.push-pop-all'];
const OTHER_PROBE = 'alt-screen.1049-restores-cursor';

/** The CLI with a TMPDIR of its own (a run's scratch folders and relays go there); fails the test if the run left anything. */
function termprobe(args: string[], tmp: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: tempDir('termprobe-pictures-cwd-'), env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp }, encoding: 'utf8', timeout: 120_000 });
  expect(processesOfRun(tmp, r.pid)).toEqual([]);
  expect(readdirSync(tmp)).toEqual([]);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const readRun = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))('termprobe run with pictures, then termprobe site', () => {
  it('writes each screen probe\'s picture beside the results file, and the site shows it', () => {
    const tmp = tempDir('termprobe-pictures-tmp-');
    const dir = tempDir('termprobe-pictures-run-');
    const run = termprobe(['run', '--target', 'xterm', '--out', dir, '-p', [...SCREEN_PROBES, OTHER_PROBE].join(','), '-q', '--pictures'], tmp);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const base = file!.replace(/\.json$/, '');
    const results = readRun(join(dir, file!));
    expect(results.settings.options?.['pictures']).toMatch(/^GetImage of the probed region/);
    // The probes' pictures, and the pixel read-back's calibration sheet as the terminal drew it (named in settings.pixels).
    expect(readdirSync(join(dir, 'pictures', base)).sort()).toEqual([...SCREEN_PROBES.map((p) => `${p}.png`), 'pixel-calibration-1.png'].sort());
    const sheet = results.settings.pixels?.sheet?.[0];
    expect(sheet?.path).toBe(`pictures/${base}/pixel-calibration-1.png`);
    expect([decodePng(readFileSync(join(dir, sheet!.path))).width, sheet!.width]).toEqual([sheet!.width, 80 * results.settings.pixels!.cell.width]);
    for (const id of SCREEN_PROBES) {
      const { picture } = results.probes.find((p) => p.id === id)!;
      expect(picture?.path).toBe(`pictures/${base}/${id}.png`);
      const png = decodePng(readFileSync(join(dir, picture!.path)));
      expect([png.width, png.height]).toEqual([picture!.width, picture!.height]);
      expect(new Set(Array.from({ length: png.width * png.height }, (_, i) => png.rgb.subarray(i * 3, i * 3 + 3).join())).size).toBeGreaterThan(1); // not blank
    }
    expect(results.probes.find((p) => p.id === OTHER_PROBE)?.picture).toBeUndefined();

    const site = join(tempDir('termprobe-pictures-site-'), 'site');
    const built = termprobe(['site', join(dir, file!), '--out', site, '--quiet'], tmp);
    expect([built.code, built.stderr]).toEqual([0, '']);
    for (const id of SCREEN_PROBES) {
      const copied = join(site, 'results', 'pictures', base, `${id}.png`);
      expect(readFileSync(copied).equals(readFileSync(join(dir, 'pictures', base, `${id}.png`)))).toBe(true);
      const page = readFileSync(join(site, 'probes', `${id}.html`), 'utf8');
      // The page carries its answers as data (assets/probe.js draws the <img> from it): the picture is named there by its size, at results/pictures/<base>/<probe>.png.
      const data = readAnswersBlock(page) as { groups: { pictures?: unknown[][] }[] };
      const png = decodePng(readFileSync(copied));
      expect(data.groups.flatMap((g) => g.pictures ?? [])).toEqual([[expect.any(Number), png.width, png.height]]);
    }
  }, 180_000);

  it('puts the pictures beside a file given with --out, and a run without --pictures (or with --no-pictures) writes none and drops the old ones', () => {
    const tmp = tempDir('termprobe-pictures-tmp-');
    const dir = join(tempDir('termprobe-pictures-out-'), 'nested');
    mkdirSync(dir);
    const file = join(dir, 'mine.json');
    for (const without of [[], ['--no-pictures']]) {
      expect(termprobe(['run', '--target', 'xterm', '--out', file, '-p', SCREEN_PROBES[0]!, '-q', '--pictures'], tmp).code).toBe(0);
      // erase.el-0-right needs no pixels: its picture, and no calibration sheet.
      expect(readdirSync(join(dir, 'pictures', 'mine')).sort()).toEqual([`${SCREEN_PROBES[0]}.png`]);
      expect(readRun(file).probes[0]?.picture?.path).toBe(`pictures/mine/${SCREEN_PROBES[0]}.png`);
      expect(termprobe(['run', '--target', 'xterm', '--out', file, '-p', SCREEN_PROBES[0]!, '-q', ...without], tmp).code).toBe(0);
      expect(existsSync(join(dir, 'pictures', 'mine')), `after a run with ${JSON.stringify(without)}`).toBe(false);
      const results = readRun(file);
      expect(results.probes[0]?.picture).toBeUndefined();
      expect(results.settings.options?.['pictures']).toBeUndefined();
    }
  }, 180_000);
});
