import { describe, expect, it } from 'vitest';
import { REPLY_FIXTURES, type ReplyFixture } from './reply-fixtures.js';
import { ReplyParser, parseReplies } from './reply-parser.js';
import { everyByte, feedSplit, mergeText, randomCuts, reassemble, seededRandom } from './test-support.js';

const encoder = new TextEncoder();
const bytesOf = (input: ReplyFixture['input']): Uint8Array =>
  typeof input === 'string' ? encoder.encode(input) : Uint8Array.from(input);

describe('reply fixtures', () => {
  it.each(REPLY_FIXTURES.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    expect(mergeText(parseReplies(bytesOf(fixture.input)))).toEqual(fixture.expected);
  });
});

describe('chunking never changes the events', () => {
  it.each(REPLY_FIXTURES.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const bytes = bytesOf(fixture.input);
    const whole = mergeText(feedSplit(bytes, []));
    expect(mergeText(feedSplit(bytes, everyByte(bytes.length)))).toEqual(whole);
    // Every single split point (long fixtures: a stride, plus the region near each end).
    for (let cut = 1; cut < bytes.length; cut += bytes.length > 600 ? 37 : 1) {
      expect(mergeText(feedSplit(bytes, [cut]))).toEqual(whole);
    }
    const random = seededRandom(bytes.length * 7919 + 1);
    for (let round = 0; round < 50; round++) {
      expect(mergeText(feedSplit(bytes, randomCuts(bytes.length, random)))).toEqual(whole);
    }
  });

  it('splits every pair of positions in a stream of mixed replies', () => {
    const bytes = encoder.encode('k\x1b[-1;3R\x1bP>|é\x1b\\\u009b?1c\x1b]10;x\x07€');
    const whole = mergeText(feedSplit(bytes, []));
    for (let a = 1; a < bytes.length; a++) {
      for (let b = a + 1; b < bytes.length; b++) expect(mergeText(feedSplit(bytes, [a, b]))).toEqual(whole);
    }
  });
});

describe('every decoded character is accounted for', () => {
  it.each(REPLY_FIXTURES.filter((f) => !f.expected.some((e) => 'truncated' in e)).map((f) => [f.name, f] as const))(
    '%s',
    (_name, fixture) => {
      const bytes = bytesOf(fixture.input);
      expect(reassemble(parseReplies(bytes))).toBe(new TextDecoder().decode(bytes));
    },
  );
});

describe('state machine', () => {
  const feedText = (parser: ReplyParser, text: string) => parser.feed(encoder.encode(text));

  it('keeps its state between chunks', () => {
    const parser = new ReplyParser();
    expect(feedText(parser, '\x1b')).toEqual([]);
    expect(parser.state).toBe('escape');
    expect(feedText(parser, '[?')).toEqual([]);
    expect(parser.state).toBe('csi-param');
    feedText(parser, '1;2$');
    expect(parser.state).toBe('csi-intermediate');
    expect(feedText(parser, 'y')).toEqual([{ kind: 'decrqm', mode: 1, private: true, value: 2, raw: '\x1b[?1;2$y' }]);
    expect(parser.state).toBe('ground');
  });

  it('walks the DCS and string states', () => {
    const parser = new ReplyParser();
    const seen: string[] = [];
    for (const ch of '\x1bP1$r0m\x1b\\\x1b]1\x1b_a\x1b\\') {
      feedText(parser, ch);
      seen.push(parser.state);
    }
    expect(seen).toEqual([
      'escape', 'dcs-entry', 'dcs-param', 'dcs-intermediate', 'dcs-passthrough', 'dcs-passthrough', 'dcs-passthrough',
      'string-escape', 'ground', 'escape', 'osc-string', 'osc-string', 'string-escape', 'apc-string', 'apc-string',
      'string-escape', 'ground',
    ]);
  });

  it('goes to dcs-ignore on a broken DCS header and still reports it', () => {
    const parser = new ReplyParser();
    expect(feedText(parser, '\x1bP1$2')).toEqual([]);
    expect(parser.state).toBe('dcs-ignore');
    expect(feedText(parser, 'zz\x1b\\')).toEqual([
      { kind: 'dcs', prefix: '', params: '1', intermediates: '$', final: '', data: '', raw: '\x1bP1$2zz\x1b\\', malformed: true },
    ]);
  });

  it('returns to ground on CAN or SUB from any state', () => {
    const prefixes = ['\x1b', '\x1b#', '\x1bO', '\x1b[', '\x1b[1', '\x1b[$', '\x1b[1$2', '\x1bP', '\x1bP1', '\x1bP$', '\x1bP1$r', '\x1bP1$2', '\x1b]', '\x1bX', '\x1b^', '\x1b_', '\x1b]1\x1b'];
    for (const prefix of prefixes) {
      for (const cancel of ['\x18', '\x1a']) {
        const parser = new ReplyParser();
        feedText(parser, prefix);
        expect(parser.state).not.toBe('ground');
        feedText(parser, cancel);
        expect(parser.state, JSON.stringify(prefix + cancel)).toBe('ground');
      }
    }
  });

  it('reads a "-" that no digit follows as an intermediate', () => {
    expect(parseReplies(encoder.encode('\x1b[-p\x1b[1;-q'))).toEqual([
      { kind: 'csi', prefix: '', params: '', intermediates: '-', final: 'p', raw: '\x1b[-p' },
      { kind: 'csi', prefix: '', params: '1;', intermediates: '-', final: 'q', raw: '\x1b[1;-q' },
    ]);
  });

  it('reports SS3 followed by a control as a bare ESC O, then the control as text', () => {
    expect(parseReplies(encoder.encode('\x1bO\r'))).toEqual([
      { kind: 'esc', intermediates: '', final: 'O', raw: '\x1bO' },
      { kind: 'text', text: '\r' },
    ]);
  });

  it('treats other C1 controls as their ESC equivalents', () => {
    expect(parseReplies(encoder.encode('\u0084\u009c'))).toEqual([
      { kind: 'esc', intermediates: '', final: 'D', raw: '\u0084' },
      { kind: 'esc', intermediates: '', final: '\\', raw: '\u009c' },
    ]);
  });

  it('keeps C0 controls inside a CSI in raw without breaking it', () => {
    expect(parseReplies(encoder.encode('\x1b[2\r4;8\x00R'))).toEqual([
      { kind: 'cpr', row: 24, col: 8, private: false, raw: '\x1b[2\r4;8\x00R' },
    ]);
  });

  it('finds the parameters after a control that came between ESC and [', () => {
    expect(parseReplies(encoder.encode('\x1b\r[12;3R\x1b\x00[?5;1$y'))).toEqual([
      { kind: 'cpr', row: 12, col: 3, private: false, raw: '\x1b\r[12;3R' },
      { kind: 'decrqm', mode: 5, private: true, value: 1, raw: '\x1b\x00[?5;1$y' },
    ]);
  });

  it('caps a never-ending OSC and stays bounded', () => {
    const parser = new ReplyParser({ maxPayload: 64 });
    for (let k = 0; k < 100; k++) parser.feed(encoder.encode('\x1b]2;'.slice(k === 0 ? 0 : 4) + 'y'.repeat(1000)));
    const sizes = parser.debugSizes();
    expect(sizes.payload).toBe(64);
    expect(sizes.raw).toBeLessThanOrEqual(parser.limits.maxRaw);
    const [event] = parser.feed(encoder.encode('\x07'));
    expect(event).toMatchObject({ kind: 'osc', command: 2, truncated: true });
    expect(event?.kind === 'osc' && event.data.length).toBe(62);
  });

  it('keeps only whole parameters when the character cap is hit', () => {
    const [event] = parseReplies(encoder.encode('\x1b[12;3456789R'), { maxParamChars: 6 });
    expect(event).toEqual({ kind: 'cpr', row: 12, col: null, private: false, raw: '\x1b[12;3456789R', truncated: true });
  });

  it('rejects nonsensical limits with a message that says what is allowed', () => {
    expect(() => new ReplyParser({ maxPayload: 0 })).toThrow(/maxPayload must be an integer from 1/);
  });

  it('reports a lone ESC (the Escape key) once the stream ends', () => {
    const parser = new ReplyParser();
    expect(feedText(parser, 'a\x1b')).toEqual([{ kind: 'text', text: 'a' }]);
    expect(parser.flush()).toEqual([{ kind: 'aborted', reason: 'end', raw: '\x1b' }]);
    expect(parser.state).toBe('ground');
  });
});

describe('raw 8-bit C1 replies (c1Bytes)', () => {
  it('parses xterm\'s 8-bit answers after S8C1T, whole and byte by byte', () => {
    const bytes = Uint8Array.of(0x9b, 0x30, 0x6e, 0x90, 0x31, 0x24, 0x72, 0x6d, 0x9c);
    const whole = new ReplyParser({ c1Bytes: true }).feed(bytes);
    expect(whole).toEqual([
      { kind: 'dsr', code: 0, private: false, raw: '\u009b0n' },
      { kind: 'decrqss', status: 1, payload: 'm', raw: '\u00901$rm\u009c' },
    ]);
    const bytewise = new ReplyParser({ c1Bytes: true });
    expect([...bytes].flatMap((b) => bytewise.feed(Uint8Array.of(b)))).toEqual(whole);
    expect(new ReplyParser().feed(bytes)[0]).toEqual({ kind: 'text', text: '\ufffd0n\ufffd1$rm\ufffd' });
  });
});
