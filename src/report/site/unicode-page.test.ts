/**
 * The site's Unicode pages, built from the published Unicode results beside two
 * published corpus runs: unicode.html links every terminal to its drill-down,
 * which lists the code points that disagree; a hostile terminal name (a Unicode
 * results file is untrusted input) is shown as text; no verdicts, no pages.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { unicodeVerdict } from '../../classify/unicode-verdict.js';
import { loadWidthSuite } from '../../corpus/width-suite/load-width-suite.js';
import { readResults } from '../../results/read-results.js';
import { readUnicodeResults } from '../../results/read-unicode-results.js';
import { ROOT } from '../../test-support/cli.js';
import { referenceRunner } from '../../cli/reference-runner.js';
import { buildSite } from './build-site.js';

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
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the Unicode pages of the site', () => {
  it('show each terminal with its best-matching version, and drill down to the code points that disagree', async () => {
    const hostile = { ...verdict('kitty-0.26.5.json'), name: '<script>window.__pwned=1</script>kitty' };
    const out = outDir();
    await buildSite(views, out, { runner: referenceRunner, unicode: [verdict('xterm-379.json'), verdict('ghostty-0.4.0.json'), hostile] });
    const index = readFileSync(join(out, 'unicode.html'), 'utf8');
    expect(index).toMatch(/<a href="unicode\/xterm-379\.html">xterm 379<\/a><\/th><td>14\.0<\/td>/);
    expect(index).toMatch(/<a href="unicode\/ghostty-0\.4\.0\.html">ghostty 0\.4\.0<\/a><\/th><td>16\.0<\/td>/);
    expect(index).not.toContain('<script>window.__pwned');
    expect(index).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;kitty');
    const xterm = readFileSync(join(out, 'unicode', 'xterm-379.html'), 'utf8');
    expect(xterm).toContain('xterm draws widths as Unicode 14.0');
    // Unicode 11.0 made the ideographic tally marks (U+1D372…U+1D376) wide; xterm 379, at 14.0 otherwise, draws them narrow: one row for the five.
    expect(xterm).toMatch(/<td><code>U\+1D372<\/code>–<code>U\+1D376<\/code> <span class="n">\(5\)<\/span><\/td><td class="glyph">\u{1D372}…\u{1D376}<\/td><td>wide<\/td><td>11\.0<\/td><td>off<\/td><td>2<\/td><td>1<\/td>/u);
    expect(xterm).toContain('5 × <strong>wide</strong> 11.0 (2027 off): 1 column, specified 2');
    const json = JSON.parse(readFileSync(join(out, 'unicode.json'), 'utf8')) as { name: string; unicode: { best: string } }[];
    expect(json.map((v) => [v.name, v.unicode.best]).slice(0, 2)).toEqual([['xterm', '14.0'], ['ghostty', '16.0']]);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<a href="unicode.html">Unicode</a>');
  });

  it('group the marked items of a terminal that stopped answering, as ranges, instead of listing all 37,954', async () => {
    const vim = stoppedAnswering('vim-9.0.1378.json');
    expect(vim.answered).toBe(0);
    const out = outDir();
    await buildSite(views, out, { runner: referenceRunner, unicode: [vim] });
    const page = readFileSync(join(out, 'unicode', 'vim-9.0.1378.html'), 'utf8');
    expect(page).toContain(`<b>all ${vim.marked.length} items of the suite</b> (2027 off): no answer — ${vim.marked[0]!.note}`);
    expect(page).toMatch(/<code>wide:231A–231B<\/code> /);
    expect(page).toContain('the terminal’s Unicode results file lists every item');
    expect(page.length).toBeLessThan(100_000);
    const json = JSON.parse(readFileSync(join(out, 'unicode.json'), 'utf8')) as { markedCount: number; marked: unknown[]; markedGroups: { count: number; note: string; ranges: string[] }[] }[];
    expect([json[0]!.markedCount, json[0]!.marked.length, json[0]!.markedGroups.length, json[0]!.markedGroups[0]!.count]).toEqual([vim.marked.length, 50, 1, vim.marked.length]);
    expect(json[0]!.markedGroups[0]!.ranges[0]).toBe('wide:231A..231B');
  });

  it('are not written without Unicode verdicts', async () => {
    const out = outDir();
    await buildSite(views, out, { runner: referenceRunner });
    expect(() => readFileSync(join(out, 'unicode.html'))).toThrow(/ENOENT/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('href="unicode.html"');
  });
});
