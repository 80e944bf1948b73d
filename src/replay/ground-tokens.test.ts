import { expect, test } from 'vitest';
import { groundTokenEnds } from './ground-tokens.js';

function tokens(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: string[] = [];
  let prev = 0;
  for (const e of groundTokenEnds(bytes)) {
    out.push(bytes.subarray(prev, e).toString('utf8'));
    prev = e;
  }
  return out;
}

test('a stream splits into whole characters, controls and sequences', () => {
  expect(tokens('a\r\né日\x1b[1;2H\x1b]0;t\x07\x1b]2;x\x1b\\\x1bP$q m\x1b\\\x1b(B\x1b7z')).toEqual([
    'a', '\r', '\n', 'é', '日', '\x1b[1;2H', '\x1b]0;t\x07', '\x1b]2;x\x1b\\', '\x1bP$q m\x1b\\', '\x1b(B', '\x1b7', 'z',
  ]);
});

test('CAN ends a sequence, ESC inside a CSI starts a new one, an open sequence at the end is one token', () => {
  expect(tokens('\x1b[12\x18a\x1b[5\x1b[3Cb\x1b]0;open')).toEqual(['\x1b[12\x18', 'a', '\x1b[5\x1b[3C', 'b', '\x1b]0;open']);
});

test('an ESC that ends a string begins the next sequence', () => {
  expect(tokens('\x1b]0;t\x1b[2Jx')).toEqual(['\x1b]0;t\x1b[2J', 'x']);
});

test('the tokens cover every byte', () => {
  const text = '\x1b[0a\x9b5Cq\xff';
  expect(tokens(text).join('')).toBe(text);
});
