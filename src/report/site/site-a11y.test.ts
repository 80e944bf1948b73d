/**
 * The published site for everyone, in Chromium: the document's
 * language, a name on every link and control, contrast ≥ 4.5:1 for every text
 * colour against its background in light and dark mode, matrix cells named for
 * screen readers, terminal names in each table's header row, a skip link to the
 * first cell, and a dark mode that follows prefers-color-scheme.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, openPage, POLL, watchPage } from './browser-harness.js';
import { buildSite } from './build-site.js';
import { AUDIT_SCRIPT, type AuditResult } from './page-audit-test-support.js';
import type { SiteModel } from './site-model.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PUBLISHED = join(ROOT, 'results');
const SHOTS = join(ROOT, '.test-output');
const published = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).sort().map((f) => join(PUBLISHED, f));

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('the published site for everyone (Chromium)', () => {
  let dir: string;
  let browser: Browser;
  let model: SiteModel;
  const url = (path: string) => {
    const [file, hash] = path.split('#');
    return pathToFileURL(join(dir, 'site', file!)).href + (hash ? `#${hash}` : '');
  };

  const kittyVsXterm = () => `compare.html#a=${model.columns.find((c) => c.view.name === 'kitty')!.slug}&b=${model.columns.find((c) => c.view.name === 'xterm')!.slug}`;

  /** One page of each kind, and the probe pages with the most kinds of content (classes, inconclusive notes, screens, a targeted row). */
  const samples = () => {
    const probe = (id: string) => `probes/${model.rows.find((r) => r.id === id)!.slug}.html`;
    const kitty = model.columns.find((c) => c.view.name === 'kitty')!;
    return ['index.html', 'probes.html', 'features/synchronized-output.html', 'features/kitty-keyboard-protocol.html', 'terminals.html', 'api.html', 'notation.html', `${probe('reports.da1')}#t-${kitty.slug}`, probe('unicode-width.wide-last-column-nowrap'), probe('erase.ech-zero'), probe('alt-screen.1049-hides-main'), `terminals/${kitty.slug}.html`, `terminals/${model.reference.slug}.html`, kittyVsXterm()];
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-a11y-'));
    ({ model } = await buildSite(published.map((f) => viewRun(f, readResults(f))), join(dir, 'site')));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`has a language, named links and controls, and text contrast ≥ 4.5:1 in ${scheme} mode`, async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
      const problems = watchPage(page);
      try {
        const low: string[] = [];
        let pairs = 0;
        for (const path of samples()) {
          await openPage(page, url(path));
          const audit = (await page.evaluate(AUDIT_SCRIPT)) as AuditResult;
          expect(audit.lang, path).toBe('en');
          expect(audit.unnamed, path).toEqual([]);
          expect(audit.unparsed, path).toEqual([]);
          pairs += audit.pairs.length;
          for (const p of audit.pairs) if (p.ratio < 4.5) low.push(`${path}: ${p.fg} on ${p.bg} = ${p.ratio} (${p.sample})`);
        }
        expect(pairs).toBeGreaterThan(10);
        expect(low).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('follows prefers-color-scheme: the dark page differs from the light one', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const shots: Buffer[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
      await openPage(page, url('index.html'));
      const path = join(SHOTS, `site-matrix-${scheme}.png`);
      shots.push(await page.screenshot({ path }));
      console.log(`${scheme} screenshot: ${path}`);
      expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(21, 25, 29)');
      await page.close();
    }
    expect(shots[0]!.equals(shots[1]!)).toBe(false);
  });

  it('names matrix cells for screen readers and repeats terminal names in every table\'s header row', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      // The features grid: one cell in the tab order, named for screen readers; the rows and columns have headers.
      await openPage(page, url('index.html'));
      const first = model.features!.list[0]!;
      expect(await page.getAttribute('#fgrid td[tabindex="0"]', 'aria-label')).toBe(`${model.columns[0]!.view.label}, ${first.feature.name}: ${({ supported: 'supported', partial: 'partial', unsupported: 'not supported', unmeasured: 'not measured' })[first.cells[0]!.mark]}`);
      expect(await page.locator('#fgrid thead th').count()).toBe(model.columns.length + 1);
      await openPage(page, url('probes.html'));
      const kitty = model.columns.find((c) => c.view.name === 'kitty')!;
      const row = model.rows[0]!;
      const cell = page.locator(`#matrix a[href="probes/${row.slug}.html#t-${kitty.slug}"]`);
      expect(await cell.getAttribute('aria-label')).toBe(`kitty: ${row.cells[kitty.index]!.kind === 'implements' ? 'implements' : (await import('./cell-kind.js')).KIND_STYLES[row.cells[kitty.index]!.kind].word}`);
      const heads = (await page.evaluate(`Array.from(document.querySelectorAll('#matrix section.cat table')).map((t) => Array.from(t.querySelectorAll('thead th')).map((th) => th.textContent))`)) as string[][];
      expect(heads).toHaveLength(model.categories.length);
      for (const h of heads) expect(h).toEqual(['probe', ...model.columns.map((c) => c.view.label)]);
      for (const path of [kittyVsXterm(), `terminals/${kitty.slug}.html`, `probes/${row.slug}.html`]) {
        await openPage(page, url(path));
        const first = (await page.evaluate(`Array.from(document.querySelectorAll('main table.data')).map((t) => t.querySelector('thead th') !== null)`)) as boolean[];
        expect(first.length, path).toBeGreaterThan(0);
        expect(first.every(Boolean), path).toBe(true);
      }
      await openPage(page, url(kittyVsXterm()));
      const pair = await page.locator('table.pair >> nth=0 >> thead th').allTextContents();
      expect(pair).toEqual(['probe', kitty.view.label, model.columns.find((c) => c.view.name === 'xterm')!.view.label]);
    } finally {
      await page.close();
    }
  });

  it('has a skip link: one Tab and Enter reach the feature search, or the first cell of the probe table', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await openPage(page, url('index.html'));
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate('document.activeElement.textContent'), POLL).toBe('Skip to the feature search');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate('location.hash'), POLL).toBe('#find');
      await expect.poll(() => page.evaluate('document.activeElement.id'), POLL).toBe('find');
      await openPage(page, url('probes.html'));
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate('document.activeElement.textContent'), POLL).toBe('Skip to the table');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate('location.hash'), POLL).toBe('#first-cell');
      // The table is one tab stop (~20,000 cells): the arrow keys go on from there.
      if ((await page.evaluate('document.activeElement.id')) !== 'first-cell') await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate('document.activeElement.closest("#matrix tr.probe") !== null'), POLL).toBe(true);
      expect(await page.evaluate('document.querySelectorAll("#matrix [tabindex=\'0\']").length')).toBe(1);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate('document.activeElement.getAttribute("href")')).toBe(`probes/${model.rows[1]!.slug}.html#t-${model.columns[1]!.slug}`);
      await openPage(page, url(`terminals/${model.columns[0]!.slug}.html`));
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate('document.activeElement.getAttribute("href")'), POLL).toBe('#main');
    } finally {
      await page.close();
    }
  });
});
