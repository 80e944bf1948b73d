import { describe, expect, it } from 'vitest';
import { ReplyCounter } from './self-reply-counter.js';

const bytes = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
const STREAM = '\x1b[?1;2c\x1b[3;4R\x1bP>|tmux \x1b[?9c\x1b\\\x1b[?64;1;22c\x1b]11;?\x1b[?5c\x07x\x1b[?2004;1$y\x9b?62c';

function countSplit(stream: string, at: number[]): ReplyCounter {
  const c = new ReplyCounter();
  let from = 0;
  for (const cut of [...at, stream.length]) {
    c.feed(bytes(stream.slice(from, cut)));
    from = cut;
  }
  return c;
}

describe('ReplyCounter', () => {
  it('counts DA1 replies (7-bit and 8-bit CSI), never inside DCS/OSC strings or other reports', () => {
    expect(countSplit(STREAM, []).da1).toBe(3);
  });

  it('gives the same count however the stream is split', () => {
    for (let i = 0; i <= STREAM.length; i++) expect(countSplit(STREAM, [i]).da1, `split at ${i}`).toBe(3);
    expect(countSplit(STREAM, Array.from({ length: STREAM.length }, (_, i) => i)).da1).toBe(3);
  });

  it('sees Ctrl-C typed between replies, not a 0x03 inside a string', () => {
    const c = new ReplyCounter();
    c.feed(bytes('\x1b]2;a\x03b\x07'));
    expect(c.ctrlC).toBe(0);
    c.feed(bytes('\x1b[?1;2c\x03'));
    expect(c).toMatchObject({ ctrlC: 1, da1: 1 });
  });

  it('CAN aborts a sequence: no DA1 is counted for it', () => {
    expect(countSplit('\x1b[?1;2\x18c\x1b[?1;2c', []).da1).toBe(1);
  });
});
