/**
 * Input probes for ghostty-web, through its browser build in headless Chromium: real probes of the corpus made as
 * keys, clicks, a wheel turn, pastes and a focus change in the page, answered by ghostty-web 0.4.0's own handlers
 * (dist/ghostty-web.js): its InputHandler's fixed key table before its WebAssembly encoder (shift+F5 sends what F5
 * does; Home ignores DECCKM), its paste handlers (the Terminal's on its textarea brackets under 2004, a clipboard paste
 * on its element does not; shift+Insert is a key of its table), arrow keys for a wheel turn on the alternate screen
 * (three for a notch of 100 px: round(100 / 33)), and no mouse or focus reports, which is "sent nothing".
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { runTarget } from '../../engine/run-target.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM } from './browser-page.js';
import { openBrowserGhostty } from './browser-ghostty.js';

/** Probe id → what ghostty-web 0.4.0 sends. */
const SENT: Record<string, string> = {
  'keys-legacy.up': '\\e[A',
  'keys-legacy.decckm-up': '\\eOA',
  'keys-legacy.decckm-home': '\\e[H',
  'keys-modifiers.shift-f5': '\\e[15~',
  'keys-modifiers.ctrl-f5': '\\e[15;5~',
  'keys-modifiers.ctrl-a': '\\x01',
  'paste-and-focus.bracketed': '\\e[200~hello\\e[201~',
  'paste-and-focus.ctrl-shift-v': 'hello',
  'paste-and-focus.bracketed-shift-insert': '\\e[2~',
  'mouse-tracking.alternate-scroll-up': '\\e[A\\e[A\\e[A',
  'mouse-tracking.alternate-scroll-tracking': '\\e[A\\e[A\\e[A',
  'mouse-encodings.sgr-click-left': '',
  'paste-and-focus.focus-reports': '',
};

describe.skipIf(!haveProgram(CHROMIUM, 'chromium'))('ghostty-web input probes in the browser build', () => {
  it("records the bytes ghostty-web's key, paste and wheel handlers send, and nothing for a click or a focus change", async () => {
    const corpus = await loadCorpus();
    const probes = Object.keys(SENT).map((id) => corpus.byId.get(id)!);
    // Not in the corpus: ctrl+shift+v under 2004 (the browser pastes on ghostty-web's element, whose InputHandler sends
    // the text as it is; its Terminal brackets only what is pasted on its textarea).
    const bracketed = corpus.byId.get('paste-and-focus.bracketed-shift-insert')!;
    probes.push({ ...bracketed, id: 'paste-and-focus.bracketed-ctrl-shift-v', input: { paste: { text: 'hello', via: 'ctrl+shift+v' } } });
    const { results } = await runTarget('ghostty', corpus, probes, { browserInput: true });
    const got = Object.fromEntries(results.probes.map((r) => [r.id, r.status === 'ok' ? r.replies[0]?.value : `${r.status}: ${r.note}`]));
    expect(got).toEqual({ ...SENT, 'paste-and-focus.bracketed-ctrl-shift-v': 'hello' });
    expect(results.settings.options?.['input.package']).toBe('ghostty-web@0.4.0');
    const via = (id: string) => results.probes.find((r) => r.id === id)?.evidence?.['via'];
    expect(via('paste-and-focus.bracketed')).toMatch(/ghostty-web 0\.4\.0 browser build in Chromium, the browser's paste: press middle release middle paste event on textarea/);
    expect(via('paste-and-focus.ctrl-shift-v')).toMatch(/clipboard holds the text, down ControlLeft down ShiftLeft down KeyV/);
    expect(via('mouse-tracking.alternate-scroll-up')).toMatch(/wheel 0,-100/);
    // The input engine's DA1 round trip before each group's events was answered through the page (termprobe's stand-in
    // reply, ghostty.ts), in order with the terminal's own replies; and no probe needed a restart: the mouse's back and
    // forward buttons (clicked before each click) leave the page be.
    expect(results.run.restarts ?? []).toEqual([]);
  }, 60_000);

  it('leaves the page painting no frames of its own, and its keys still answered', async () => {
    const sent: string[] = [];
    const browser = await openBrowserGhostty(80, 24, '\x1b[?62c', (bytes) => sent.push(Buffer.from(bytes).toString('latin1')));
    try {
      // ghostty-web's render loop asks for the next animation frame in each one, under a new id: two frames later the id is the same.
      const same = await browser.page.evaluate(`new Promise((resolve) => {
        const before = window.term.animationFrameId;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.term.animationFrameId === before)));
      })`);
      expect(same).toBe(true);
      await browser.page.keyboard.press('ArrowUp');
      await expect.poll(() => sent.join('')).toBe('\x1b[A');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
