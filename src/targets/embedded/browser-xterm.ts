/**
 * xterm.js's browser build (@xterm/xterm, the same release as @xterm/headless)
 * in a page of headless Chromium (browser-page.ts): one Terminal, whose onData
 * and onBinary come back through the page's binding; writes go in through
 * term.write, each awaited through its callback.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BrowserPage, browserInputMethod, browserMissing, CHROMIUM, DECODE_BASE64, type Grid } from './browser-page.js';

export { CHROMIUM };
/** How the input probes' events were made (the results' input.method), which a run makes only when asked (--embedded-input). */
export const BROWSER_INPUT_METHOD = browserInputMethod('xterm.js');
const requireCjs = createRequire(import.meta.url);

/** Why the browser build cannot run here (a missing package or browser), or undefined. */
export const xtermBrowserMissing = (): string | undefined => browserMissing('@xterm/xterm/package.json');

export function browserBuildVersion(): string {
  return (requireCjs('@xterm/xterm/package.json') as { version: string }).version;
}

/** A page with one focused Terminal of this size; `sent` gets every byte it sends, in order. */
export function openBrowserXterm(cols: number, rows: number, sent: (bytes: Uint8Array) => void): Promise<BrowserPage> {
  return BrowserPage.open(async (page) => {
    const root = dirname(requireCjs.resolve('@xterm/xterm/package.json'));
    await page.setContent('<!doctype html><html><body style="margin:0"><input id="elsewhere"><div id="term"></div></body></html>');
    await page.addStyleTag({ path: join(root, 'css/xterm.css') });
    await page.addScriptTag({ path: join(root, 'lib/xterm.js') });
    return (await page.evaluate(
      `(() => {
        const Ctor = typeof Terminal === 'function' ? Terminal : Terminal.Terminal;
        const term = new Ctor({ cols: ${cols}, rows: ${rows}, allowProposedApi: true, fontSize: 15, fontFamily: 'monospace' });
        term.open(document.getElementById('term'));
        term.onData((d) => window.termprobeSent('data', d));
        term.onBinary((d) => window.termprobeSent('binary', d));
        window.term = term;
        window.termprobeWrite = (b64) => new Promise((done) => term.write(${DECODE_BASE64}, done));
        term.focus();
        const r = term.element.querySelector('.xterm-screen').getBoundingClientRect();
        return { left: r.left, top: r.top, cellWidth: r.width / term.cols, cellHeight: r.height / term.rows };
      })()`,
    )) as Grid;
  }, sent);
}
