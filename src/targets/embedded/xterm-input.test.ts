/**
 * Input probes for xterm.js, through its browser build in headless Chromium: real probes of the corpus, each with
 * the bytes its spec-pinned expectation names (probes/*.yaml `implements`), made as keys, clicks, a paste and a
 * focus change in the page, and answered by xterm.js's own DOM handlers. Modes are set and reset per probe: the
 * arrow with DECCKM set is followed by one without.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { runTarget } from '../../engine/run-target.js';
import { haveProgram } from '../../test-support/require-program.js';
import { CHROMIUM } from './browser-page.js';

/** Probe id → what xterm.js sends, which is what the probe's `implements` expects. */
const EXPECTED: Record<string, string> = {
  'keys-legacy.decckm-up': '\\eOA',
  'keys-legacy.up': '\\e[A',
  'keys-modifiers.ctrl-a': '\\x01',
  'keys-modifiers.shift-a': 'A',
  'keys-keypad.numeric-1': '1',
  'mouse-encodings.sgr-click-left': '\\e[<0;3;2M\\e[<0;3;2m',
  'paste-and-focus.bracketed': '\\e[200~hello\\e[201~',
  'paste-and-focus.focus-reports': '\\e[O\\e[I',
};

describe.skipIf(!haveProgram(CHROMIUM, 'chromium'))('xterm.js input probes in the browser build', () => {
  it("records the bytes xterm.js's keyboard, mouse, paste and focus handlers send", async () => {
    const corpus = await loadCorpus();
    const probes = Object.keys(EXPECTED).map((id) => corpus.byId.get(id)!);
    for (const p of probes) expect(p.expect.implements?.replies?.['input'], p.id).toBe(EXPECTED[p.id]);
    const { results } = await runTarget('xterm.js', corpus, probes, { browserInput: true });
    const got = Object.fromEntries(results.probes.map((r) => [r.id, r.status === 'ok' ? r.replies[0]?.value : `${r.status}: ${r.note}`]));
    expect(got).toEqual(EXPECTED);
    expect(results.settings.options?.['input.package']).toBe('@xterm/xterm@6.0.0');
    const via = results.probes.find((r) => r.id === 'mouse-encodings.sgr-click-left')?.evidence?.['via'];
    expect(via).toMatch(/browser build in Chromium.*press left release left/);
  }, 60_000);
});
