/**
 * ghostty-web's browser build (the package's dist/ghostty-web.js, an ES module
 * with its WebAssembly inlined as a data: URL) in a page of headless Chromium
 * (browser-page.ts): one Terminal, opened as the package's README has it (init(),
 * new Terminal, open), whose onData comes back through the page's binding.
 *
 * The page is served by termprobe from the installed package under a private
 * origin (https://ghostty-web.invalid/, answered by a route, never the network:
 * every other request is aborted). It is a secure origin, so the page has the
 * asynchronous clipboard API, which a paste by a key binding reads from.
 *
 * Writes go to term.write, split after each DA1 query as the Node target splits
 * them (ghostty.ts): ghostty-web's engine does not answer DA1, so the page sends
 * termprobe's stand-in reply at that point of the stream, through the same path as
 * the terminal's own replies, which are all read after each part.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BrowserPage, browserInputMethod, browserMissing, DECODE_BASE64, type Grid } from './browser-page.js';
import { GHOSTTY_PACKAGE, ghosttyPackageVersion, ghosttyWasmPath } from './ghostty-wasm.js';

const ORIGIN = 'https://ghostty-web.invalid';
/** How the input probes' events were made (the results' input.method). */
export const GHOSTTY_INPUT_METHOD = browserInputMethod('ghostty-web');

export const ghosttyBrowserMissing = (): string | undefined => browserMissing(`${GHOSTTY_PACKAGE}/ghostty-vt.wasm`);

export const ghosttyBrowserVersion = (): string => ghosttyPackageVersion(GHOSTTY_PACKAGE);

const PAGE = '<!doctype html><html><body style="margin:0"><input id="elsewhere"><div id="term"></div></body></html>';

/** A page with one focused Terminal of this size; `sent` gets every byte it sends, in order. `da1Reply`: sent for each DA1 a write holds. */
export function openBrowserGhostty(cols: number, rows: number, da1Reply: string, sent: (bytes: Uint8Array) => void): Promise<BrowserPage> {
  return BrowserPage.open(async (page, context) => {
    const dist = join(dirname(ghosttyWasmPath(GHOSTTY_PACKAGE)), 'dist');
    await context.route('**/*', (route) => route.abort());
    await context.route(`${ORIGIN}/**`, async (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === '') return route.fulfill({ contentType: 'text/html', body: PAGE });
      // Only the package's own files, by their plain names.
      if (!/^[\w.-]+\.js$/.test(name)) return route.fulfill({ status: 404 });
      const body = await readFile(join(dist, name)).catch(() => undefined);
      return body ? route.fulfill({ contentType: 'text/javascript', body }) : route.fulfill({ status: 404 });
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    await page.goto(`${ORIGIN}/`);
    // The mouse's back button is the browser's history back: with the blank page before this one gone, it has nowhere to go.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.resetNavigationHistory');
    await cdp.detach();
    return (await page.evaluate(
      `(async () => {
        const ghostty = await import('/ghostty-web.js');
        await ghostty.init();
        const term = new ghostty.Terminal({ cols: ${cols}, rows: ${rows}, fontSize: 15, fontFamily: 'monospace' });
        term.open(document.getElementById('term'));
        // open() starts a loop that paints the canvas at every animation frame, changed or not (ghostty-web 0.4.0:
        // Terminal.startRenderLoop): 14 % of a core in an idle page, and the events waited behind its frames. Nothing
        // here reads the canvas; its key, mouse and paste handlers answer from the engine's state. Stopped once painted
        // (a run of the ghostty target alone, its input probes in the page: 11.5 s and 10.4 core-s with it, 8.4 s and 8.6
        // without, two runs each; the same answers).
        cancelAnimationFrame(term.animationFrameId);
        term.onData((d) => window.termprobeSent('data', d));
        window.term = term;
        const feed = (bytes) => {
          if (bytes.length > 0) term.write(bytes);
          // term.write reads one reply of its engine; the rest are read here, in order.
          for (let r; term.wasmTerm.hasResponse() && (r = term.wasmTerm.readResponse()) !== null; ) window.termprobeSent('data', r);
        };
        window.termprobeWrite = (b64, da1Ends) => {
          const bytes = ${DECODE_BASE64};
          let start = 0;
          for (const end of da1Ends) {
            feed(bytes.subarray(start, end));
            window.termprobeSent('data', ${JSON.stringify(da1Reply)});
            start = end;
          }
          feed(bytes.subarray(start));
        };
        const r = term.canvas.getBoundingClientRect();
        return { left: r.left, top: r.top, cellWidth: r.width / term.cols, cellHeight: r.height / term.rows };
      })()`,
    )) as Grid;
  }, sent);
}
