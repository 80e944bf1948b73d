/**
 * The site of the published results (results/ with the shipped corpus) on
 * any screen, in Chromium: every page at 390 px (a phone) and at 1440 px is no
 * wider than its window, the matrix keeps several terminal columns and whole
 * scores on a phone, and probe pages stay short.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, measurePages, openPage, serveFolder, watchPage, type FramedSize, type ServedFolder } from './browser-harness.js';
import { buildSite } from './build-site.js';
import type { SiteModel } from './site-model.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PUBLISHED = join(ROOT, 'results');
const published = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).sort().map((f) => join(PUBLISHED, f));
const PAGE_FOLDERS = ['probes', 'terminals'];

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('the published site on any screen (Chromium)', () => {
  let dir: string;
  let browser: Browser;
  let model: SiteModel;
  let pages: string[];
  let served: ServedFolder;
  const site = () => join(dir, 'site');
  const url = (path: string) => pathToFileURL(join(site(), path)).href;

  /** Every page's width against its window and its height, at one window width. */
  async function measureAll(width: number): Promise<FramedSize[]> {
    const tab = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const problems = watchPage(tab);
    try {
      const sizes = await measurePages(tab, served, pages, width);
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
    pages = ['index.html', ...PAGE_FOLDERS.flatMap((d) => readdirSync(join(site(), d)).map((f) => `${d}/${f}`)), ...pairs];
    served = await serveFolder(site());
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`builds every page of the ${published.length} published terminals, and measures the compare view of every pair`, () => {
    const n = published.length;
    expect(model.columns).toHaveLength(n);
    expect(pages.length).toBe(1 + model.rows.length + n + (n * (n - 1)) / 2);
  });

  for (const width of [390, 1440]) {
    it(`has no page wider than a ${width} px window (every page checked)`, async () => {
      const sizes = await measureAll(width);
      expect(sizes).toHaveLength(pages.length);
      expect(sizes.filter((s) => s.width > s.window).map((s) => `${s.path}: ${s.width} px`)).toEqual([]);
      expect(sizes.filter((s) => !s.legend).map((s) => s.path)).toEqual([]);
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
      await openPage(tab, url('index.html'));
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
});
