import { describe, expect, it } from 'vitest';
import { EndMarkScanner, endMark, parseEnd } from './end-mark.js';

const NONCE = 'termprobe-record-end-0123456789abcdef';

/** The output, the mark, then bytes after it, cut at every place into two chunks and into chunks of one character. */
function cuts(text: string): string[][] {
  const out: string[][] = [[...text]];
  for (let at = 0; at <= text.length; at++) out.push([text.slice(0, at), text.slice(at)]);
  return out;
}

describe('the end mark in chunked output', () => {
  it('gives back every byte before the mark and nothing after it, however the output is cut', () => {
    // Output that holds the mark's own first characters (an OSC 777 of another nonce, an ESC ] alone) is the program's.
    const program = 'name? abc\r\n\x1b]777;other;exit;1\x07got \x1b]7 abc\r\n\x1b';
    for (const how of [{ exit: 0 }, { signal: 9 }, { error: 'spawn nope ENOENT' }] as const) {
      for (const chunks of cuts(`${program}${endMark(NONCE, how)}after`)) {
        const scanner = new EndMarkScanner(NONCE);
        const given = chunks.map((c) => scanner.feed(c)).join('');
        expect(given).toBe(program);
        expect(scanner.found).toBe(true);
        expect(scanner.end).toEqual(how);
      }
    }
  });

  it('holds a tail that may begin the mark until the next chunk tells, and has no end before the whole mark', () => {
    const scanner = new EndMarkScanner(NONCE);
    expect(scanner.feed('abc\x1b]77')).toBe('abc');
    expect(scanner.feed('x')).toBe('\x1b]77x');
    expect(scanner.feed(endMark(NONCE, { exit: 3 }).slice(0, -1))).toBe('');
    expect(scanner.found).toBe(false);
    expect(scanner.feed('\x07')).toBe('');
    expect(scanner.end).toEqual({ exit: 3 });
  });

  it('reads what the wrapper writes, and nothing else', () => {
    expect(parseEnd('exit;0')).toEqual({ exit: 0 });
    expect(parseEnd('signal;15')).toEqual({ signal: 15 });
    expect(parseEnd('error;spawn a;b ENOENT')).toEqual({ error: 'spawn a;b ENOENT' });
    expect(parseEnd('exit;')).toBeUndefined();
    expect(parseEnd('quit;1')).toBeUndefined();
    // An error's control characters would end the mark early: written as spaces.
    expect(endMark(NONCE, { error: 'a\x07b\nc' })).toBe(`\x1b]777;${NONCE};error;a b c\x07`);
  });
});
