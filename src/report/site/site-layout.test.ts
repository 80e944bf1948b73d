/**
 * The site of the published results (results/ with the shipped corpus) on
 * any screen, in Chromium: every page at 390 px (a phone) and at 1440 px is no
 * wider than its window and carries the site's navigation, the probe table keeps
 * several terminal columns and whole scores on a phone, and probe pages stay
 * short. And its weight: the index is at most 150 KB with what it loads, no page
 * is over 500 KB before pictures, the whole site at most 15 MB.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, measurePages, openPage, phoneLoad, serveFolder, watchPage, type FramedSize, type ServedFolder } from './browser-harness.js';
import { buildSite } from './build-site.js';
import type { SiteModel } from './site-model.js';
import { folderBytes } from './write-site.js';
import { readPage } from './read-page-test-support.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PUBLISHED = join(ROOT, 'results');
const published = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).sort().map((f) => join(PUBLISHED, f));
const PAGE_FOLDERS = ['probes', 'terminals', 'features'];
const TOP_PAGES = ['index.html', 'probes.html', 'terminals.html', 'history.html', 'api.html', 'notation.html', 'compare.html'];

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('the published site on any screen (Chromium)', () => {
  let dir: string;
  let browser: Browser;
  let model: SiteModel;
  let pages: string[];
  let served: ServedFolder;
  /** The same folder with its assets cacheable, for measuring every page: each page loads, the shared scripts are fetched once. */
  let cached: ServedFolder;
  const site = () => join(dir, 'site');
  const url = (path: string) => pathToFileURL(join(site(), path)).href;

  /** Every page's width against its window and its height, at one window width. */
  async function measureAll(width: number): Promise<FramedSize[]> {
    const tab = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const problems = watchPage(tab);
    try {
      const sizes = await measurePages(tab, cached, pages, width);
      expect(problems).toEqual([]);
      return sizes;
    } finally {
      await tab.close();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-layout-'));
    ({ model } = await buildSite(published.map((f) => viewRun(f, readResults(f))), site()));
    // Every page, and the compare view of every pair (one page, drawn from the address).
    const pairs = model.columns.flatMap((a, i) => model.columns.slice(i + 1).map((b) => `compare.html#a=${a.slug}&b=${b.slug}`));
    pages = [...TOP_PAGES, ...PAGE_FOLDERS.flatMap((d) => readdirSync(join(site(), d)).map((f) => `${d}/${f}`)), ...pairs];
    served = await serveFolder(site());
    cached = await serveFolder(site(), { cache: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
    await cached?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`builds every page of the ${published.length} published terminals, and measures the compare view of every pair`, () => {
    const n = published.length;
    expect(model.columns).toHaveLength(n);
    expect(pages.length).toBe(TOP_PAGES.length + model.rows.length + n + model.features!.list.length + (n * (n - 1)) / 2);
  });

  // Both widths at once, each in a tab of its own (a renderer process each): every page is measured at each width
  // as before, on two cores instead of one.
  for (const width of [390, 1440]) {
    it.concurrent(`has no page wider than a ${width} px window (every page checked)`, async () => {
      const sizes = await measureAll(width);
      expect(sizes).toHaveLength(pages.length);
      expect(sizes.filter((s) => s.width > s.window).map((s) => `${s.path}: ${s.width} px`)).toEqual([]);
      // Every page leads to every part of the site: Unicode, compare, history and the rest are in its navigation.
      expect(sizes.filter((s) => !s.nav).map((s) => s.path)).toEqual([]);
      if (width === 1440) {
        const probes = sizes.filter((s) => s.path.startsWith('probes/')).sort((a, b) => b.height - a.height);
        console.log(`[site layout] tallest probe pages at 1440 px: ${probes.slice(0, 3).map((s) => `${s.path} ${s.height} px`).join(', ')}`);
        expect(probes[0]!.height, probes[0]!.path).toBeLessThanOrEqual(1500);
      }
    }, 900_000);
  }

  it('keeps the answers table header in view while its rows scroll', async () => {
    const tab = await browser.newPage({ viewport: { width: 1440, height: 500 } });
    try {
      const row = model.rows.find((r) => r.id === 'reports.da1')!;
      await openPage(tab, url(`probes/${row.slug}.html`));
      const [stuck, tableTop] = (await tab.evaluate(`(() => {
        const table = document.querySelector('table.answers');
        window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY + 150);
        return [Math.round(table.querySelector('thead th').getBoundingClientRect().top), Math.round(table.getBoundingClientRect().top)];
      })()`)) as [number, number];
      expect(tableTop).toBeLessThan(0);
      expect(stuck).toBe(0);
    } finally {
      await tab.close();
    }
  });

  it('shows several terminal columns and whole scores on a phone', async () => {
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await openPage(tab, url('probes.html'));
      const fit = (await tab.evaluate(`(() => {
        const wrap = document.querySelector('.matrix-wrap').getBoundingClientRect();
        const cols = Array.from(document.querySelectorAll('#matrix .m-head th.term')).filter((th) => th.getBoundingClientRect().right <= wrap.right).length;
        const clipped = Array.from(document.querySelectorAll('#matrix tr.scores td')).filter((td) => td.scrollWidth > td.clientWidth).length;
        const probeCol = document.querySelector('#matrix .corner').getBoundingClientRect().width;
        return [cols, clipped, Math.round(probeCol)];
      })()`)) as [number, number, number];
      expect(fit[0]).toBeGreaterThanOrEqual(5);
      expect(fit[1]).toBe(0);
      expect(fit[2]).toBeLessThan(390 / 2);
    } finally {
      await tab.close();
    }
  });
  it('weighs no page over 500 KB before pictures (with the styles and scripts it loads), and the index at most 150 KB transferred', async () => {
    // The whole site's weight (with its Unicode, history and sessions pages) is checked where the CLI builds it: site-cli.test.ts.
    console.log(`[site weight] this build (no Unicode, history or sessions pages) ${(folderBytes(site()) / 1e6).toFixed(2)} MB`);
    const bytes = (path: string) => statSync(join(site(), path)).size;
    const heavy: string[] = [];
    let heaviest = { path: '', size: 0 };
    for (const path of pages.filter((p) => !p.includes('#'))) {
      const html = readFileSync(join(site(), path), 'utf8');
      const quoted = readPage(join(site(), path));
      const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
      const loads = [...quoted.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => join(dir, m[1]!));
      expect(loads.length, path).toBeGreaterThan(0);
      const size = Buffer.byteLength(html) + loads.reduce((n, f) => n + bytes(f), 0);
      if (size > heaviest.size) heaviest = { path, size };
      if (size > 500_000) heavy.push(`${path}: ${size} bytes`);
    }
    console.log(`[site weight] heaviest page with what it loads: ${heaviest.path} ${(heaviest.size / 1000).toFixed(0)} KB`);
    expect(heavy).toEqual([]);
    // The index as a browser fetches it, over HTTP (no compression): the page, its stylesheet and scripts; search and notes data load on use.
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await openPage(tab, served.url + 'index.html');
      const sizes = ((await tab.evaluate(`(() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).map((e) => [e.name.slice(${JSON.stringify(served.url)}.length), e.encodedBodySize]))()`)) as [string, number][]).filter(([n]) => n !== 'favicon.ico');
      const sum = sizes.reduce((n, [, s]) => n + s, 0);
      // Served compressed, as static hosts serve them, the same files are a fraction of that.
      const gzipped = sizes.reduce((n, [name]) => n + gzipSync(readFileSync(join(site(), name))).length, 0);
      console.log(`[site weight] index: ${sizes.map(([n, s]) => `${n} ${(s / 1000).toFixed(1)} KB`).join(', ')}; ${(sum / 1000).toFixed(1)} KB in all, ${(gzipped / 1000).toFixed(1)} KB gzipped`);
      expect(sizes.map(([n]) => n).sort()).toEqual(['assets/features.js', 'assets/site.css', 'assets/site.js', 'index.html']);
      expect(sum).toBeLessThanOrEqual(150_000);
    } finally {
      await tab.close();
    }
  });
  it('is usable within 1 s on a phone with its CPU slowed 4× (times printed)', async () => {
    // Measured, not asserted against the clock: a test machine shared with other work is slow, never wrong.
    // `npm run bench -- site` holds the same figures to the issue's 1 s.
    const index = await phoneLoad(browser, served, 'index.html', { search: 'sync' });
    const probes = await phoneLoad(browser, served, 'probes.html');
    const feature = await phoneLoad(browser, served, 'features/synchronized-output.html');
    const ms = (n: number | undefined) => `${(n ?? 0).toFixed(0)} ms`;
    console.log(`[site phone] 390 px, CPU 4× slower, median of 3 loads: index.html interactive ${ms(index.interactive)} (load ${ms(index.load)}; first search with its data ${ms(index.firstSearch)}); probes.html interactive ${ms(probes.interactive)}; a feature page ${ms(feature.interactive)}`);
    expect(index.interactive).toBeGreaterThan(0);
    expect(index.firstSearch).toBeGreaterThan(0);
  });
});
