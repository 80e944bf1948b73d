/**
 * The pipe that answers the DA1 sentinel for terminals that never do (term.el,
 * dvtm): it recognises its own tag by the two cursor reports it asks for, so a
 * query the terminal swallows costs that one reply and shifts nothing after it.
 */
import { describe, expect, it } from 'vitest';
import { CprSentinel, HOST_DA1_REPLY, SENTINEL_TAG } from './cpr-sentinel.js';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

/** Feed replies whole, or byte by byte, and join what comes out. */
function feed(sentinel: CprSentinel, replies: string, byByte = false): string {
  if (!byByte) return dec(sentinel.incoming(enc(replies)));
  return [...enc(replies)].map((b) => dec(sentinel.incoming(Uint8Array.of(b)))).join('');
}

/** A sentinel that has written `n` DA1 queries (so `n` tags are outstanding). */
function afterQueries(n: number): CprSentinel {
  const s = new CprSentinel();
  s.outgoing(enc('\x1b[c'.repeat(n)));
  return s;
}

describe('CprSentinel', () => {
  it('adds its tag after each DA1 query, also one split across writes, and nowhere else', () => {
    const s = new CprSentinel();
    expect(dec(s.outgoing(enc('a\x1b[6n\x1b[c b\x1b[0c')))).toBe(`a\x1b[6n\x1b[c${SENTINEL_TAG} b\x1b[0c${SENTINEL_TAG}`);
    expect(dec(s.outgoing(enc('\x1b[')))).toBe('\x1b[');
    expect(dec(s.outgoing(enc('c')))).toBe(`c${SENTINEL_TAG}`);
    // Not DA1: DA2, DA3, a DA1 reply's form.
    expect(dec(s.outgoing(enc('\x1b[>c\x1b[=c\x1b[?1;2c')))).toBe('\x1b[>c\x1b[=c\x1b[?1;2c');
  });

  it("turns each tag's pair of reports into a DA1 reply and passes every other reply, in order, whole or byte by byte", () => {
    const replies = '\x1b[5;1R\x1b[1;1R\x1b[2;3R\x1b[?2004;2$y\x1b[7;9R\x1b[1;1R\x1b[2;3R';
    const want = `\x1b[5;1R${HOST_DA1_REPLY}\x1b[?2004;2$y\x1b[7;9R${HOST_DA1_REPLY}`;
    expect(feed(afterQueries(2), replies)).toBe(want);
    expect(feed(afterQueries(2), replies, true)).toBe(want);
  });

  it('knows a tag answered 0-based (dvtm) and one in origin mode (both reports moved by the margin)', () => {
    expect(feed(afterQueries(2), '\x1b[0;0R\x1b[1;2R\x1b[4;1R\x1b[5;3R')).toBe(HOST_DA1_REPLY.repeat(2));
  });

  it('a swallowed query costs its own reply only: the next probes keep theirs', () => {
    // Probe 1's CSI 6 n is swallowed (dvtm takes it into an open CSI 1 ' }); probe 2 answers 3;4.
    expect(feed(afterQueries(2), '\x1b[1;1R\x1b[2;3R\x1b[3;4R\x1b[1;1R\x1b[2;3R')).toBe(`${HOST_DA1_REPLY}\x1b[3;4R${HOST_DA1_REPLY}`);
    // A swallowed tag (term.el's SUB … LF): that probe has no sentinel; the next one's still comes.
    expect(feed(afterQueries(2), '\x1b[1;1R\x1b[9;9R\x1b[1;1R\x1b[2;3R')).toBe(`\x1b[1;1R\x1b[9;9R${HOST_DA1_REPLY}`);
  });

  it('holds nothing when no tag is outstanding (the start-up cursor check)', () => {
    expect(feed(new CprSentinel(), '\x1b[2;1R')).toBe('\x1b[2;1R');
  });
});
