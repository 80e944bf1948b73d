/**
 * Input probes for xterm.js: its browser build in headless Chromium
 * (browser-xterm.ts), through the shared browser input (browser-input.ts). A
 * paste is the DOM paste event (a ClipboardEvent holding the text) on xterm.js's
 * textarea, which its own paste handler takes; a focus change moves the DOM focus
 * to another element and back to that textarea. xterm.js's handlers turn the
 * events into bytes (onData, onBinary), which are the answer.
 */
import type { BrowserPage } from './browser-page.js';
import { BrowserInput, type BrowserRecipe } from './browser-input.js';
import { BROWSER_INPUT_METHOD, browserBuildVersion, openBrowserXterm, xtermBrowserMissing } from './browser-xterm.js';

const RECIPE: BrowserRecipe = {
  method: BROWSER_INPUT_METHOD,
  name: 'xterm.js',
  get package() {
    return `@xterm/xterm@${browserBuildVersion()}`;
  },
  get label() {
    return `xterm.js ${browserBuildVersion()} browser build in Chromium`;
  },
  missing: xtermBrowserMissing,
  open: openBrowserXterm,
  focusBack: '.xterm-helper-textarea',
  paste: 'dom-event',
};

export class XtermBrowserInput extends BrowserInput {
  constructor(cols: number, rows: number, hooks: { sent: (bytes: Uint8Array) => void; attach: (browser: BrowserPage) => void }) {
    super(RECIPE, cols, rows, hooks);
  }
}
