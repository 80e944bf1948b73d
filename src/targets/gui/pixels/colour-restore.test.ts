import { describe, expect, test } from 'vitest';
import { preludeBytes } from '../../../corpus/prelude.js';
import type { PixelModel } from '../../../results/results-schema.js';
import { ColourRestore } from './colour-restore.js';

const model = { fg: { default: '#000000' }, bg: { default: '#ffffff', red: '#cd0000' } } as unknown as PixelModel;
const back = (entries = '') => `\x1b]10;#000000\x1b\\\x1b]11;#ffffff\x1b\\${entries}`;
const size = { cols: 80, rows: 24 };
/** The next probe: its prelude (as the engine writes it), something sent, its sentinel. */
const next = (kind: 'default' | 'alternate' = 'default') => `${preludeBytes(size, kind)}X\x1b[c`;
/** Where the colours go back in the next probe: inside its prelude, before anything of the probe's own. */
const nextRestored = (kind: 'default' | 'alternate' = 'default', entries = '') => {
  const p = preludeBytes(size, kind);
  const at = p.indexOf('\x1b[1"q');
  return `${p.slice(0, at)}${back(entries)}${p.slice(at)}X\x1b[c`;
};

describe('the calibrated colours put back after a probe that changed them', () => {
  test("before the next probe's prelude, in either kind of prelude", () => {
    const probe = `${preludeBytes(size, 'default')}\x1b]11;rgb:12/34/56\x1b\\\x1b]11;?\x1b\\\x1b]111\x1b\\\x1b[c`;
    expect(new ColourRestore(model).rewrite(`${probe}${next()}`)).toBe(`${probe}${nextRestored()}`);
    expect(new ColourRestore(model).rewrite(`${probe}${next('alternate')}`)).toBe(`${probe}${nextRestored('alternate')}`);
  });

  test('after the last step of a probe with steps, not between its steps', () => {
    // osc-colours.reset-restores-before: ask, set and ask, reset and ask, each step closed by a DA1.
    const probe = `${preludeBytes(size, 'default')}\x1b]4;196;?\x1b\\\x1b[c\x1b]4;196;#123456\x1b\\\x1b]4;196;?\x1b\\\x1b[c\x1b]104;196\x1b\\\x1b]4;196;?\x1b\\\x1b[c\x1b]104;196\x1b\\\x1b[c`;
    const restore = new ColourRestore(model);
    expect(restore.rewrite(probe)).toBe(probe);
    expect(restore.rewrite(next())).toBe(nextRestored('default', '\x1b]4;196;#ff0000\x1b\\'));
  });

  test('palette entries set by OSC 4 or reset by OSC 104, by index', () => {
    const probe = '\x1b]4;1;rgb:12/34/56;196;#ff00ff\x07\x1b[c';
    expect(new ColourRestore(model).rewrite(`${probe}${next()}`)).toBe(`${probe}${nextRestored('default', '\x1b]4;1;#cd0000\x1b\\\x1b]4;196;#ff0000\x1b\\')}`);
  });

  test('queries set nothing: the bytes are left as they are', () => {
    const text = `\x1b]10;?\x1b\\\x1b]4;1;?\x07\x1b[6n\x1b[c${next()}`;
    expect(new ColourRestore(model).rewrite(text)).toBe(text);
  });

  test("a probe whose screen is read keeps its colours until its cleanup, written alone, and the next probe's prelude", () => {
    const restore = new ColourRestore(model);
    const probe = '\x1b]4;1;#123456\x1b\\\x1b[31mX\x1b[6n\x1b[c';
    expect(restore.rewrite(probe)).toBe(probe);
    expect(restore.rewrite('\x1b]104;1\x1b\\')).toBe('\x1b]104;1\x1b\\');
    expect(restore.rewrite(next())).toBe(nextRestored('default', '\x1b]4;1;#cd0000\x1b\\'));
    // Put back once: the probe after that one is left alone.
    expect(restore.rewrite(next())).toBe(next());
  });
});
