/**
 * The browser builds' pages share one Chromium (browser-page.ts): two pages open at once run in one browser, each in
 * a context of its own; closing one leaves the other working; the browser is closed with the last page, and the next
 * page starts a fresh one.
 */
import { describe, expect, it } from 'vitest';
import { haveProgram } from '../../test-support/require-program.js';
import { BrowserPage, CHROMIUM, type PageSetup } from './browser-page.js';

/** A page whose terminal is a line of text, sending what `termprobeWrite` is given back through the binding. */
const setup: PageSetup = async (page) => {
  await page.setContent('<p id="t">x</p>');
  await page.evaluate(`window.termprobeWrite = (b64) => window.termprobeSent('data', atob(b64))`);
  return { left: 0, top: 0, cellWidth: 8, cellHeight: 16 };
};

/** Write `text` to the page and wait until its terminal has sent it back (the binding's call arrives on its own). */
async function echo(page: BrowserPage, got: string[], text: string): Promise<void> {
  page.write(new TextEncoder().encode(text));
  await page.written();
  while (!got.join('').includes(text)) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.skipIf(!haveProgram(CHROMIUM, 'chromium'))('the browser builds\' pages', () => {
  it('two open at once share one browser, each in its own context; the browser ends with the last', async () => {
    const gotA: string[] = [];
    const gotB: string[] = [];
    const [a, b] = await Promise.all([BrowserPage.open(setup, (bytes) => gotA.push(new TextDecoder().decode(bytes))), BrowserPage.open(setup, (bytes) => gotB.push(new TextDecoder().decode(bytes)))]);
    // The browser each page's context belongs to (other test files' browsers, running meanwhile, are not counted).
    const browserOf = (page: BrowserPage) => page.page.context().browser()!;
    expect(browserOf(a)).toBe(browserOf(b));
    expect(a.page.context()).not.toBe(b.page.context());
    const first = browserOf(a);
    await echo(a, gotA, 'to a');
    await echo(b, gotB, 'to b');
    expect(gotA.join('')).not.toContain('to b');
    await a.close();
    expect(first.isConnected()).toBe(true);
    await echo(b, gotB, 'b again');
    await b.close();
    expect(first.isConnected()).toBe(false);
    const c = await BrowserPage.open(setup, () => undefined);
    const next = browserOf(c);
    expect(next).not.toBe(first);
    expect(next.isConnected()).toBe(true);
    await c.close();
    expect(next.isConnected()).toBe(false);
  }, 60_000);
});
