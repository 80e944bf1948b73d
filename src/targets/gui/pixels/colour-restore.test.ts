import { describe, expect, test } from 'vitest';
import type { PixelModel } from '../../../results/results-schema.js';
import { ColourRestore } from './colour-restore.js';

const model = { fg: { default: '#000000' }, bg: { default: '#ffffff', red: '#cd0000' } } as unknown as PixelModel;
const back = (entries = '') => `\x1b]10;#000000\x1b\\\x1b]11;#ffffff\x1b\\${entries}`;

describe('the calibrated colours put back after a probe that changed them', () => {
  const restore = new ColourRestore(model);

  test('after the sentinel of the probe that set them, before the next probe', () => {
    const probe = '\x1b[!p\x1b]11;rgb:12/34/56\x1b\\\x1b]11;?\x1b\\\x1b]111\x1b\\\x1b[c';
    expect(restore.rewrite(`${probe}\x1b[!pX\x1b[c`)).toBe(`${probe}${back()}\x1b[!pX\x1b[c`);
  });

  test('palette entries set by OSC 4 or reset by OSC 104, by index', () => {
    expect(restore.rewrite('\x1b]4;1;rgb:12/34/56;196;#ff00ff\x07\x1b[c')).toBe(`\x1b]4;1;rgb:12/34/56;196;#ff00ff\x07\x1b[c${back('\x1b]4;1;#cd0000\x1b\\\x1b]4;196;#ff0000\x1b\\')}`);
  });

  test('queries set nothing: the bytes are left as they are', () => {
    const text = '\x1b]10;?\x1b\\\x1b]4;1;?\x07\x1b[6n\x1b[c';
    expect(restore.rewrite(text)).toBe(text);
  });

  test("a probe's cleanup written alone (after its screen was read) is followed at once", () => {
    expect(restore.rewrite('\x1b]104;1\x1b\\')).toBe(`\x1b]104;1\x1b\\${back('\x1b]4;1;#cd0000\x1b\\')}`);
  });
});
