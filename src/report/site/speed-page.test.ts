/**
 * The speed page as a user gets it: tmux and screen measured for real (one trial
 * a figure, for time), a third speed file written by hand with a name that needs
 * escaping and a stalled drain, the site built by the CLI, then the page and its
 * charts read as files and in Chromium.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { serializeSpeedResults } from '../../results/read-speed-results.js';
import { speedFigure, speedResults } from '../../results/speed-results.test-support.js';
import { runCli } from '../../test-support/cli.js';
import { havePrograms } from '../../test-support/require-program.js';
import { useTempDirs } from '../../test-support/temp-dirs.js';
import { AUDIT_SCRIPT, type AuditResult } from './page-audit-test-support.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, measurePages, serveFolder, watchPage } from './browser-harness.js';
import { readPage } from './read-page-test-support.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const RESULTS = ['xterm.js-6.0.0.json', 'ghostty-0.4.0.json'];
const REGISTRY = ['--registry', join(FIXTURES, 'divergences.yaml'), '--probes', join(FIXTURES, 'probes')];
const tempDir = useTempDirs();

describe.skipIf(!havePrograms([{ program: 'tmux', pkg: 'tmux' }, { program: 'screen', pkg: 'screen' }, { program: CHROMIUM_PATH, pkg: CHROMIUM_PACKAGE }]))('the speed page', () => {
  let site: string;
  beforeAll(() => {
    const dir = tempDir('termprobe-speed-site-');
    const results = join(dir, 'results');
    mkdirSync(results);
    for (const f of RESULTS) copyFileSync(join(FIXTURES, 'results', f), join(results, f));
    const run = runCli(['speed', '-t', 'tmux,screen', '--trials', '1', '--out', results, '-q'], { cwd: dir, timeoutMs: 120_000 });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const odd = speedResults('<b>odd</b>', {}, 0.5);
    odd.figures[6] = speedFigure('drain.unicode', [], { status: 'stalled', stall: { trial: 1, consumed: 65_600, of: 524_288, afterMs: 5004, reason: 'no CPR reply for 5.0 s' } });
    writeFileSync(join(results, 'speed', 'odd-1.0.json'), serializeSpeedResults(odd));
    site = join(dir, 'site');
    const r = runCli(['site', ...RESULTS.map((f) => join(results, f)), '--out', site, ...REGISTRY], { cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, '']);
  }, 180_000);

  it('has a chart per figure, each terminal in it, best first, and every name escaped', () => {
    expect(readdirSync(join(site, 'speed')).sort()).toHaveLength(12);
    const page = readPage(join(site, 'speed.html'));
    expect(page).toContain('3 terminals at 80×24, payloads speed-payloads/1');
    expect(page.match(/<img src="speed\/[a-z0-9.-]+\.svg"/g)).toHaveLength(12);
    expect(page).toContain('&lt;b&gt;odd&lt;/b&gt; 1.0');
    expect(page).not.toContain('<b>odd');
    expect(page).toContain('stalled: 65600 of 524288 bytes consumed after 5.0 s (no CPR reply for 5.0 s)');
    expect(page).toContain('tmux has no window to watch');
    const svg = readFileSync(join(site, 'speed', 'drain.ascii.svg'), 'utf8');
    expect(svg).toContain('&lt;b&gt;odd&lt;/b&gt; 1.0');
    expect(svg).not.toContain('<b>');
    // The hand-made file drains twice as fast as it says its trials took 5-7 ms: far above tmux and screen, so first.
    const rows = [...svg.matchAll(/text-anchor="end">([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(rows[0]).toBe('&lt;b&gt;odd&lt;/b&gt; 1.0');
    expect(readFileSync(join(site, 'speed', 'drain.unicode.svg'), 'utf8')).toContain('stalled: 65600 of 524288 bytes consumed');
    expect(readPage(join(site, 'index.html'))).toContain('href="speed.html"');
    expect(JSON.parse(readFileSync(join(site, 'speed.json'), 'utf8'))).toHaveLength(3);
  });

  it('loads in Chromium with every chart drawn, nothing refused, every image named, text legible in light and dark, and fits a phone-wide window', async () => {
    expect(existsSync(join(site, 'speed.html'))).toBe(true);
    const served = await serveFolder(site);
    const browser = await launchChromium();
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ colorScheme });
        const problems = watchPage(page);
        await page.goto(pathToFileURL(join(site, 'speed.html')).href);
        await page.evaluate('Promise.all([...document.images].map((img) => { img.loading = "eager"; return img.decode(); }))');
        const sizes = (await page.evaluate('[...document.images].map((img) => img.naturalWidth)')) as number[];
        expect(sizes).toHaveLength(12);
        expect(sizes.every((w) => w > 0)).toBe(true);
        expect(problems).toEqual([]);
        const audit = (await page.evaluate(AUDIT_SCRIPT)) as AuditResult;
        expect([audit.lang, audit.unnamed, audit.unparsed]).toEqual(['en', [], []]);
        expect(audit.pairs.filter((p) => p.ratio < 4.5)).toEqual([]);
        await page.close();
      }
      const page = await browser.newPage();
      const [narrow] = await measurePages(page, served, ['speed.html'], 390);
      expect(narrow!.width).toBeLessThanOrEqual(narrow!.window);
    } finally {
      await browser.close();
      await served.close();
    }
  }, 120_000);
});
