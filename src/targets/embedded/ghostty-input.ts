/**
 * Input probes for ghostty-web: its browser build in headless Chromium
 * (browser-ghostty.ts), through the shared browser input (browser-input.ts).
 * What it sends is decided by its own handlers, which run as in any page: the
 * InputHandler's keydown (printable keys as their character, a fixed table, then
 * its WebAssembly KeyEncoder), its paste handlers (the Terminal's on its textarea,
 * bracketed under mode 2004; the InputHandler's on its element, as the text), the
 * Terminal's wheel handler (arrow keys on the alternate screen); no mouse or focus
 * reports. A paste is the browser's own: the text on the clipboard and the
 * binding's keys, or a middle click and the paste event the browser makes for it.
 *
 * Before each event the page is put back as a person finds it: the focus on the
 * terminal's element (where its focus() puts it; a click on its canvas moves it to
 * the textarea), no selection, an empty clipboard (ctrl+v is the browser's paste).
 */
import type { BrowserPage } from './browser-page.js';
import { BrowserInput, type BrowserRecipe } from './browser-input.js';
import { GHOSTTY_INPUT_METHOD, ghosttyBrowserMissing, ghosttyBrowserVersion, openBrowserGhostty } from './browser-ghostty.js';
import { GHOSTTY_PACKAGE } from './ghostty-wasm.js';

export class GhosttyBrowserInput extends BrowserInput {
  constructor(cols: number, rows: number, da1Reply: string, hooks: { sent: (bytes: Uint8Array) => void; attach: (browser: BrowserPage) => void }) {
    const recipe: BrowserRecipe = {
      method: GHOSTTY_INPUT_METHOD,
      name: 'ghostty-web',
      package: `${GHOSTTY_PACKAGE}@${ghosttyBrowserVersion()}`,
      label: `ghostty-web ${ghosttyBrowserVersion()} browser build in Chromium`,
      missing: ghosttyBrowserMissing,
      open: (c, r, sent) => openBrowserGhostty(c, r, da1Reply, sent),
      focusBack: '#term',
      paste: 'browser',
      resetBeforeEvent: `(() => { term.clearSelection(); document.getElementById('term').focus(); return navigator.clipboard.writeText(''); })()`,
    };
    super(recipe, cols, rows, hooks);
  }
}
