/**
 * Finding probes on the site (probes.html), in Chromium: search by id, words,
 * sequence mnemonic (derived from the bytes), every word wherever it is; a
 * terminal's name as a chip that shows its column; filters kept in the address;
 * a compare view for any pair that opens with counts. Run on the published
 * results (results/ with the shipped corpus) and, for sequences the corpus does
 * not send yet (OSC 52, OSC 8), on a small corpus run now on the embedded emulators.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { runTarget } from '../../engine/run-target.js';
import { readResults } from '../../results/read-results.js';
import { writeResults } from '../../results/write-results.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, openPage, POLL, watchPage } from './browser-harness.js';
import { buildSite } from './build-site.js';
import { answersDiffer, type SiteModel } from './site-model.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const PUBLISHED = join(ROOT, 'results');
const published = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).sort().map((f) => join(PUBLISHED, f));

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('finding things on the site (Chromium)', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let model: SiteModel;
  let small: string;
  const site = () => join(dir, 'site');
  const url = (path: string, root = site()) => pathToFileURL(join(root, path)).href;
  const visibleIds = () => page.locator('#matrix tr.probe:visible th a').allTextContents();
  const visibleTerminals = () => page.locator('#matrix th.term:visible .t-name').allTextContents();
  const search = async (text: string) => {
    await page.fill('#filter-search', text);
    await expect.poll(() => page.evaluate('location.hash'), POLL).toBe(text ? `#q=${encodeURIComponent(text).replace(/%20/g, '+')}` : '');
    // Descriptions and specs load with the first search (assets/probe-search.js); the rows are filtered again then.
    if (text) await expect.poll(() => page.evaluate('document.documentElement.dataset.searchLoaded'), { timeout: 30_000 }).toBe('1');
  };
  /** Type words and commit them (Enter), as a reader does; the address then holds the view. */
  const commit = async (text: string) => {
    await page.fill('#filter-search', text);
    await page.press('#filter-search', 'Enter');
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-find-'));
    ({ model } = await buildSite(published.map((f) => viewRun(f, readResults(f))), site()));
    // The small site: the fixture corpus plus OSC probes, run now on both embedded emulators.
    const probes = join(dir, 'probes');
    cpSync(join(FIXTURES, 'probes'), probes, { recursive: true });
    cpSync(join(FIXTURES, 'find-probes'), probes, { recursive: true });
    const corpus = await loadCorpus(probes);
    const files = [];
    for (const target of ['xterm.js', 'ghostty']) {
      const { results } = await runTarget(target, corpus, corpus.probes, { cols: 80, rows: 24 });
      const file = join(dir, `${target}.json`);
      writeResults(file, results);
      files.push(file);
    }
    small = join(dir, 'small');
    await buildSite(files.map((f) => viewRun(f, readResults(f))), small, { registry: join(FIXTURES, 'divergences.yaml'), probes });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    problems = watchPage(page);
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds probes by sequence mnemonic, by words of the spec and description, every word anywhere, and terminals by name', async () => {
    await openPage(page, url('probes.html'));
    await search('DECSET 1049');
    const ids = await visibleIds();
    expect(ids).toEqual(expect.arrayContaining(['alt-screen.1049-hides-main', 'alt-screen.1049-restores-cursor', 'reports.decrqm-1049']));
    // Every word, anywhere in a probe's texts.
    for (const id of ids) {
      const r = model.rows.find((x) => x.id === id)!;
      const text = [r.id, r.title, r.probe?.description, r.probe?.spec, ...r.sequences].join(' ').toLowerCase();
      expect(text, id).toContain('decset');
      expect(text, id).toContain('1049');
    }
    await search('cursor shape');
    expect(await visibleIds()).toContain('reports.decrqss-decscusr');
    await search('ECMA-48 8.3.21');
    expect(await visibleIds()).toEqual(expect.arrayContaining(model.rows.filter((r) => r.probe?.spec.includes('ECMA-48 8.3.21')).map((r) => r.id)));
    // Every word must match, in any field and any order: all 27 pending-wrap probes, not only the phrase.
    await search('pending wrap');
    const wraps = await visibleIds();
    expect(wraps).toEqual(expect.arrayContaining(model.rows.filter((r) => r.id.startsWith('pending-wrap.')).map((r) => r.id)));
    for (const id of wraps) {
      const r = model.rows.find((x) => x.id === id)!;
      const text = [r.id, r.title, r.probe?.description, r.probe?.spec, ...r.sequences].join(' ').toLowerCase();
      expect(text.includes('pending') && text.includes('wrap'), id).toBe(true);
    }
    // A terminal's name becomes a chip that shows its column alone (the box loses the word, the box of the others is unticked); the probes stay.
    await commit('kitty');
    await expect.poll(visibleTerminals, POLL).toEqual(['kitty']);
    expect(await page.inputValue('#filter-search')).toBe('');
    expect(await page.isChecked(`input[data-slug="${model.columns.find((c) => c.view.name === 'xterm')!.slug}"]`)).toBe(false);
    expect(await page.locator('#chips .chip:not(.all):not(.offer)').allTextContents()).toEqual(['kitty 0.26.5 ×']);
    expect(await visibleIds()).toHaveLength(model.rows.length);
    await commit('DECSTBM');
    expect(await visibleTerminals()).toEqual(['kitty']);
    const margins = await visibleIds();
    expect(margins.length).toBeGreaterThan(5);
    for (const id of margins) expect(`${id} ${model.rows.find((r) => r.id === id)!.sequences.join(' ')}`.toLowerCase(), id).toContain('decstbm');
    // Removing the chip shows every terminal again.
    await page.click('#chips .chip:not(.all):not(.offer)');
    await expect.poll(() => visibleTerminals().then((t) => t.length), POLL).toBe(model.columns.length);
    // "screen" names a terminal and is a word of the probes: the chip offers to search for the word instead.
    await commit('screen');
    await expect.poll(visibleTerminals, POLL).toEqual(['screen']);
    expect(await page.locator('#chips .chip.offer').allTextContents()).toEqual(['search for the word “screen” instead']);
    await page.click('#chips .chip.offer');
    await expect.poll(() => visibleTerminals().then((t) => t.length), POLL).toBe(model.columns.length);
    expect((await page.inputValue('#filter-search')).trim()).toBe('"screen"');
    await expect.poll(() => visibleIds().then((ids) => ids.length), POLL).toBeGreaterThan(50);
    await search('');
    expect(await visibleIds()).toHaveLength(model.rows.length);
    expect(problems).toEqual([]);
  });

  it('finds OSC 52, hyperlinks and cursor shape in probes run now', async () => {
    await openPage(page, url('probes.html', small));
    await search('OSC 52');
    expect(await visibleIds()).toEqual(['osc.clipboard-set-is-silent']);
    await search('hyperlink');
    expect(await visibleIds()).toEqual(['osc.link-text-only']);
    await search('cursor shape');
    expect(await visibleIds()).toEqual(['osc.cursor-style-silent']);
    await search('clipboard');
    expect(await visibleIds()).toEqual(['osc.clipboard-set-is-silent']);
    expect(problems).toEqual([]);
  });

  it('keeps the filters in the address: a reload shows the same view; filtering scrolls the matrix to the top', async () => {
    await openPage(page, url('probes.html'));
    await page.evaluate('document.querySelector(".matrix-wrap").scrollTop = 3000');
    await expect.poll(() => page.evaluate('document.querySelector(".matrix-wrap").scrollTop'), POLL).toBeGreaterThan(1000);
    await commit('kitty xterm');
    await expect.poll(() => page.evaluate('document.querySelector(".matrix-wrap").scrollTop'), POLL).toBe(0);
    await page.check('#filter-disagree');
    await page.selectOption('#filter-mark', 'lacks');
    await page.uncheck('input[data-cat="cursor"]');
    const kitty = model.columns.find((c) => c.view.name === 'kitty')!;
    const xterm = model.columns.find((c) => c.view.name === 'xterm')!;
    const expected = model.rows.filter((r) => r.row.category !== 'cursor' && answersDiffer(r, kitty.index, xterm.index) && [kitty, xterm].some((c) => r.cells[c.index]!.kind === 'lacks')).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(visibleIds, POLL).toEqual(expected);
    const shared = page.url();
    expect(decodeURIComponent(shared)).toMatch(new RegExp(`#differ=1&mark=lacks&cat=.*&t=${kitty.slug.replace(/\./g, '\\.')},${xterm.slug.replace(/\./g, '\\.')}$`));
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await openPage(fresh, shared);
      expect(await fresh.locator('#matrix tr.probe:visible th a').allTextContents()).toEqual(expected);
      expect(await fresh.locator('#matrix th.term:visible .t-name').allTextContents()).toEqual(['kitty', 'xterm']);
      expect([await fresh.inputValue('#filter-search'), await fresh.isChecked('#filter-disagree'), await fresh.inputValue('#filter-mark'), await fresh.isChecked('input[data-cat="cursor"]')]).toEqual(['', true, 'lacks', false]);
      expect(await fresh.locator('#chips .chip:not(.all):not(.offer)').allTextContents()).toEqual([`${kitty.view.label} ×`, `${xterm.view.label} ×`]);
    } finally {
      await fresh.close();
    }
    await page.reload();
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    expect(await visibleIds()).toEqual(expected);
    expect(problems).toEqual([]);
  });

  it('has a compare view for any two terminals, by URL, linked from the matrix and from each terminal page', async () => {
    const kitty = model.columns.find((c) => c.view.name === 'kitty')!;
    const xterm = model.columns.find((c) => c.view.name === 'xterm')!;
    const differing = (a: typeof kitty, b: typeof kitty) => model.rows.filter((r) => answersDiffer(r, a.index, b.index));
    const pairRows = () => page.locator('table.pair tbody th a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await openPage(page, url('probes.html'));
    await commit('kitty xterm');
    const link = page.locator('#filter-compare');
    await link.waitFor({ state: 'visible' });
    await Promise.all([page.waitForURL(`${url('compare.html')}#a=${kitty.slug}&b=${xterm.slug}`), link.click()]);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    const differ = differing(kitty, xterm);
    expect(await pairRows()).toEqual(differ.map((r) => `probes/${r.slug}.html`));
    expect(await page.textContent('main')).toContain(`They answer differently on ${differ.length} of the`);
    // The counts come first: both, one only, neither, differing.
    const counts = await page.locator('ul.cmp-counts li').allTextContents();
    expect(counts.map((c) => c.replace(/^\d+ /, ''))).toEqual(['both implement', `only ${kitty.view.label} implements`, `only ${xterm.view.label} implements`, 'neither implements', 'answered differently (listed below)', 'undecided for one or both (no reply, screen not read…)']);
    const n = (i: number) => Number(counts[i]!.split(' ')[0]);
    const both = model.rows.filter((r) => r.cells[kitty.index]!.kind === 'implements' && r.cells[xterm.index]!.kind === 'implements').length;
    expect(n(0)).toBe(both);
    expect(n(4)).toBe(differ.length);
    expect(await page.textContent('h1')).toBe(`${kitty.view.label} vs ${xterm.view.label}`);
    expect(await page.locator('table.pair >> nth=0 >> thead th').allTextContents()).toEqual(['probe', kitty.view.label, xterm.view.label]);
    // Any other pair, picked on the page: the address follows, to share.
    const tmux = model.columns.find((c) => c.view.name === 'tmux')!;
    await page.selectOption('#cmp-b', tmux.slug);
    await expect.poll(() => page.evaluate('location.hash'), POLL).toBe(`#a=${kitty.slug}&b=${tmux.slug}`);
    await expect.poll(pairRows, POLL).toEqual(differing(kitty, tmux).map((r) => `probes/${r.slug}.html`));
    // Short names work in the address too, and the same view in the matrix is one link away.
    await openPage(page, `${url('compare.html')}#a=kitty&b=xterm`);
    expect(await pairRows()).toEqual(differ.map((r) => `probes/${r.slug}.html`));
    await Promise.all([page.waitForURL(/probes\.html#t=/), page.click('text=the same view in the table')]);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    await expect.poll(visibleIds, POLL).toEqual(differ.map((r) => r.id));
    await openPage(page, url(`terminals/${xterm.slug}.html`));
    expect(await page.getAttribute('.compare-with a:text-is("kitty 0.26.5")', 'href')).toBe(`../compare.html#a=${xterm.slug}&b=${kitty.slug}`);
    await Promise.all([page.waitForURL(/compare\.html#/), page.click('.compare-with a:text-is("kitty 0.26.5")')]);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    expect(await page.textContent('h1')).toBe(`${xterm.view.label} vs ${kitty.view.label}`);
    expect(await pairRows()).toEqual(differ.map((r) => `probes/${r.slug}.html`));
    expect(problems).toEqual([]);
  });
});
