/**
 * xterm.js's browser build (@xterm/xterm, the same release as @xterm/headless)
 * in a page of headless Chromium, driven by playwright-core: the part of
 * xterm.js that turns DOM keyboard, mouse, clipboard and focus events into the
 * bytes a program reads, which the headless build leaves out. The page holds one
 * Terminal; what it sends (onData, onBinary) comes back through a binding, in
 * the order the page emitted it; writes go in through term.write, in order.
 *
 * Started only for the input probes of a run that asks for them (xterm-input.ts,
 * OpenOptions.browserInput): any other run never starts the browser.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

export const CHROMIUM = process.env['TERMPROBE_CHROMIUM'] ?? '/usr/bin/chromium';
/** How the input probes' events were made (the results' input.method), which a run makes only when asked (--embedded-input). */
export const BROWSER_INPUT_METHOD = 'xterm.js browser build in headless Chromium: DOM events from CDP (playwright-core)';
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const requireCjs = createRequire(import.meta.url);

/** Why the browser build cannot run here (a missing package or browser), or undefined. */
export function browserMissing(): string | undefined {
  try {
    requireCjs.resolve('playwright-core');
  } catch {
    return 'the npm package playwright-core is not installed (an optional dependency of termprobe: npm install playwright-core)';
  }
  try {
    requireCjs.resolve('@xterm/xterm/package.json');
  } catch {
    return 'the npm package @xterm/xterm is not installed';
  }
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt install chromium, or set TERMPROBE_CHROMIUM)`;
  return undefined;
}

export function browserBuildVersion(): string {
  return (requireCjs('@xterm/xterm/package.json') as { version: string }).version;
}

export interface Grid {
  /** The screen's top-left corner in the page, and one cell's size, in CSS px. */
  left: number;
  top: number;
  cellWidth: number;
  cellHeight: number;
}

export class BrowserXterm {
  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
    readonly grid: Grid,
  ) {}

  /** A page with one focused Terminal of this size; `sent` gets every byte it sends, in order. */
  static async open(cols: number, rows: number, sent: (bytes: Uint8Array) => void): Promise<BrowserXterm> {
    const { chromium } = (await import('playwright-core')) as typeof import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await page.exposeBinding('termprobeSent', (_source, kind: string, text: string) => {
        // onData is text (sent as UTF-8); onBinary a byte string, one char per byte (X10 mouse reports).
        sent(kind === 'binary' ? Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff) : new TextEncoder().encode(text));
      });
      const root = dirname(requireCjs.resolve('@xterm/xterm/package.json'));
      await page.setContent('<!doctype html><html><body style="margin:0"><input id="elsewhere"><div id="term"></div></body></html>');
      await page.addStyleTag({ path: join(root, 'css/xterm.css') });
      await page.addScriptTag({ path: join(root, 'lib/xterm.js') });
      const grid = (await page.evaluate(
        `(() => {
          const Ctor = typeof Terminal === 'function' ? Terminal : Terminal.Terminal;
          const term = new Ctor({ cols: ${cols}, rows: ${rows}, allowProposedApi: true, fontSize: 15, fontFamily: 'monospace' });
          term.open(document.getElementById('term'));
          term.onData((d) => window.termprobeSent('data', d));
          term.onBinary((d) => window.termprobeSent('binary', d));
          window.term = term;
          term.focus();
          const r = term.element.querySelector('.xterm-screen').getBoundingClientRect();
          return { left: r.left, top: r.top, cellWidth: r.width / term.cols, cellHeight: r.height / term.rows };
        })()`,
      )) as Grid;
      if (!(grid.cellWidth > 0 && grid.cellHeight > 0)) throw new Error(`the page's terminal measured no cell size (${JSON.stringify(grid)})`);
      return new BrowserXterm(browser, page, grid);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  private queue: Promise<unknown> = Promise.resolve();
  private failed: Error | undefined;

  /** Bytes for the page's Terminal, parsed in the order given (each write waits for xterm.js's write callback). */
  write(bytes: Uint8Array): void {
    this.queue = this.queue.then(() =>
      this.page
        .evaluate(`new Promise((done) => window.term.write(Uint8Array.from(atob(${JSON.stringify(Buffer.from(bytes).toString('base64'))}), (c) => c.charCodeAt(0)), done))`)
        .catch((error: Error) => {
          this.failed ??= error;
        }),
    );
  }

  /** Resolves once every write so far is parsed; rejects when one failed. */
  async written(): Promise<void> {
    await this.queue;
    if (this.failed) throw this.failed;
  }

  /** A cell's pixel (1-based col, row), at `offset` px from its top-left corner or its centre. */
  point(cell: readonly [number, number], offset?: readonly [number, number]): { x: number; y: number } {
    const g = this.grid;
    const [dx, dy] = offset ?? [g.cellWidth / 2, g.cellHeight / 2];
    return { x: g.left + (cell[0] - 1) * g.cellWidth + dx, y: g.top + (cell[1] - 1) * g.cellHeight + dy };
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => {});
  }
}
