import { expect, test } from 'vitest';
import { StreamScan } from './stream-scan.js';

test('finds the text wherever the stream is cut, in strings or bytes, and only after restart()', () => {
  const stream = 'ab\x1b[H\x1b[6n\x1b[Hcd';
  for (let i = 0; i <= stream.length; i++) {
    for (let j = i; j <= stream.length; j++) {
      const scan = new StreamScan('\x1b[6n');
      scan.restart();
      scan.feed(stream.slice(0, i));
      scan.feed(Buffer.from(stream.slice(i, j), 'latin1'));
      scan.feed(stream.slice(j));
      expect(scan.seen, `cut at ${i} and ${j}`).toBe(true);
    }
  }
  const scan = new StreamScan('\x1b[6n');
  scan.feed('\x1b[6n');
  expect(scan.seen).toBe(false);
  scan.restart();
  scan.feed('\x1b[6');
  scan.feed('m\x1b[6');
  expect(scan.seen).toBe(false);
  scan.feed('n');
  expect(scan.seen).toBe(true);
});
