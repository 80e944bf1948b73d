/**
 * A results file is untrusted: anyone can send one. Build the site from files
 * whose every free-text field carries markup, event handlers and javascript:
 * URLs, open every page in Chromium, and check that nothing runs, nothing links
 * outside the site, and the text is shown literally.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRun } from '../../classify/run-view.js';
import { readResults } from '../../results/read-results.js';
import type { ResultsFile } from '../../results/results-schema.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH, launchChromium, watchPage } from './browser-harness.js';
import { buildSite } from './build-site.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/results/', import.meta.url));

const SCRIPT = '<script>window.__pwned = "script"</script>';
const IMG = '<img src=x onerror="window.__pwned = \'img\'">';
const JS_URL = 'javascript:window.__pwned="url"';
const CLOSE = '"></code></td><svg onload="window.__pwned=\'svg\'">';
const HOSTILE = `${SCRIPT}${IMG}${JS_URL}${CLOSE}`;

function hostile(base: ResultsFile, targetId: string): ResultsFile {
  const run = structuredClone(base);
  run.target.id = targetId;
  run.target.identity.name = `${SCRIPT}evil{{body}}`;
  run.target.identity.version = `${IMG}1.0`;
  run.target.identity.chain = { xtversion: HOSTILE, command: JS_URL, env: { [IMG]: HOSTILE, TERM_PROGRAM: JS_URL } };
  run.target.identity.outer = { name: SCRIPT, identifiedBy: IMG };
  run.settings.term = CLOSE;
  run.settings.options = { [SCRIPT]: JS_URL };
  run.settings.modes = { [IMG]: SCRIPT };
  run.run.host = HOSTILE;
  const [first, second, third] = run.probes;
  first!.status = 'no-reply';
  first!.note = HOSTILE;
  first!.unexpected = [SCRIPT, IMG];
  first!.evidence = { [CLOSE]: HOSTILE };
  if (first!.cursor) first!.cursor.raw = CLOSE;
  second!.replies = [{ query: IMG, value: SCRIPT, raw: HOSTILE }];
  third!.id = `../../${SCRIPT}`;
  const withScreen = run.probes.find((p) => p.screen?.cells);
  if (withScreen?.screen?.cells) withScreen.screen.cells[0]![0] = { t: '<b>', w: 1 };
  return run;
}

describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('site with hostile results files', () => {
  let dir: string;
  let out: string;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-site-xss-'));
    out = join(dir, 'site');
    const ref = join(FIXTURES, 'xterm.js-6.0.0.json');
    const evil = join(dir, 'evil.json');
    writeFileSync(evil, JSON.stringify(hostile(readResults(join(FIXTURES, 'ghostty-0.4.0.json')), JS_URL)));
    const registry = join(dir, 'divergences.yaml');
    const reason = JSON.stringify(`${SCRIPT} ${IMG} ends here.`);
    writeFileSync(registry, `divergences:\n  - probe: cursor.hpr-zero\n    target: tmux\n    answer: "5;10"\n    class: bug\n    reason: ${reason}\n    evidence:\n      - ${JSON.stringify(`xterm ctlseqs ${JS_URL}`)}\n      - ${JSON.stringify(`https://example.org/"><script>window.__pwned=1</script>`)}\n`);
    const files = [ref, evil, join(FIXTURES, 'tmux-3.3a.json')];
    await buildSite(files.map((f) => viewRun(f, readResults(f))), out, { registry, probes: join(FIXTURES, '..', 'probes') });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes only safe file names inside the output folder', () => {
    const all = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(out, join(e.parentPath, e.name)));
    for (const f of all) expect(f).toMatch(/^(\.termprobe-site|[a-z][a-z0-9-]*(\.schema)?(\/[a-z0-9_][a-z0-9._-]*){0,3}\.(html|json|svg|css|js|json\.gz))$/);
  });

  it('runs no script from the data and shows the text literally, on every page and badge', async () => {
    const pages = readdirSync(out, { recursive: true }).map(String).filter((f) => /\.(html|svg)$/.test(f));
    expect(pages.length).toBeGreaterThan(10);
    const page = await browser.newPage();
    const problems = watchPage(page);
    for (const p of pages) {
      await page.goto(pathToFileURL(join(out, p)).href);
      expect(await page.evaluate('window.__pwned'), p).toBeUndefined();
      if (!p.endsWith('.html')) continue;
      // Scripts only from the site's assets; the one without a source is the page's data, which never runs.
      expect(await page.evaluate('Array.from(document.scripts).filter((s) => !s.src).map((s) => s.type)'), p).toEqual(p.startsWith('probes/') ? ['application/json'] : []);
      const scripts = (await page.evaluate('Array.from(document.scripts).filter((s) => s.src).map((s) => s.getAttribute("src"))')) as string[];
      // site.js first (a probe page's one script carries it: probe-page.ts PROBE_SCRIPT), then the page's own data and view, all from the site's assets.
      expect(scripts[0], p).toMatch(p.startsWith('probes/') ? /^\.\.\/assets\/probe\.js$/ : /^(\.\.\/)?assets\/site\.js$/);
      for (const src of scripts) expect(src, p).toMatch(/^(\.\.\/)?assets\/[a-z-]+\.js$/);
      const handlers = await page.evaluate('Array.from(document.querySelectorAll("*")).flatMap((e) => e.getAttributeNames().filter((n) => n.startsWith("on")))');
      expect(handlers, p).toEqual([]);
      const links = (await page.evaluate('Array.from(document.querySelectorAll("a[href]"), (a) => a.protocol)')) as string[];
      for (const proto of links) expect(['file:', 'https:', 'http:'], p).toContain(proto);
      expect(await page.evaluate('document.querySelectorAll("img:not(.badge), svg, iframe, object, embed").length'), p).toBe(0);
    }
    await page.goto(pathToFileURL(join(out, 'probes.html')).href);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    const header = await page.locator('#matrix th.term.c1').textContent();
    expect(header).toContain(`${SCRIPT}evil{{body}}`);
    expect(header).toContain(`${IMG}1.0`);
    await page.goto(pathToFileURL(join(out, 'terminals', readdirSync(join(out, 'terminals')).find((f) => f.startsWith('script'))!)).href);
    const text = (await page.textContent('main'))!;
    for (const s of [HOSTILE, JS_URL, CLOSE]) expect(text).toContain(s);
    // The compare view draws the hostile terminal's name and answers from its data script, as text.
    const evilSlug = readdirSync(join(out, 'terminals')).find((f) => f.startsWith('script'))!.replace(/\.html$/, '');
    await page.goto(`${pathToFileURL(join(out, 'compare.html')).href}#a=${evilSlug}&b=tmux-3.3a`);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.textContent('h1')).toContain(`${SCRIPT}evil{{body}}`);
    expect(await page.locator('table.pair thead th').first().textContent()).toBe('probe');
    await page.goto(pathToFileURL(join(out, 'probes', 'cursor.hpr-zero.html')).href);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.ready'), { timeout: 30_000 }).toBe('1');
    const probeText = (await page.textContent('main'))!;
    expect(probeText).toContain(`${SCRIPT} ${IMG}`);
    expect(probeText).toContain(`xterm ctlseqs ${JS_URL}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the API valid JSON carrying the strings unchanged, and the data in pages inside its element', () => {
    const index = JSON.parse(readFileSync(join(out, 'api/v6/index.json'), 'utf8')) as { terminals: { name: string }[] };
    expect(index.terminals.map((t) => t.name)).toContain(`${SCRIPT}evil{{body}}`);
    // A probe page's data holds "</script>" from the results file, and still ends where its element ends.
    const blocks = readdirSync(join(out, 'probes')).map((f) => readFileSync(join(out, 'probes', f), 'utf8').match(/<script type="?application\/json"? id="?answers-data"?>(.*?)<\/script>/s)![1]!);
    const hostileBlocks = blocks.filter((b) => b.includes('\\u003cscript>'));
    expect(hostileBlocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect(b).not.toContain('<');
    for (const b of hostileBlocks) expect(JSON.stringify(JSON.parse(b))).toContain('<script>');
  });
});
