import { describe, expect, it } from 'vitest';
import type { ReplyEvent } from './reply-events.js';
import { ReplyParser } from './reply-parser.js';

const encoder = new TextEncoder();
const MB = 1 << 20;
/**
 * Generous bound: this is a guard against quadratic behaviour on a shared, busy
 * machine, not the target. The target is well under 100 ms per MB; the measured
 * times are printed.
 */
const BOUND_MS = 1000;

function repeatTo(unit: string, size: number): Uint8Array {
  const bytes = encoder.encode(unit);
  const out = new Uint8Array(size);
  for (let at = 0; at < size; at += bytes.length) out.set(bytes.subarray(0, Math.min(bytes.length, size - at)), at);
  return out;
}

/** Best of a few runs, in ms, feeding `chunkSize` bytes at a time. */
function timeParse(bytes: Uint8Array, chunkSize: number): { ms: number; events: ReplyEvent[] } {
  let best = Infinity;
  let events: ReplyEvent[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const parser = new ReplyParser();
    events = [];
    for (let at = 0; at < bytes.length; at += chunkSize) events.push(...parser.feed(bytes.subarray(at, at + chunkSize)));
    events.push(...parser.flush());
    best = Math.min(best, performance.now() - started);
  }
  return { ms: best, events };
}

describe('reply parser speed', () => {
  const mixed = repeatTo(
    'typed wörds \x1b[24;80R\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c\x1bP>|xterm(379)\x1b\\\x1b]10;rgb:ffff/ffff/ffff\x07😀',
    MB,
  );

  it.each([
    ['mixed replies and text, 4 KB chunks', mixed, 4096],
    ['mixed replies and text, one chunk', mixed, MB],
    ['CPR replies only, 4 KB chunks', repeatTo('\x1b[24;80R', MB), 4096],
    ['plain text, 4 KB chunks', repeatTo('keys typed by a user: ascii, ü, 日本 ', MB), 4096],
  ])('parses 1 MB of %s', (name, bytes, chunkSize) => {
    const { ms, events } = timeParse(bytes, chunkSize);
    console.log(`${name}: ${ms.toFixed(1)} ms, ${events.length} events`);
    expect(events.length).toBeGreaterThan(0);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('stays bounded on a 1 MB string that never ends', () => {
    const parser = new ReplyParser();
    parser.feed(encoder.encode('\x1b]52;c;'));
    const chunk = repeatTo('QUJD', 4096);
    const started = performance.now();
    for (let at = 0; at < MB; at += chunk.length) parser.feed(chunk);
    const ms = performance.now() - started;
    expect(parser.debugSizes().payload).toBeLessThanOrEqual(parser.limits.maxPayload);
    expect(parser.debugSizes().raw).toBeLessThanOrEqual(parser.limits.maxRaw);
    const [event] = parser.feed(encoder.encode('\x07'));
    expect(event).toMatchObject({ kind: 'osc', command: 52, truncated: true });
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('feeds 64 KB one byte at a time without slowing down', () => {
    const bytes = mixed.subarray(0, 64 * 1024);
    const { ms } = timeParse(bytes, 1);
    console.log(`64 KB byte by byte: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
