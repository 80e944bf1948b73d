/**
 * The reference stdio adapter (docs/stdio-adapter.md): xterm.js (@xterm/headless,
 * Unicode 11 widths) behind the adapter protocol, so that
 *
 *   termprobe run --target 'stdio:node dist/adapters/xterm-js-adapter.js'
 *
 * answers as the built-in xterm.js target does. A terminal author writes the
 * same ~100 lines (serve-xterm-js.ts) around their own emulator core: read
 * frames from stdin, feed D payloads to the emulator, write its replies as D
 * frames, answer S with a screen dump and C with the cursor once everything
 * before them is processed.
 */
import { serveXtermJs } from './serve-xterm-js.js';

await serveXtermJs();
