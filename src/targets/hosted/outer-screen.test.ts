/**
 * The outer-screen replay against stand-in programs that draw like dvtm (the
 * title after the drawing) and like mosh-client (a frame with the title first,
 * its rows split across writes): a read returns only once the drawing that
 * came before the title token is in, and every wait ends on abort, close or
 * its time limit.
 */
import { describe, expect, it } from 'vitest';
import { OuterScreen } from './outer-screen.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const region = { top: 1, left: 1, bottom: 2, right: 10 };
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** The title token in bytes written to the inner terminal. */
function tokenOf(bytes: Uint8Array): string {
  const m = /\x1b\]2;([^\x07]*)\x07/.exec(decoder.decode(bytes));
  if (!m) throw new Error('no title token written');
  return m[1]!;
}

describe('OuterScreen', () => {
  it('reads once a program that draws before it sets the title has shown the token (one fence)', async () => {
    let screen!: OuterScreen;
    const drawn: string[] = [];
    screen = new OuterScreen({
      cols: 10, rows: 4, fences: 1,
      writeInner: (bytes) => {
        const token = tokenOf(bytes);
        void (async () => {
          // The drawing of what came before, in two writes, then the title.
          await tick();
          screen.feed(encoder.encode('\x1b[H\x1b[1;31mab\x1b[0m'));
          await tick();
          screen.feed(encoder.encode('\x1b[2;3H\u4e2dc'));
          await tick();
          screen.feed(encoder.encode(`\x1b]0;${token}\x07`));
          drawn.push(token);
        })();
      },
    });
    const answer = await screen.read(region);
    expect(drawn).toHaveLength(1);
    expect(answer.via).toBe('outer-screen');
    expect(answer.text).toEqual(['ab', '  中c']);
    expect(answer.cells?.[0]?.[0]).toEqual({ t: 'a', w: 1, s: { bold: true, fg: 'red' } });
    expect(answer.cells?.[1]?.slice(2, 5)).toEqual([{ t: '中', w: 2 }, { t: '', w: 0 }, { t: 'c', w: 1 }]);
    screen.close();
  });

  it('with two fences, reads only after the second token: the first frame\'s rows may come after its title', async () => {
    let screen!: OuterScreen;
    let frames = 0;
    screen = new OuterScreen({
      cols: 10, rows: 4, fences: 2,
      writeInner: (bytes) => {
        const token = tokenOf(bytes);
        const frame = ++frames;
        void (async () => {
          await tick();
          // A mosh-like frame: title first; the first frame's rows arrive in a later chunk.
          screen.feed(encoder.encode(`\x1b]2;${token}\x07`));
          await tick();
          if (frame === 1) screen.feed(encoder.encode('\x1b[Hrow one'));
        })();
      },
    });
    const answer = await screen.read(region);
    expect(frames).toBe(2);
    expect(answer.text).toEqual(['row one', '']);
    screen.close();
  });

  it('ends a read on abort (with its reason), on close, and at its time limit', async () => {
    const silent = new OuterScreen({ cols: 10, rows: 4, fences: 1, writeInner: () => undefined, timeoutMs: 60_000 });
    const controller = new AbortController();
    const aborted = silent.read(region, controller.signal);
    controller.abort(new Error('cancelled by the user'));
    await expect(aborted).rejects.toThrow('cancelled by the user');
    const closed = silent.read(region);
    silent.close();
    await expect(closed).rejects.toMatchObject({ name: 'ScreenReadError', message: /closed/ });
    const limited = new OuterScreen({ cols: 10, rows: 4, fences: 1, writeInner: () => undefined, timeoutMs: 20 });
    await expect(limited.read(region)).rejects.toMatchObject({ name: 'ScreenReadError', message: /did not show the title .* within 0.02 s/ });
    limited.close();
  });
});
