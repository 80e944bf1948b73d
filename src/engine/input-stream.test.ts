/**
 * The raw byte stream of the input probes: round-trip replies dropped with what came before them, markers cutting
 * the events' bytes apart, a marker's release report dropped, whatever the chunks — fed whole, byte by byte, or
 * split at any index, the segments are the same.
 */
import { describe, expect, it } from 'vitest';
import { X_MARKERS, X_MARKER_NOISE } from '../targets/gui/gui-input.js';
import { InputStream } from './input-stream.js';

const latin = (s: string) => Buffer.from(s, 'latin1');
const SNOW = '\xe2\x98\x83';

function read(chunks: string[]): { segments: string[]; da1: number } {
  const s = new InputStream(X_MARKERS, X_MARKER_NOISE);
  const stream = chunks.join('');
  const cut = stream.indexOf('|');
  const parts = cut < 0 ? chunks : [stream.slice(0, cut), stream.slice(cut + 1)];
  s.feed(latin(parts[0]!));
  s.setMarking(true);
  for (const p of parts.slice(1)) s.feed(latin(p));
  return { segments: Array.from({ length: s.markers }, (_, i) => s.between(i - 1, i)), da1: s.da1Replies };
}

describe('the input stream', () => {
  const stream = `junk\x1b[?64;1c|stray${SNOW}\x1b[1;2R${SNOW}\x1b[9731;1:3u\x1b[A\x1b[1;1:3A\x1b[9731u\x1b[9731;1:3u${SNOW}`;

  it('drops what came before the round trip, keeps each event\'s bytes between markers, and drops marker releases', () => {
    expect(read([stream])).toEqual({ segments: ['stray', '\x1b[1;2R', '\x1b[A\x1b[1;1:3A', ''], da1: 1 });
  });

  it('reads the same whatever the chunks', () => {
    const whole = read([stream]);
    const [before, after] = stream.split('|') as [string, string];
    for (let i = 0; i <= after.length; i++) expect(read([before, '|', after.slice(0, i), after.slice(i)])).toEqual(whole);
    expect(read([before, '|', ...after])).toEqual(whole);
  });

  it('takes xterm\'s modifyOtherKeys form and kitty\'s associated text for a marker', () => {
    expect(read(['\x1b[?1c|a\x1b[27;5;9731~b\x1b[9731;;9731u'])).toEqual({ segments: ['a', 'b'], da1: 1 });
  });
});
