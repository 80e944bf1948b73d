import { describe, expect, it } from 'vitest';
import { seededRandom } from './test-support.js';
import { Utf8Decoder } from './utf8-decoder.js';

const decodeAll = (chunks: number[][]): string => {
  const decoder = new Utf8Decoder();
  return chunks.map((c) => decoder.decode(Uint8Array.from(c))).join('') + decoder.flush();
};

describe('Utf8Decoder', () => {
  it('decodes one- to four-byte characters', () => {
    expect(decodeAll([[0x41, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]])).toBe('Aé€😀');
  });

  it('decodes a character split at every byte', () => {
    const bytes = [0xf0, 0x9f, 0x98, 0x80, 0xe6, 0x97, 0xa5];
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(decodeAll([bytes.slice(0, cut), bytes.slice(cut)])).toBe('😀日');
    }
    expect(decodeAll(bytes.map((b) => [b]))).toBe('😀日');
  });

  it('holds back an unfinished character and reports it as pending', () => {
    const decoder = new Utf8Decoder();
    expect(decoder.decode(Uint8Array.of(0x61, 0xe2, 0x82))).toBe('a');
    expect(decoder.pending).toBe(2);
    expect(decoder.decode(Uint8Array.of(0xac))).toBe('€');
    expect(decoder.pending).toBe(0);
  });

  // One U+FFFD per maximal subpart (Unicode ch. 3, "U+FFFD substitution of maximal subparts").
  it.each([
    ['lone continuation', [0x80], '\ufffd'],
    ['overlong two-byte form', [0xc0, 0x80], '\ufffd\ufffd'],
    ['overlong three-byte form', [0xe0, 0x80, 0x80], '\ufffd\ufffd\ufffd'],
    ['encoded surrogate', [0xed, 0xa0, 0x80], '\ufffd\ufffd\ufffd'],
    ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], '\ufffd\ufffd\ufffd\ufffd'],
    ['bytes that never occur', [0xf5, 0xfe, 0xff], '\ufffd\ufffd\ufffd'],
    ['truncated sequences between letters', [0x61, 0xf1, 0x80, 0x80, 0xe1, 0x80, 0xc2, 0x62, 0x80, 0x63, 0x80, 0xbf, 0x64],
      'a\ufffd\ufffd\ufffdb\ufffdc\ufffd\ufffdd'],
    ['unfinished at end of stream', [0x61, 0xf0, 0x9f, 0x98], 'a\ufffd'],
    ['C1 control encoded in UTF-8', [0xc2, 0x9b], '\u009b'],
  ])('%s', (_name, bytes, expected) => {
    expect(decodeAll([bytes])).toBe(expected);
    expect(decodeAll(bytes.map((b) => [b]))).toBe(expected);
  });

  it('agrees with TextDecoder on random bytes in random chunks', () => {
    const random = seededRandom(20240601);
    const interesting = [0x00, 0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x9b, 0xa0, 0x9f, 0x8f, 0x90];
    for (let round = 0; round < 5000; round++) {
      const length = Math.floor(random() * 40);
      const bytes = Uint8Array.from({ length }, () =>
        random() < 0.6 ? interesting[Math.floor(random() * interesting.length)]! : Math.floor(random() * 256),
      );
      const reference = new TextDecoder().decode(bytes);
      const decoder = new Utf8Decoder();
      let text = '';
      let start = 0;
      while (start < length) {
        const end = Math.min(length, start + 1 + Math.floor(random() * 6));
        text += decoder.decode(bytes.subarray(start, end));
        expect(decoder.pending).toBeLessThanOrEqual(3);
        start = end;
      }
      expect(text + decoder.flush()).toBe(reference);
    }
  });

  it('decodes a large chunk', () => {
    const text = 'añ€😀'.repeat(50_000);
    expect(new Utf8Decoder().decode(new TextEncoder().encode(text))).toBe(text);
  });
});

describe('Utf8Decoder with c1Bytes', () => {
  it('reads a byte 0x80–0x9F that starts no character as that C1 control, and leaves real characters alone', () => {
    const d = new Utf8Decoder({ c1Bytes: true });
    expect(d.decode(Uint8Array.of(0x9b, 0x30, 0x6e))).toBe('\u009b0n');
    expect(d.decode(Uint8Array.of(0xc2, 0x9b, 0x80, 0x9c))).toBe('\u009b\u0080\u009c');
    expect(d.decode(Uint8Array.of(0xe2, 0x82, 0xac, 0xa0, 0xff))).toBe('€\ufffd\ufffd');
    expect(new Utf8Decoder().decode(Uint8Array.of(0x9b, 0x30))).toBe('\ufffd0');
  });
});
