import { describe, expect, it } from 'vitest';
import { MOUSE_MODES_OFF, MouseModeTracker } from './mouse-mode-tracker.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('which mouse modes the written bytes may have left on', () => {
  it('marks a mode set, clears it when reset, and ignores other modes', () => {
    const t = new MouseModeTracker();
    t.see(bytes('\x1b[?25h\x1b[?2004h\x1b[?1049l'));
    expect(t.dirty).toBe(false);
    t.see(bytes('x\x1b[?1000;1006hy'));
    expect(t.dirty).toBe(true);
    t.see(bytes('\x1b[?1000l'));
    expect(t.dirty).toBe(true); // 1006 is still on
    t.see(bytes('\x1b[?1006l'));
    expect(t.dirty).toBe(false);
  });

  it('sees a set split across writes, in C1 form, and a restore (XTRESTORE) of a mouse mode', () => {
    const split = new MouseModeTracker();
    split.see(bytes('abc\x1b[?10'));
    split.see(bytes('02h'));
    expect(split.dirty).toBe(true);
    for (const form of ['\x9b?9h', '\xc2\x9b?1003h', '\x1b[?1016r']) {
      const t = new MouseModeTracker();
      t.see(bytes(form));
      expect(t.dirty, JSON.stringify(form)).toBe(true);
    }
  });

  it('is clean once MOUSE_MODES_OFF has been processed, and MOUSE_MODES_OFF itself leaves it clean', () => {
    const t = new MouseModeTracker();
    t.see(bytes('\x1b[?1002h'));
    t.cleared();
    expect(t.dirty).toBe(false);
    t.see(bytes(MOUSE_MODES_OFF));
    expect(t.dirty).toBe(false);
  });
});
