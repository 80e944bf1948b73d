/**
 * The probes' pictures on the site: a results file whose probe names a PNG
 * beside it (made here, a real PNG) → `termprobe site` copies it next to the
 * site's copy of the results file and the probe page shows it beside that
 * terminal's answer, lazy, at its size, named for the terminal and probe (and it
 * loads in Chromium under the site's CSP, from disk); a path out of the folder,
 * a missing file, a file that is not a PNG or not the size given → one line
 * naming the results file and the probe, exit 2, no site.
 */
import { gunzipSync } from 'node:zlib';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnswersBlock } from './answers-keys.js';
import { haveProgram } from '../../test-support/require-program.js';
import { runCli } from '../../test-support/cli.js';
import type { ResultsFile } from '../../results/results-schema.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, openPage, POLL, watchPage } from './browser-harness.js';
import { AUDIT_SCRIPT, type AuditResult } from './page-audit-test-support.js';
import { drawText } from './synthetic-pictures.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const FILES = ['xterm.js-6.0.0.json', 'ghostty-0.4.0.json', 'tmux-3.3a.json'];
const REGISTRY = ['--registry', join(FIXTURES, 'divergences.yaml'), '--probes', join(FIXTURES, 'probes')];
const PROBE = 'erase.el-with-background';
const PNG_PATH = 'pictures/ghostty-0.4.0/erase.el-with-background.png';

describe('pictures on the probe pages', () => {
  let dir: string;
  let png: ReturnType<typeof drawText>;
  /** A fresh results folder: the three fixture runs, ghostty's PROBE with `picture` and the PNG written as `write` says. */
  const results = (name: string, picture: Partial<{ path: string; width: number; height: number }>, write?: (file: string) => void): string[] => {
    const folder = join(dir, name);
    mkdirSync(join(folder, 'pictures', 'ghostty-0.4.0'), { recursive: true });
    for (const f of FILES) copyFileSync(join(FIXTURES, 'results', f), join(folder, f));
    const ghostty = join(folder, 'ghostty-0.4.0.json');
    const run = JSON.parse(readFileSync(ghostty, 'utf8')) as ResultsFile;
    const entry = run.probes.find((p) => p.id === PROBE)!;
    entry.picture = { path: PNG_PATH, width: png.width, height: png.height, ...picture };
    writeFileSync(ghostty, JSON.stringify(run, null, 1));
    (write ?? ((f: string) => writeFileSync(f, png.png)))(join(folder, PNG_PATH));
    return FILES.map((f) => join(folder, f));
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-pictures-'));
    png = drawText(['abc     '], 8, 1);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the PNG beside the site\'s copy of the results file and shows it, lazy, at its size, named', () => {
    const files = results('good', {});
    const out = join(dir, 'site-good');
    const r = runCli(['site', ...files, '--out', out, ...REGISTRY, '--quiet']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const copied = join(out, 'results', 'pictures', 'ghostty-0.4.0', `${PROBE}.png`);
    expect(readFileSync(copied).equals(png.png)).toBe(true);
    // The site's copy of the results file (gzipped) points at it, relative to its own folder, as the original did.
    const copy = JSON.parse(gunzipSync(readFileSync(join(out, 'results', 'ghostty-0.4.0.json.gz'))).toString('utf8')) as ResultsFile;
    const picture = copy.probes.find((p) => p.id === PROBE)!.picture!;
    expect(picture).toEqual({ path: `pictures/ghostty-0.4.0/${PROBE}.png`, width: png.width, height: png.height });
    expect(existsSync(join(out, 'results', picture.path))).toBe(true);
    // The probe page's answers (data its script draws) give the picture with ghostty's answer, at its size.
    const page = readFileSync(join(out, 'probes', `${PROBE}.html`), 'utf8');
    const data = readAnswersBlock(page) as { groups: { terminals: number[]; pictures?: number[][] }[] };
    const terminals = readFileSync(join(out, 'assets', 'probe.js'), 'utf8');
    const ghostty = (JSON.parse(terminals.match(/window\.termprobeTerminals = JSON\.parse\('(.*?)'\);/)![1]!.replace(/\\(.)/g, '$1')) as [string][]).findIndex((t) => t[0] === 'ghostty-0.4.0');
    const group = data.groups.find((g) => g.terminals.includes(ghostty))!;
    expect(group.pictures).toEqual([[ghostty, png.width, png.height]]);
    expect(data.groups.flatMap((g) => g.pictures ?? [])).toHaveLength(1);
    // No other probe page has a picture.
    expect(readFileSync(join(out, 'probes', 'cursor.hpb.html'), 'utf8')).not.toMatch(/"p":\[\[/);
  });

  it('writes a picture once when another terminal\'s has the same bytes, and points that one\'s copy and answer at it', async () => {
    // tmux's picture of the probe is byte for byte ghostty's (as terminals of one toolkit draw the same window).
    const files = results('same', {});
    const folder = join(dir, 'same');
    const tmuxPng = 'pictures/tmux-3.3a/erase.el-with-background.png';
    mkdirSync(join(folder, 'pictures', 'tmux-3.3a'), { recursive: true });
    writeFileSync(join(folder, tmuxPng), png.png);
    const tmuxFile = join(folder, 'tmux-3.3a.json');
    const run = JSON.parse(readFileSync(tmuxFile, 'utf8')) as ResultsFile;
    run.probes.find((p) => p.id === PROBE)!.picture = { path: tmuxPng, width: png.width, height: png.height };
    writeFileSync(tmuxFile, JSON.stringify(run, null, 1));
    const out = join(dir, 'site-same');
    const r = runCli(['site', ...files, '--out', out, ...REGISTRY, '--quiet']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(readdirSync(join(out, 'results', 'pictures'), { recursive: true }).filter((f) => String(f).endsWith('.png'))).toEqual([`ghostty-0.4.0/${PROBE}.png`]);
    // tmux's copy of its results file points at ghostty's picture, which is there: the site's results/ is still a results folder.
    const copy = JSON.parse(gunzipSync(readFileSync(join(out, 'results', 'tmux-3.3a.json.gz'))).toString('utf8')) as ResultsFile;
    expect(copy.probes.find((p) => p.id === PROBE)!.picture).toEqual({ path: `pictures/ghostty-0.4.0/${PROBE}.png`, width: png.width, height: png.height });
    if (!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE)) return;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const problems = watchPage(page);
      await openPage(page, pathToFileURL(join(out, 'probes', `${PROBE}.html`)).href);
      const img = page.locator('table.answers tr:has(#t-tmux-3\\.3a) details.screens img');
      expect(await img.getAttribute('src')).toBe(`../results/pictures/ghostty-0.4.0/${PROBE}.png`);
      expect(await img.getAttribute('alt')).toBe(`tmux 3.3a after ${PROBE}: the terminal window, cropped to the probed region`);
      await page.locator('table.answers tr:has(#t-tmux-3\\.3a) details.screens > summary').click();
      await expect.poll(() => img.evaluate((i) => { const im = i as unknown as { complete: boolean; naturalWidth: number; naturalHeight: number }; return im.complete ? [im.naturalWidth, im.naturalHeight] : null; }), POLL).toEqual([png.width, png.height]);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  const refused: [string, Partial<{ path: string; width: number; height: number }>, ((f: string) => void) | undefined, RegExp][] = [
    ['a path out of the folder', { path: '../elsewhere.png' }, undefined, /ghostty-0\.4\.0\.json: not a termprobe results file: probes\[\d+\]\.picture\.path \(probe "erase\.el-with-background"\): "\.\.\/elsewhere\.png" leaves the results file's folder/],
    ['a missing file', {}, () => undefined, /ghostty-0\.4\.0\.json: probe "erase\.el-with-background": picture pictures\/ghostty-0\.4\.0\/erase\.el-with-background\.png cannot be read \(ENOENT\)$/],
    ['a file that is not a PNG', {}, (f) => writeFileSync(f, '<svg xmlns="http://www.w3.org/2000/svg"/>'), /probe "erase\.el-with-background": picture \S+ is not a PNG file$/],
    ['a PNG of another size', { width: 10 }, undefined, /probe "erase\.el-with-background": picture \S+ is \d+×\d+ pixels; the results file says 10×\d+$/],
    ['a link out of the folder', {}, (f) => symlinkSync(join(dir, 'outside.png'), f), /probe "erase\.el-with-background": picture \S+ leads out of the results file's folder \(through a link\)$/],
  ];
  for (const [what, picture, write, message] of refused) {
    it(`refuses ${what} in one line naming the results file and the probe, and writes nothing`, () => {
      writeFileSync(join(dir, 'outside.png'), png.png);
      const name = what.replace(/\W+/g, '-');
      const files = results(name, picture, write);
      const out = join(dir, `site-${name}`);
      const r = runCli(['site', ...files, '--out', out, ...REGISTRY]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(existsSync(out)).toBe(false);
    });
  }

  describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('in Chromium', () => {
    it('loads the picture from disk under the site\'s CSP once its answer\'s screens are opened', async () => {
      const out = join(dir, 'site-good');
      if (!existsSync(out)) expect(runCli(['site', ...results('good', {}), '--out', out, ...REGISTRY, '--quiet']).code).toBe(0);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        const problems = watchPage(page);
        await openPage(page, pathToFileURL(join(out, 'probes', `${PROBE}.html`)).href);
        const details = page.locator('details.screens:has(img)');
        const img = details.locator('img');
        expect(await img.evaluate((i) => [i.getAttribute('loading'), i.getAttribute('src'), i.getAttribute('width'), i.getAttribute('height'), i.getAttribute('alt')])).toEqual(['lazy', `../results/pictures/ghostty-0.4.0/${PROBE}.png`, String(png.width), String(png.height), `ghostty 0.4.0 after ${PROBE}: the terminal window, cropped to the probed region`]);
        // Beside ghostty's answer: in the same answer row as its name, after the cells it read.
        const row = page.locator('table.answers tr:has(#t-ghostty-0\\.4\\.0)');
        expect(await row.locator('details.screens img').count()).toBe(1);
        expect(await row.evaluate((tr) => { const html = tr.innerHTML; return html.indexOf('<table class="screen') < html.indexOf('<img'); })).toBe(true);
        expect(await row.locator('details.screens > summary').textContent()).toMatch(/^screen.* · 1 picture$/);
        await details.locator('summary').click();
        await expect.poll(() => page.evaluate('(() => { const i = document.querySelector("details.screens img"); return i.complete ? [i.naturalWidth, i.naturalHeight] : null; })()'), POLL).toEqual([png.width, png.height]);
        // The page stays accessible with its picture: every image named, every text readable.
        const audit = (await page.evaluate(AUDIT_SCRIPT)) as AuditResult;
        expect(audit.unnamed).toEqual([]);
        expect(audit.pairs.filter((p) => p.ratio < 4.5)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});
