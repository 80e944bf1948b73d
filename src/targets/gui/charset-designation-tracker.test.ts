import { describe, expect, test } from 'vitest';
import { CharsetDesignationTracker } from './charset-designation-tracker.js';
import { preludeBytes } from '../../corpus/prelude.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** The tracker after `writes`, each fed as one write. */
function after(...writes: string[]): boolean {
  const t = new CharsetDesignationTracker();
  for (const w of writes) t.see(enc(w));
  return t.nonAscii;
}

/** Every way of cutting `text` into two writes gives the same state as one write. */
function splitEverywhere(text: string): boolean[] {
  return [...text].map((_, i) => after(text.slice(0, i), text.slice(i)));
}

describe('CharsetDesignationTracker', () => {
  test('marks a non-ASCII designation into any of G0–G3, in 94- and 96-character forms and with an intermediate', () => {
    for (const scs of ['\x1b(0', '\x1b)0', '\x1b*A', '\x1b+K', '\x1b-A', '\x1b.A', '\x1b/A', '\x1b(%5', '\x1b("?']) expect(after(`ab${scs}cd`), JSON.stringify(scs)).toBe(true);
  });

  test('clears a slot designated back to ASCII, and every slot on DECSTR or RIS', () => {
    expect(after('\x1b(0x\x1b(B')).toBe(false);
    expect(after('\x1b(0\x1b)B')).toBe(true); // G0 still DEC graphics
    expect(after('\x1b(0\x1b)A\x1b+0', '\x1b[!p')).toBe(false);
    expect(after('\x1b*0\x1bc')).toBe(false);
  });

  test('the prelude leaves nothing designated, whatever the probe before it designated', () => {
    expect(after('\x1b(0\x1b)A\x1b*K\x1b+R', preludeBytes({ cols: 80, rows: 24 }))).toBe(false);
  });

  test('sees a sequence split across writes at any byte', () => {
    expect(splitEverywhere('xy\x1b(0z')).toEqual(new Array(6).fill(true));
    expect(splitEverywhere('\x1b(0q\x1b[!p')).toEqual(new Array(8).fill(false));
  });

  test('ignores what only looks like a designation: CSI, OSC text, UTF-8 selection', () => {
    expect(after('\x1b[6n\x1b[?1;2c(0\x1b]2;(0\x07\x1b%G')).toBe(false);
  });
});
