/**
 * End to end: build the site from the committed fixture results (with the
 * fixture features beside the fixture corpus), open it in headless Chromium,
 * check the features overview and the probe table, filter it, follow a cell to
 * its probe page, and take screenshots (paths printed: look at them; they are
 * kept in .test-output/, not in $TMPDIR, which a test run leaves as it found it).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameAnswer } from '../../classify/answer-signer.js';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, openPage, POLL, watchPage } from './browser-harness.js';
import { buildSite } from './build-site.js';
import type { SiteModel } from './site-model.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const RESULTS = join(FIXTURES, 'results');
const SHOTS = fileURLToPath(new URL('../../../.test-output/', import.meta.url));
const files = readdirSync(RESULTS).filter((f) => f.endsWith('.json')).sort().map((f) => join(RESULTS, f));

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('site in Chromium (fixture results)', () => {
  let out: string;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let model: SiteModel;
  /** Probe ids, in page order, where some two of these columns give different answers (the classifier's notion). */
  const disagreeing = (cols: number[]) =>
    model.rows.filter((r) => cols.some((a) => cols.some((b) => a < b && r.cells[a]!.result && r.cells[b]!.result && r.cells[a]!.result!.status !== 'skipped' && r.cells[b]!.result!.status !== 'skipped' && !sameAnswer(model.columns[a]!.view, model.columns[b]!.view, r.id).same))).map((r) => r.id);
  const url = (path: string) => pathToFileURL(join(out, path)).href;
  const visibleIds = () => page.locator('#matrix tr.probe:visible th a').allTextContents();
  /** The page's state after an action is read by polling until it holds (or the poll's last-resort limit). */
  const visible = () => expect.poll(visibleIds, POLL);

  beforeAll(async () => {
    out = join(mkdtempSync(join(tmpdir(), 'termprobe-site-')), 'site');
    ({ model } = await buildSite(files.map((f) => viewRun(f, readResults(f))), out, { registry: join(FIXTURES, 'divergences.yaml'), probes: join(FIXTURES, 'probes') }));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchPage(page);
  });
  afterAll(async () => {
    await browser?.close();
    if (out) rmSync(join(out, '..'), { recursive: true, force: true });
  });

  it('starts from the features: features × terminals by section, each mark from its probes', async () => {
    await openPage(page, url('index.html'));
    expect(await page.locator('#fgrid thead th.term .t-name').allTextContents()).toEqual(['xterm.js', 'ghostty', 'screen', 'tmux']);
    expect(await page.locator('#fgrid tr.sec h2').allTextContents()).toEqual(['Cursor and editing 5', 'Unicode and margins 3']);
    const marks = (slug: string) => page.locator(`#f-${slug} td`).allTextContents();
    // relative-position: HPR 0 and HPB; ghostty lacks HPR 0 but does HPB: partial.
    const hpr = model.rows.find((r) => r.id === 'cursor.hpr-zero')!;
    const hpb = model.rows.find((r) => r.id === 'cursor.hpb')!;
    const want = model.columns.map((c) => {
      const k = [hpr.cells[c.index]!.kind, hpb.cells[c.index]!.kind];
      return k.includes('implements') ? (k.every((x) => x === 'implements' || x === 'inconclusive') ? '✓' : '◐') : k.some((x) => x === 'lacks' || x === 'other' || x === 'unexplained') ? '✗' : '?';
    });
    expect(await marks('relative-position')).toEqual(want);
    expect(want[1]).toBe('◐');
    expect(await marks('hyperlinks')).toEqual(['?', '?', '?', '?']);
    await Promise.all([page.waitForURL(url('features/relative-position.html')), page.click('#f-relative-position th a')]);
    expect(await page.locator('table.feature-terminals tr:has(#t-ghostty-0\\.4\\.0)').textContent()).toContain('HPR 0 moves right one column: no');
    // Each facet's number says on hover what it checks, as its item in the list below says it (set by site.js from the list).
    await expect.poll(() => page.getAttribute('th.facet a[href="#facet-1"]', 'title'), POLL).toBe((await page.locator('#facet-1').evaluate((li) => li.firstChild!.textContent!)).trim());
    expect(await page.getAttribute('th.facet a[href="#facet-1"]', 'title')).toMatch(/^HP/);
    expect(problems).toEqual([]);
  });

  it('shows terminals as columns and probes as rows, grouped by category', async () => {
    await openPage(page, url('probes.html'));
    const heads = await page.$$eval('#matrix th.term', (ths) => ths.map((th) => th.querySelector('.t-name')!.textContent + ' ' + th.querySelector('.t-ver')!.textContent));
    expect(heads).toEqual(['xterm.js 6.0.0', 'ghostty 0.4.0', 'screen 4.09.00', 'tmux 3.3a']);
    const ids = await visibleIds();
    const expected = readResults(files[0]!).probes.map((p) => p.id);
    expect([...ids].sort()).toEqual([...expected].sort());
    const cats = await page.$$eval('#matrix section.cat', (sections) => sections.map((s) => s.getAttribute('data-cat')));
    expect(cats).toEqual(['alt-screen', 'cursor', 'erase', 'insert-delete', 'margins', 'origin-mode', 'tabs', 'unicode-width']);
    expect(await page.textContent('#matrix a[href="probes/alt-screen.1049-clears-on-exit.html"] + .p-title')).toBe('Leaving 1049 clears the alternate screen');
    const cell = (probe: string, col: number) => page.$eval(`#matrix a[href="probes/${probe}.html"]`, (a, c) => { const td = a.closest('tr')!.querySelectorAll('td')[c]!; return `${td.className} ${td.textContent}`; }, col);
    expect(await cell('cursor.hpr-zero', 1)).toBe('c1 k-lacks differs ✗');
    expect(await cell('cursor.hpb', 1)).toBe('c1 k-implements differs ✓');
    expect(await cell('cursor.hpb', 0)).toBe('c0 k-lacks ✗');
    expect(await cell('alt-screen.1049-clears-on-exit', 1)).toBe('c1 k-lacks differs ✗');
    expect(await cell('tabs.ht-next-stop', 3)).toBe('c3 k-implements ✓');
    expect(await page.getAttribute('#matrix a[href="probes/cursor.hpb.html#t-ghostty-0.4.0"]', 'title')).toMatch(/^ghostty 0\.4\.0: implements · R reference · 5;7/);
    const scores = await page.$$eval('#matrix tr.scores td', (tds) => tds.map((td) => td.textContent));
    // The scores src/classify computed, as the CLI shows them.
    expect(scores).toEqual(model.cmp.summaries.map((s) => (s.score === null ? '—' : s.score.toFixed(1))));
    expect(problems).toEqual([]);
  });

  it('filters by search text, disagreement, category and terminal without reloading', async () => {
    await openPage(page, url('probes.html'));
    await page.fill('#filter-search', 'CUU');
    await visible().toEqual(['cursor.cuu-default']);
    await page.fill('#filter-search', 'cursor.h');
    await visible().toEqual(['cursor.hpr-zero', 'cursor.hpb']);
    await page.check('#filter-disagree');
    await visible().toEqual(['cursor.hpr-zero', 'cursor.hpb']);
    await page.fill('#filter-search', '');
    const all = disagreeing([0, 1, 2, 3]);
    expect(all.length).toBeGreaterThan(3);
    await visible().toEqual(all);
    // Only xterm.js and tmux shown: rows where those two disagree.
    await page.uncheck('input[data-col="1"]');
    await page.uncheck('input[data-col="2"]');
    await page.locator('#matrix th.term.c1').waitFor({ state: 'hidden' });
    await page.locator('#matrix td.c1 >> nth=0').waitFor({ state: 'hidden' });
    const two = disagreeing([0, 3]);
    expect(two).toContain('cursor.hpr-zero');
    expect(two.length).toBeLessThan(all.length);
    await visible().toEqual(two);
    await page.uncheck('#filter-disagree');
    await page.uncheck('input[data-cat="cursor"]');
    expect(await visibleIds()).not.toContain('cursor.hpb');
    await page.locator('#cat-cursor').waitFor({ state: 'hidden' });
    await expect.poll(() => page.textContent('#filter-count'), POLL).toBe('7 of 10 probes shown for 2 terminals');
    await page.fill('#filter-search', 'no such probe');
    await visible().toEqual([]);
    expect(problems).toEqual([]);
  });

  it('leads from a cell to the probe page with bytes, repro, answers and screens', async () => {
    await openPage(page, url('probes.html'));
    mkdirSync(SHOTS, { recursive: true });
    const shot = join(SHOTS, 'site-matrix.png');
    await page.screenshot({ path: shot });
    console.log(`matrix screenshot: ${shot}`);
    await Promise.all([page.waitForURL(url('probes/cursor.hpr-zero.html') + '#t-ghostty-0.4.0'), page.click('#matrix a[href="probes/cursor.hpr-zero.html#t-ghostty-0.4.0"]')]);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    const row = page.locator('table.answers tr:has(#t-ghostty-0\\.4\\.0)');
    expect(await row.textContent()).toContain('✗ lacks');
    expect(await row.textContent()).toContain('B bug');
    expect(await row.textContent()).toContain('takes HPR 0 literally');
    expect(await row.textContent()).toContain('\\e[5;10R');
    expect(await page.textContent('#repro')).toMatch(/^printf '\\033\[2J\\033\[H.*\\033\[6n'$/);
    expect(await page.textContent('h1')).toContain('cursor.hpr-zero');
    expect(await page.evaluate('getComputedStyle(document.getElementById("answers"), "::before").content')).toBe('none');
    // What every probe page says alike comes from its script, not each page: the reader sees it all the same.
    expect(await page.textContent('h2:has(#answers-n)')).toMatch(/^Answers \d+ distinct from \d terminals; classes against xterm\.js [\d.]+ · how to read them$/);
    expect(await page.getAttribute('h2:has(#answers-n) a', 'href')).toBe('../notation.html');
    expect(await page.textContent('#bytes-h')).toBe('Bytes and a printf that sends them (it clears the screen; the reply shows up as typed input)');
    expect(await page.getAttribute('.verdict-line', 'title')).toBe('engines, not packages: the front ends of one engine count once');
    // The label changes in the clipboard promise's callback, after the click returns: wait for it.
    const copy = 'button[data-copy="repro"]';
    expect(await page.textContent(copy)).not.toMatch(/^(copied|selected: press Ctrl\+C)$/);
    await page.click(copy);
    await expect.poll(() => page.textContent(copy), POLL).toMatch(/^(copied|selected: press Ctrl\+C)$/);

    await openPage(page, url('probes/origin-mode.cup-offset-by-margins.html'));
    const grids = await page.$$eval('table.screen', (ts) => ts.map((t) => t.querySelectorAll('tr').length));
    expect(grids.length).toBeGreaterThanOrEqual(2);
    expect(grids[0]).toBe(7); // column numbers + 6 rows
    await openPage(page, url('probes/erase.el-with-background.html'));
    const blue = await page.evaluate('getComputedStyle(document.querySelector("table.screen td.g-0000ee")).backgroundColor');
    expect(blue).toBe('rgb(0, 0, 238)');
    const probeShot = join(SHOTS, 'site-probe.png');
    await page.screenshot({ path: probeShot, fullPage: true });
    console.log(`probe page screenshot: ${probeShot}`);
    expect(problems).toEqual([]);
  });

  it('has a report card per terminal with its identity, scores, divergences and results file', async () => {
    await openPage(page, url('probes.html'));
    await Promise.all([page.waitForURL(url('terminals/ghostty-0.4.0.html')), page.click('#matrix th.term.c1 a')]);
    const text = (await page.textContent('main'))!;
    for (const s of ['ghostty-web@0.4.0', 'identified by', 'Report card', 'takes HPR 0 literally', 'Relative position (HPR, HPB)', 'HPR 0 moves right one column: no']) expect(text).toContain(s);
    // The report card leads; probes, differences, identity and settings come after.
    expect(await page.locator('main h2').allTextContents()).toEqual(['Report card', 'Partly supported', 'Not supported', 'Not measured here', 'Between versions', 'Unicode widths', 'Measure it again', 'Probes by category', 'Differences', 'Styles and cursor read from the pixels', 'Identity', 'Settings']);
    const href = await page.getAttribute('a[download]', 'href');
    expect(href).toBe('../results/ghostty-0.4.0.json.gz');
    expect(JSON.parse(gunzipSync(readFileSync(join(out, 'terminals', href!))).toString('utf8'))).toEqual(JSON.parse(readFileSync(join(RESULTS, 'ghostty-0.4.0.json'), 'utf8')));
    await expect.poll(() => page.evaluate('document.querySelector("img.badge").complete'), { timeout: 30_000 }).toBe(true);
    expect(await page.evaluate('document.querySelector("img.badge").naturalWidth')).toBeGreaterThan(0);
    const index = JSON.parse(readFileSync(join(out, 'api/v6/index.json'), 'utf8')) as { terminals: unknown[]; probes: unknown[]; features: unknown[] };
    expect([index.terminals.length, index.probes.length, index.features.length]).toEqual([4, 10, 8]);
    expect(problems).toEqual([]);
  });
});
