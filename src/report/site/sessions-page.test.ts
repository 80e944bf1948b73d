/**
 * The sessions page as a user gets it: replay a fixture session and run the
 * chunking property (real targets), copy the results beside them, build the
 * site with the CLI, and read the pages.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, openPage, watchPage } from './browser-harness.js';
import { readPage } from './read-page-test-support.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CAST = fileURLToPath(new URL('../../../src/replay/fixtures/hpr-zero.cast', import.meta.url));
const RESULTS = ['xterm.js-6.0.0.json', 'ghostty-0.4.0.json'];
const REGISTRY = ['--registry', join(FIXTURES, 'divergences.yaml'), '--probes', join(FIXTURES, 'probes')];

describe('the sessions page', () => {
  let dir: string;
  let results: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-sessions-site-'));
    results = join(dir, 'results');
    mkdirSync(results);
    for (const f of RESULTS) copyFileSync(join(FIXTURES, 'results', f), join(results, f));
    // A session name that needs escaping, to see it escaped on the page.
    const cast = join(dir, 'hpr<b>zero.cast');
    copyFileSync(CAST, cast);
    const replay = runCli(['replay', cast, '-t', 'xterm.js,ghostty', '--out', join(results, 'sessions'), '-q']);
    expect(replay.code).toBe(1);
    const chunking = runCli(['run', '--chunking', '-t', 'xterm.js', '-c', 'cursor', '--probes', join(FIXTURES, 'probes'), '--out', results, '-q']);
    expect([chunking.code, chunking.stderr]).toEqual([0, '']);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists each session and the chunking runs, and draws the screens side by side with the differing cells outlined', async () => {
    const out = join(dir, 'site');
    const r = runCli(['site', ...RESULTS.map((f) => join(results, f)), '--out', out, ...REGISTRY]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const index = readPage(join(out, 'sessions.html'));
    expect(index).toContain('hpr&lt;b&gt;zero');
    expect(index).not.toContain('hpr<b>zero');
    expect(index).toMatch(/<td class="differs">1 of 1(<|$)/);
    expect(index).toMatch(/xterm\.js 6\.0\.0<td>\d+ probes, \d+ variants<td>none</);
    expect(readPage(join(out, 'index.html'))).toContain('href="sessions.html"');
    const page = readPage(join(out, 'sessions', 'hpr-b-zero.html'));
    expect(page).toContain('12 cells: row 9, columns 1–12');
    // The screens are drawn from the page's data (assets/screen.js): read them as a reader sees them.
    if (!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE)) return;
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      const problems = watchPage(tab);
      await openPage(tab, pathToFileURL(join(out, 'sessions', 'hpr-b-zero.html')).href);
      expect(await tab.locator('table.screen').count()).toBe(2);
      // The line after the HPR 0 lands one column apart: 12 cells on row 9 differ from xterm.js's screen.
      expect(await tab.locator('figcaption').allTextContents()).toContainEqual(expect.stringContaining('ghostty (ghostty 0.4.0) — cursor 10;1, 12 cells differ'));
      const marked = await tab.locator('table.screen td.diff').evaluateAll((tds) => tds.map((td) => [td.closest('tr')!.querySelector('th')!.textContent, td.textContent]));
      expect(marked).toHaveLength(12);
      expect(new Set(marked.map((m) => m[0]))).toEqual(new Set(['9']));
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a broken replay report fails the build with one line naming it', () => {
    writeFileSync(join(results, 'sessions', 'broken.json'), '{"schema": "termprobe-replay/1"}');
    const r = runCli(['site', ...RESULTS.map((f) => join(results, f)), '--out', join(dir, 'site2'), ...REGISTRY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^termprobe: .*broken\.json: not a replay report: tool: /);
    expect(existsSync(join(dir, 'site2'))).toBe(false);
    rmSync(join(results, 'sessions', 'broken.json'));
  });
});
