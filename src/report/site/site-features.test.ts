/**
 * The site starts from features, in Chromium over the published runs: the
 * search finds a feature by name, alias, mnemonic or mode number and goes to its
 * page; a terminal's name becomes a removable chip; a tapped cell shows its
 * notes; the arrow keys move between cells and keep the focused one in view;
 * the feature page leads from each probe mark to its evidence; the terminal page
 * is a report card; and on a phone or in dark mode the grid stays readable.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, openPage, POLL, watchPage } from './browser-harness.js';
import { buildSite } from './build-site.js';
import type { SiteModel } from './site-model.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PUBLISHED = join(ROOT, 'results');
const published = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).sort().map((f) => join(PUBLISHED, f));

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('features on the site (Chromium, published runs)', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let model: SiteModel;
  const site = () => join(dir, 'site');
  const url = (path: string) => pathToFileURL(join(site(), path)).href;
  const shownRows = () => page.locator('#fgrid tbody tr:not(.sec):visible th a').allTextContents();
  const shownTerminals = () => page.locator('#fgrid thead th.term:visible .t-name').allTextContents();
  const options = () => page.locator('#find-list li a').allTextContents();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-features-'));
    ({ model } = await buildSite(published.map((f) => viewRun(f, readResults(f))), site()));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    problems = watchPage(page);
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds a feature by mode number, alias, mnemonic or name, and Enter goes to its page', async () => {
    await openPage(page, url('index.html'));
    expect(await page.locator('#fgrid tbody tr:not(.sec)').count()).toBe(model.features!.list.length);
    for (const [query, name] of <[string, string][]>[
      ['2026', 'Synchronized output (mode 2026)'],
      ['undercurl', 'Curly underline (SGR 4:3)'],
      ['DECSTBM', 'Scroll region (DECSTBM)'],
      ['sgr mouse', 'SGR mouse encoding (mode 1006)'],
      ['OSC 8', 'Hyperlinks (OSC 8)'],
    ]) {
      await page.fill('#find', query);
      await expect.poll(() => options().then((o) => o[0]), POLL).toBe(name);
    }
    await page.fill('#find', 'synchronized output');
    await expect.poll(options, POLL).toContain('Synchronized output (mode 2026)');
    await Promise.all([page.waitForURL(url('features/synchronized-output.html')), page.press('#find', 'Enter')]);
    expect(await page.textContent('h1')).toContain('Synchronized output (mode 2026)');
    expect(problems).toEqual([]);
  });

  it('makes a terminal’s name a chip that shows its column alone, and every word must match', async () => {
    await openPage(page, url('index.html'));
    await page.fill('#find', 'kitty ');
    await expect.poll(shownTerminals, POLL).toEqual(['kitty']);
    expect(await page.inputValue('#find')).toBe('');
    expect(await page.locator('#chips .chip').first().textContent()).toContain('kitty 0.26.5');
    await expect.poll(() => page.evaluate('location.hash'), POLL).toBe('#t=kitty-0.26.5');
    // Every word must match, in any field: two words of one feature find it, with the chip kept.
    await page.fill('#find', 'curly underline');
    await expect.poll(shownRows, POLL).toContain('Curly underline (SGR 4:3)');
    for (const name of await shownRows()) expect(name.toLowerCase()).toMatch(/curly|underline|undercurl|4:3/);
    await page.fill('#find', '');
    await page.click('#chips .chip:not(.all):not(.offer)');
    await expect.poll(() => shownTerminals().then((t) => t.length), POLL).toBe(model.columns.length);
    // "screen" names a terminal and is a word of the features: a chip, which offers to search for the word instead.
    await page.fill('#find', 'screen ');
    await expect.poll(shownTerminals, POLL).toEqual(['screen']);
    await page.click('#chips .chip.offer');
    await expect.poll(() => shownTerminals().then((t) => t.length), POLL).toBe(model.columns.length);
    await expect.poll(shownRows, POLL).toContain('Alternate screen (mode 1049)');
    expect(problems).toEqual([]);
  });

  it('shows a cell’s notes on a tap, and moves between cells with the arrow keys, keeping the focused one in view', async () => {
    await openPage(page, url('index.html'));
    const kitty = model.columns.find((c) => c.view.name === 'kitty')!;
    const cell = page.locator(`#f-synchronized-output td:nth-child(${kitty.index + 2})`);
    await cell.click();
    await expect.poll(() => page.textContent('#cell-panel-body'), POLL).toContain('reports mode 2026 as ?2026=2 after setting it');
    expect(await page.textContent('#cell-panel-h')).toContain('kitty 0.26.5 · Synchronized output (mode 2026): ◐ partial');
    expect(await page.getAttribute('#cell-panel-link', 'href')).toBe('features/synchronized-output.html#t-kitty-0.26.5');
    await page.click('#cell-panel-close');
    await page.focus('#fgrid tbody td');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate('document.activeElement.cellIndex')).toBe(2);
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowDown');
    const [top, headBottom, wrapBottom] = (await page.evaluate(`(() => {
      const cell = document.activeElement.getBoundingClientRect();
      const head = document.querySelector('#fgrid thead').getBoundingClientRect();
      const wrap = document.getElementById('grid-wrap').getBoundingClientRect();
      return [cell.top, head.bottom, wrap.bottom];
    })()`)) as [number, number, number];
    expect(top).toBeGreaterThanOrEqual(headBottom - 1);
    expect(top).toBeLessThan(wrapBottom);
    // One tab stop for the grid, not one per cell.
    expect(await page.locator('#fgrid td[tabindex="0"]').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('gives a feature’s page every terminal’s mark and notes, and leads from a probe mark to its evidence', async () => {
    await openPage(page, url('features/synchronized-output.html'));
    const row = page.locator('table.feature-terminals tr:has(#t-kitty-0\\.26\\.5)');
    expect(await row.textContent()).toContain('◐ partial');
    expect(await row.textContent()).toContain('reports mode 2026 as ?2026=2 after setting it (1 means set)');
    expect(await page.locator('table.feature-terminals tr:has(#t-xterm\\.js-6\\.0\\.0)').textContent()).toContain('6.0.0');
    await Promise.all([page.waitForURL(url('probes/reports.decrqm-2026.html') + '#t-kitty-0.26.5'), row.locator('td').nth(3).click()]);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    await expect.poll(() => page.locator('#t-kitty-0\\.26\\.5.target').count(), POLL).toBe(1);
    expect(await page.locator('tr.target').textContent()).toContain('?2026=2');
    expect(problems).toEqual([]);
  });

  it('makes the terminal page a report card', async () => {
    await openPage(page, url('terminals/kitty-0.26.5.html'));
    expect(await page.locator('main h2').allTextContents()).toEqual(expect.arrayContaining(['Report card', 'Partly supported', 'Not supported', 'Between versions', 'Unicode widths', 'Measure it again']));
    expect(await page.locator('table.report-card tbody th').allTextContents()).toEqual(model.features!.sections.map((s) => s.title));
    expect((await page.locator('ul.partials').allTextContents()).join(' ')).toContain('Synchronized output (mode 2026)');
    expect(await page.textContent('#repro')).toContain('npx termprobe run --target kitty --out results');
    expect(problems).toEqual([]);
  });

  it('fits a phone: no page scroll sideways, the feature column sticks, terminal names are whole', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const phoneProblems = watchPage(phone);
    try {
      await openPage(phone, url('index.html'));
      const [scrollWidth, clipped, stuck] = (await phone.evaluate(`(() => {
        const wrap = document.getElementById('grid-wrap');
        wrap.scrollLeft = 400;
        const names = Array.from(document.querySelectorAll('#fgrid thead th.term a')).filter((a) => a.scrollHeight > a.clientHeight + 1 || a.querySelector('.t-name').getBoundingClientRect().height > a.getBoundingClientRect().height + 1).length;
        const th = document.querySelector('#fgrid tbody tr:not(.sec) th').getBoundingClientRect().left - wrap.getBoundingClientRect().left;
        return [document.documentElement.scrollWidth, names, Math.round(th)];
      })()`)) as number[];
      expect(scrollWidth).toBeLessThanOrEqual(390);
      expect(clipped).toBe(0);
      expect(Math.abs(stuck!)).toBeLessThanOrEqual(2);
      expect(phoneProblems).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('keeps the tables dark in dark mode', async () => {
    const dark = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    try {
      const luminance = (css: string) => {
        const [r, g, b] = css.match(/\d+/g)!.map(Number) as [number, number, number];
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      await openPage(dark, url('index.html'));
      expect(luminance(await dark.evaluate('getComputedStyle(document.querySelector("#fgrid td.y")).backgroundColor') as string)).toBeLessThan(0.35);
      await openPage(dark, url('probes.html'));
      await dark.locator('#matrix td.k-implements').first().waitFor();
      expect(luminance(await dark.evaluate('getComputedStyle(document.querySelector("#matrix td.k-implements")).backgroundColor') as string)).toBeLessThan(0.35);
      expect(luminance(await dark.evaluate('getComputedStyle(document.querySelector("#matrix .m-head th.term")).backgroundColor') as string)).toBeLessThan(0.35);
    } finally {
      await dark.close();
    }
  });
});
