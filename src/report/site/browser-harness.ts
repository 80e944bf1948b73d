/**
 * Headless Chromium for the site tests: Debian's chromium driven by
 * playwright-core. Tests gate on it with the shared helper:
 *
 *   describe.skipIf(!haveProgram(CHROMIUM_PATH, CHROMIUM_PACKAGE))('…', () => { … });
 *
 * (skipped loudly without the browser; on CI, CI=true, a missing browser fails.)
 */
import type { Browser, Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.TERMPROBE_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_PACKAGE = 'chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

/** Problems a page reports: script errors, CSP violations, failed loads, dialogs. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  // A request the test's own next navigation cut short (net::ERR_ABORTED: a lazy picture still loading when the
  // test moves on) says nothing about the page; any other failure (a missing file, a CSP block) is a problem.
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? 'unknown';
    if (why !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} (${why})`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return problems;
}

/**
 * How tests read a page's state after an action: vitest's expect.poll, retried
 * until it holds. The timeout is a last resort for a page that never gets there
 * (a loaded machine is slow, never wrong), not a measure of speed.
 */
export const POLL = { timeout: 30_000, interval: 20 } as const;

/** Load a site page and wait until site.js has run (it marks the document ready), so filters and buttons are wired. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction('document.documentElement.dataset.ready === "1"');
}

export interface ServedFolder {
  /** The folder's root URL, ending in '/'. */
  url: string;
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png' };
/** The blank page served at HOST_PAGE: same origin as the site, without its CSP, so it may hold the site's pages in frames. */
const HOST_PAGE = '__termprobe-test-host.html';

/**
 * Serve a folder on 127.0.0.1 (an ephemeral port), as a static host would; close it when done.
 * With `cache`, every file but the pages may be kept by the browser (Cache-Control: max-age), as
 * hosts serve assets: a browser that loads many pages then fetches and compiles the shared scripts
 * once (not for measured load times, which pay for their fetches).
 */
export async function serveFolder(dir: string, opts: { cache?: boolean } = {}): Promise<ServedFolder> {
  const [{ createServer }, { readFile }, { extname, join, normalize, sep }] = await Promise.all([import('node:http'), import('node:fs/promises'), import('node:path')]);
  const root = normalize(dir + sep);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname).replace(/^\/+/, '');
    if (path === HOST_PAGE) {
      res.writeHead(200, { 'content-type': TYPES['.html']! });
      res.end('<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>test host</title></html>');
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...(opts.cache && extname(file) !== '.html' ? { 'cache-control': 'max-age=3600' } : {}) }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('test server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface FramedSize {
  path: string;
  /** The document's scroll width and its window's width, and its height, in CSS px. */
  width: number;
  window: number;
  height: number;
  /** The page's navigation leads to the compare view and the history (and to the Unicode pages when the site has them). */
  nav: boolean;
}

/**
 * Load every page in a frame `width` px wide inside one tab (several at a time:
 * far cheaper than a navigation per page) and measure each once it has loaded.
 */
export async function measurePages(page: Page, served: ServedFolder, paths: string[], width: number): Promise<FramedSize[]> {
  await page.goto(served.url + HOST_PAGE);
  const sizes = (await page.evaluate(
    `(async ([paths, width]) => {
      const out = [];
      const queue = paths.slice();
      async function worker() {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const frame = document.createElement('iframe');
          frame.style.cssText = 'position:absolute;left:0;top:0;border:0;height:900px;width:' + width + 'px';
          await new Promise((loaded) => { frame.onload = loaded; frame.src = path; document.body.appendChild(frame); });
          const de = frame.contentDocument.documentElement;
          out.push({ path, width: de.scrollWidth, window: de.clientWidth, height: de.scrollHeight, nav: frame.contentDocument.querySelectorAll('.site-nav a[href$="compare.html"], .site-nav a[href$="history.html"]').length === 2 });
          frame.remove();
        }
      }
      await Promise.all([1, 2, 3, 4].map(worker));
      return out;
    })(${JSON.stringify([paths, width])})`,
  )) as FramedSize[];
  return sizes.sort((a, b) => a.path.localeCompare(b.path));
}

export interface PhoneLoad {
  /** Milliseconds from the start of the navigation until the page is wired (site.js's ready mark, after every deferred script has run). */
  interactive: number;
  /** Until the load event (pictures and all). */
  load: number;
  /** From typing a search until its first suggestion shows (the index loads its search data on that first use), when `search` was given. */
  firstSearch?: number;
}

/**
 * A page loaded as on a phone: a 390 × 844 window, the CPU slowed 4× (Chrome
 * DevTools' "mid-tier mobile" throttling), over HTTP from `served`. The median
 * of `loads` loads, each in a fresh tab (the first one pays for a cold start).
 * With `search`, the time from typing it in the feature search (#find) to the first
 * suggestion, in the last tab.
 */
export async function phoneLoad(browser: Browser, served: ServedFolder, path: string, opts: { loads?: number; search?: string } = {}): Promise<PhoneLoad> {
  const runs: PhoneLoad[] = [];
  for (let i = 0; i < (opts.loads ?? 3); i++) {
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    try {
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.goto(served.url + path, { waitUntil: 'load' });
      await tab.waitForFunction('document.documentElement.dataset.ready === "1"');
      const [interactive, load] = (await tab.evaluate('(() => { const n = performance.getEntriesByType("navigation")[0]; return [n.domContentLoadedEventEnd, n.loadEventEnd]; })()')) as [number, number];
      const run: PhoneLoad = { interactive, load };
      if (opts.search && i === (opts.loads ?? 3) - 1) {
        run.firstSearch = (await tab.evaluate(`(async () => {
          const box = document.getElementById('find');
          const t0 = performance.now();
          box.focus();
          box.value = ${JSON.stringify(opts.search)};
          box.dispatchEvent(new Event('input', { bubbles: true }));
          while (!document.querySelector('#find-list [role=option]')) await new Promise((r) => setTimeout(r, 5));
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return performance.now() - t0;
        })()`)) as number;
      }
      runs.push(run);
    } finally {
      await tab.close();
    }
  }
  const mid = <K extends keyof PhoneLoad>(k: K) => runs.map((r) => r[k] as number).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const searched = runs.find((r) => r.firstSearch !== undefined)?.firstSearch;
  return { interactive: mid('interactive'), load: mid('load'), ...(searched !== undefined ? { firstSearch: searched } : {}) };
}
