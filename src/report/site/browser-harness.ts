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
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
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
