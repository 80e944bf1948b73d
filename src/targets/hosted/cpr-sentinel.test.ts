/**
 * The CPR sentinel's bookkeeping for terminals that never answer DA1: a CPR
 * query added after each DA1 query, its reply turned into a DA1, and (dvtm)
 * a no-op sequence written before each CPR query so a sequence the probe left
 * open cannot swallow it.
 */
import { describe, expect, it } from 'vitest';
import { CprSentinel, HOST_DA1_REPLY } from './cpr-sentinel.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const only6n = (s: { final: string; marker: string; intermediates: string; params: string }) => s.final === 'n' && s.marker === '' && s.intermediates === '' && s.params === '6';

describe('CprSentinel', () => {
  it('adds a CPR query after each DA1 and answers it as DA1, leaving the terminal\'s own CPR replies alone', () => {
    const sentinel = new CprSentinel(only6n);
    expect(decoder.decode(sentinel.outgoing(encoder.encode('\x1b[2;5H\x1b[6n\x1b[c')))).toBe('\x1b[2;5H\x1b[6n\x1b[c\x1b[6n');
    expect(decoder.decode(sentinel.incoming(encoder.encode('\x1b[1;4R\x1b[1;4R')))).toBe(`\x1b[1;4R${HOST_DA1_REPLY}`);
  });

  it('with beforeCpr, writes it before every CPR query, the probe\'s own and the added one, and counts each query once', () => {
    const sentinel = new CprSentinel(only6n, '\x1b[c');
    const out = decoder.decode(sentinel.outgoing(encoder.encode("\x1b[1'}\x1b[6n\x1b[c")));
    expect(out).toBe("\x1b[1'}\x1b[c\x1b[6n\x1b[c\x1b[c\x1b[6n");
    // Two CPR queries counted: the probe's reply passes, the second becomes the DA1.
    expect(decoder.decode(sentinel.incoming(encoder.encode('\x1b[0;0R\x1b[0;0R')))).toBe(`\x1b[0;0R${HOST_DA1_REPLY}`);
  });

  it('leaves a CPR query begun in an earlier write as it is', () => {
    const sentinel = new CprSentinel(only6n, '\x1b[c');
    expect(decoder.decode(sentinel.outgoing(encoder.encode('ab\x1b[')))).toBe('ab\x1b[');
    expect(decoder.decode(sentinel.outgoing(encoder.encode('6nX')))).toBe('6nX');
    expect(decoder.decode(sentinel.incoming(encoder.encode('\x1b[0;2R')))).toBe('\x1b[0;2R');
  });
});
