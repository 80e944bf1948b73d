import { describe, expect, test } from 'vitest';
import { encodeFrame, FrameDecoder, FrameError } from './stdio-frames.js';

const frames = [encodeFrame('H', '{"protocol":1}'), encodeFrame('D', new Uint8Array([0x1b, 0x5b, 0x63, 0, 0xff])), encodeFrame('S'), encodeFrame('C', '3 7')];
const stream = Uint8Array.from(frames.flatMap((f) => [...f]));
const shape = (fs: { type: string; payload: Uint8Array }[]) => fs.map((f) => `${f.type}:${[...f.payload].join(',')}`);

describe('stdio adapter frames', () => {
  test('a stream decodes the same whole, byte by byte, and split at any index', () => {
    const whole = shape(new FrameDecoder().feed(stream));
    expect(whole).toEqual(['H:123,34,112,114,111,116,111,99,111,108,34,58,49,125', 'D:27,91,99,0,255', 'S:', 'C:51,32,55']);
    const bytewise = new FrameDecoder();
    expect(shape([...stream].flatMap((b) => bytewise.feed(new Uint8Array([b]))))).toEqual(whole);
    for (let i = 0; i <= stream.length; i++) {
      const d = new FrameDecoder();
      expect(shape([...d.feed(stream.slice(0, i)), ...d.feed(stream.slice(i))])).toEqual(whole);
      expect(d.pending).toBe(0);
    }
  });

  test('bytes that are not a frame, or a frame over the limit, are refused', () => {
    expect(() => new FrameDecoder().feed(new TextEncoder().encode('hello\n'))).toThrow(FrameError);
    expect(() => new FrameDecoder().feed(new Uint8Array([0x44, 0xff, 0xff, 0xff, 0xff]))).toThrow(/over the .*-byte limit/);
  });
});
