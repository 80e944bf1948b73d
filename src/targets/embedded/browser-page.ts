/**
 * An embedded emulator's browser build in a page of headless Chromium, driven by
 * playwright-core: the part of xterm.js and ghostty-web that turns DOM keyboard,
 * mouse, clipboard and focus events into the bytes a program reads, which their
 * Node builds leave out. The page holds one terminal (set up by the emulator's
 * recipe: browser-xterm.ts, browser-ghostty.ts); what it sends comes back through
 * the binding `termprobeSent`, in the order the page emitted it; writes go in
 * through the page's `termprobeWrite`, in order.
 *
 * Started only for the input probes of a run that asks for them (browser-input.ts,
 * OpenOptions.browserInput): any other run never starts the browser.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** Why a run made no input probes in a browser build: it did not ask for them (OpenOptions.browserInput). */
export function notAsked(terminal: string): string {
  return `made only when asked: ${terminal} handles keys, mouse, paste and focus in its browser build, which runs in headless Chromium (seconds to start): add --embedded-input (runs of --target all and --pictures make them)`;
}

/** How a browser build's input probes were made (the results' input.method), which a run makes only when asked. */
export const browserInputMethod = (build: string): string => `${build} browser build in headless Chromium: DOM events from CDP (playwright-core)`;
export const isBrowserInputMethod = (method: string | undefined): boolean => method !== undefined && / browser build in headless Chromium: DOM events from CDP /.test(method);

export const CHROMIUM = process.env['TERMPROBE_CHROMIUM'] ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const requireCjs = createRequire(import.meta.url);

/** Why a browser build cannot run here (playwright-core, the emulator's package `pkg` or Chromium missing), or undefined. */
export function browserMissing(pkg: string): string | undefined {
  try {
    requireCjs.resolve('playwright-core');
  } catch {
    return 'the npm package playwright-core is not installed (an optional dependency of termprobe: npm install playwright-core)';
  }
  try {
    requireCjs.resolve(pkg);
  } catch {
    return `the npm package ${pkg.split('/').slice(0, pkg.startsWith('@') ? 2 : 1).join('/')} is not installed`;
  }
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt install chromium, or set TERMPROBE_CHROMIUM)`;
  return undefined;
}

export interface Grid {
  /** The screen's top-left corner in the page, and one cell's size, in CSS px. */
  left: number;
  top: number;
  cellWidth: number;
  cellHeight: number;
}

/** The page's binding for what its terminal sends: one string, "d" (text, sent as UTF-8) or "b" (a char per byte) first. */
const SENT_BINDING = '__termprobeSent';

/** Sets the page up (its terminal, `window.termprobeWrite`, the binding's callers) and measures its grid. */
export type PageSetup = (page: Page, context: BrowserContext) => Promise<Grid>;

export class BrowserPage {
  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
    readonly grid: Grid,
    /** The page's CDP session (its binding's notifications come here; input events go out through it). */
    readonly cdp: CDPSession,
  ) {}

  /**
   * A page set up by `setup`; `sent` gets every byte its terminal sends, in order: the page calls
   * `termprobeSent('data', text)` (sent as UTF-8) or `termprobeSent('binary', text)` (a char per byte).
   */
  static async open(setup: PageSetup, sent: (bytes: Uint8Array) => void): Promise<BrowserPage> {
    const browser = await acquireBrowser();
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await context.newPage();
      const grid = await setup(page, context);
      // A CDP binding of the page's own, not playwright's exposeBinding: that answers every call with a result sent
      // back into the page (Runtime.callFunctionOn), a round trip per chunk the terminal sends that nothing waits for
      // (1,173 of the 4,360 commands of xterm.js's input probes). Its notifications come in the order of the calls.
      // Added once the page is set up: a binding does not follow the page into another renderer (ghostty's page
      // navigates to its origin), and nothing is sent before the first write.
      const cdp = await context.newCDPSession(page);
      cdp.on('Runtime.bindingCalled', (event) => {
        if (event.name !== SENT_BINDING) return;
        const text = event.payload.slice(1);
        sent(event.payload[0] === 'b' ? Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff) : new TextEncoder().encode(text));
      });
      await cdp.send('Runtime.addBinding', { name: SENT_BINDING });
      await page.evaluate(`window.termprobeSent = (kind, text) => window.${SENT_BINDING}((kind === 'binary' ? 'b' : 'd') + text);`);
      if (!(grid.cellWidth > 0 && grid.cellHeight > 0)) throw new Error(`the page's terminal measured no cell size (${JSON.stringify(grid)})`);
      return new BrowserPage(browser, page, grid, cdp);
    } catch (error) {
      await context?.close().catch(() => {});
      await releaseBrowser(browser);
      throw error;
    }
  }

  private queue: Promise<unknown> = Promise.resolve();
  private failed: Error | undefined;

  /**
   * Bytes for the page's terminal, handled in the order given (each write waits for the page's `termprobeWrite`).
   * `extra`: a JSON value the recipe's `termprobeWrite` takes as its second argument.
   */
  write(bytes: Uint8Array, extra?: unknown): void {
    const b64 = JSON.stringify(Buffer.from(bytes).toString('base64'));
    const args = extra === undefined ? b64 : `${b64}, ${JSON.stringify(extra)}`;
    this.queue = this.queue.then(() =>
      this.page.evaluate(`window.termprobeWrite(${args})`).catch((error: Error) => {
        this.failed ??= error;
      }),
    );
  }

  /** Resolves once every write so far is handled; rejects when one failed. */
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
    if (this.closed) return;
    this.closed = true;
    await this.page.context().close().catch(() => {});
    await releaseBrowser(this.browser);
  }

  private closed = false;
}

/**
 * One Chromium for every page open at once (a run of every target has xterm.js's and ghostty's at the same time), each
 * page in a browser context of its own (its own renderer, storage and focus); closed with the last page. A start is
 * about a core-second (three launches with a page each: 3.2 core-seconds, measured). A browser that went away is
 * started again for the next page.
 */
let shared: { browser: Promise<Browser>; users: number } | undefined;

async function acquireBrowser(): Promise<Browser> {
  if (shared) {
    const current = shared;
    const browser = await current.browser.catch(() => undefined);
    if (browser?.isConnected() && shared === current) {
      current.users++;
      return browser;
    }
    if (shared === current) shared = undefined;
  }
  // Set before anything is awaited: a second page asked for meanwhile waits for this launch, not one of its own.
  const launch = async () => ((await import('playwright-core')) as typeof import('playwright-core')).chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const entry = { browser: launch(), users: 1 };
  shared = entry;
  try {
    return await entry.browser;
  } catch (error) {
    if (shared === entry) shared = undefined;
    throw error;
  }
}

async function releaseBrowser(browser: Browser): Promise<void> {
  const current = shared;
  if (current && (await current.browser.catch(() => undefined)) === browser) {
    if (--current.users > 0) return;
    if (shared === current) shared = undefined;
  }
  await browser.close().catch(() => {});
}

/** The bytes of a write, decoded in the page: the expression `termprobeWrite` recipes share. */
export const DECODE_BASE64 = 'Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))';
