import { describe, expect, it } from 'vitest';
import { ReplyParser } from './reply-parser.js';

const encoder = new TextEncoder();

describe('reply parser on endless input', () => {
  it('keeps its buffers within the caps on a 1 MB string that never ends, and still reports it', () => {
    const parser = new ReplyParser();
    parser.feed(encoder.encode('\x1b]52;c;'));
    const chunk = encoder.encode('QUJD'.repeat(1024));
    for (let at = 0; at < 1 << 20; at += chunk.length) {
      parser.feed(chunk);
      expect(parser.debugSizes().payload).toBeLessThanOrEqual(parser.limits.maxPayload);
      expect(parser.debugSizes().raw).toBeLessThanOrEqual(parser.limits.maxRaw);
    }
    const [event] = parser.feed(encoder.encode('\x07'));
    expect(event).toMatchObject({ kind: 'osc', command: 52, truncated: true });
  });
});
