/**
 * The site's Unicode pages, built from the published Unicode results beside two
 * published corpus runs: unicode.html links every terminal to its drill-down,
 * which lists the code points that disagree; a hostile terminal name (a Unicode
 * results file is untrusted input) is shown as text; no verdicts, no pages.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { unicodeVerdict } from '../../classify/unicode-verdict.js';
import { loadWidthSuite } from '../../corpus/width-suite/load-width-suite.js';
import { readResults } from '../../results/read-results.js';
import { readUnicodeResults } from '../../results/read-unicode-results.js';
import { ROOT } from '../../test-support/cli.js';
import { referenceRunner } from '../../cli/reference-runner.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, openPage, POLL, watchPage } from './browser-harness.js';
import { buildSite } from './build-site.js';
import { ITEMS_PER_PAGE } from './unicode-page.js';
import { disagreementRuns } from './unicode-ranges.js';
import { readPage } from './read-page-test-support.js';

const suite = loadWidthSuite();
const views = ['xterm-379.json', 'ghostty-0.4.0.json'].map((f) => viewRun(join(ROOT, 'results', f), readResults(join(ROOT, 'results', f))));
const verdict = (f: string) => unicodeVerdict(readUnicodeResults(join(ROOT, 'results', 'unicode', f)), suite);

/** A published Unicode run made into one whose terminal stopped answering before the first item (as Vim's did before its batches were capped). */
function stoppedAnswering(f: string) {
  const r = readUnicodeResults(join(ROOT, 'results', 'unicode', f));
  const gaveUp = 'the terminal stopped answering (no DA1 for 5000 ms, 3 batches in a row)';
  const none = (s: string) => '-'.repeat(s.length);
  const notes = Object.fromEntries(suite.items.map((i) => [i.id, `not measured: ${gaveUp}`]));
  return unicodeVerdict({ ...r, run: { ...r.run, gaveUp }, answers: { off: none(r.answers.off), on: none(r.answers.on) }, long: { off: {}, on: {} }, remeasured: { off: [], on: [] }, notes: { off: notes, on: {} } }, suite);
}
const dirs: string[] = [];
const outDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'termprobe-unicode-site-'));
  dirs.push(d);
  return join(d, 'site');
};
/** The table of disagreeing items of a Unicode page as a reader sees it in Chromium (opened from disk): each row's cells' text. */
async function drawnItems(site: string, path: string): Promise<string[][]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const problems = watchPage(page);
    await openPage(page, pathToFileURL(join(site, path)).href);
    await expect.poll(() => page.locator('table.items tbody tr').count(), POLL).toBeGreaterThan(0);
    const rows = await page.locator('table.items tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
    expect(problems).toEqual([]);
    return rows;
  } finally {
    await browser.close();
  }
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the Unicode pages of the site', () => {
  it('show each terminal with its best-matching version, and drill down to the code points that disagree', async () => {
    const hostile = { ...verdict('kitty-0.26.5.json'), name: '<script>window.__pwned=1</script>kitty' };
    const out = outDir();
    await buildSite(views, out, { runner: referenceRunner, unicode: [verdict('xterm-379.json'), verdict('ghostty-0.4.0.json'), hostile] });
    const index = readPage(join(out, 'unicode.html'));
    expect(index).toMatch(/<a href="unicode\/xterm-379\.html">xterm 379<\/a><td>14\.0</);
    expect(index).toMatch(/<a href="unicode\/ghostty-0\.4\.0\.html">ghostty 0\.4\.0<\/a><td>16\.0</);
    expect(index).not.toContain('<script>window.__pwned');
    expect(index).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;kitty');
    const xterm = readPage(join(out, 'unicode', 'xterm-379.html'));
    expect(xterm).toContain('xterm draws widths as Unicode 14.0');
    // Unicode 16.0 made the Yijing hexagrams (U+4DC0…U+4DFF) wide; xterm 379, at 14.0 otherwise, draws them wide already:
    // one row for the 64, with the names of the first and last, the block, and the printf of the first, drawn from the page's data.
    if (haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE)) {
      const rows = await drawnItems(out, 'unicode/xterm-379.html');
      expect(rows.find((r) => r[0]!.startsWith('U+4DC0'))).toEqual(['U+4DC0–U+4DFF (64)', '\u4dc0…\u4dff', 'HEXAGRAM FOR THE CREATIVE HEAVEN … HEXAGRAM FOR BEFORE COMPLETION', 'Yijing Hexagram Symbols', 'wide', '16.0', 'off', '2', '2', "printf '\\033[?2027l\\033[2J\\033[H\\344\\267\\200\\033[6n'"]);
      expect(rows.length).toBe(Math.min(ITEMS_PER_PAGE, disagreementRuns(verdict('xterm-379.json').disagreements).length));
    }
    expect(xterm).toContain('64 × <strong>wide</strong> 16.0 (2027 off): 2 columns, specified 2');
    // Shares by kind under both conventions for spacing marks; the 2027 line says why it was measured reset only.
    expect(xterm).toMatch(/<tr><th>languages<td>–<td title="\d+ of 531">\d+%<td title="\d+ of 531">\d+%(<tr>|<\/table>)/);
    expect(xterm).toContain('mode 2027: measured reset only (DECRQM ?2027 answered not-recognized: not settable)');
    // The version ladder and the planes 2-3 table on the index.
    expect(index).toContain('New CJK ideographs of planes 2–3 drawn wide, by version');
    expect(index).toMatch(/<th scope="col">languages Mc 1 \/ Mc 0</);
    const json = JSON.parse(readFileSync(join(out, 'unicode.json'), 'utf8')) as { name: string; unicode: { best: string } }[];
    expect(json.map((v) => [v.name, v.unicode.best]).slice(0, 2)).toEqual([['xterm', '14.0'], ['ghostty', '16.0']]);
    expect(readPage(join(out, 'index.html'))).toContain('<a href="unicode.html">Unicode</a>');
  });

  it('group the marked items of a terminal that stopped answering, as ranges, instead of listing all 164,208', async () => {
    const vim = stoppedAnswering('vim-9.0.1378.json');
    expect(vim.answered).toBe(0);
    const out = outDir();
    await buildSite(views, out, { runner: referenceRunner, unicode: [vim] });
    const page = readPage(join(out, 'unicode', 'vim-9.0.1378.html'));
    expect(page).toContain(`<b>all ${vim.marked.length} items of the suite</b> (2027 off): no answer — ${vim.marked[0]!.note}`);
    expect(page).toMatch(/<code>wide:1100–115F<\/code> /);
    expect(page).toContain('the terminal’s Unicode results file lists every item');
    expect(page.length).toBeLessThan(100_000);
    const json = JSON.parse(readFileSync(join(out, 'unicode.json'), 'utf8')) as { markedCount: number; marked: unknown[]; markedGroups: { count: number; note: string; ranges: string[] }[] }[];
    expect([json[0]!.markedCount, json[0]!.marked.length, json[0]!.markedGroups.length, json[0]!.markedGroups[0]!.count]).toEqual([vim.marked.length, 50, 1, vim.marked.length]);
    expect(json[0]!.markedGroups[0]!.ranges[0]).toBe('wide:1100..115F');
  });

  it('are not written without Unicode verdicts', async () => {
    const out = outDir();
    await buildSite(views, out, { runner: referenceRunner });
    expect(() => readFileSync(join(out, 'unicode.html'))).toThrow(/ENOENT/);
    // (The footer's link to the documentation's Unicode page, docs/unicode.html, is no link to the verdicts page.)
    expect(readPage(join(out, 'index.html'))).not.toMatch(/href="(\.\.\/)?unicode\.html"/);
  });
});
