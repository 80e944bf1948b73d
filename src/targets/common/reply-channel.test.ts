import { describe, expect, it } from 'vitest';
import { ReplyChannel } from './reply-channel.js';

const text = (chunks: Uint8Array[]) => chunks.map((c) => new TextDecoder().decode(c)).join('|');

describe('reply channel', () => {
  it('delivers in order, later than push, merged per turn', async () => {
    const channel = new ReplyChannel();
    const got: Uint8Array[] = [];
    channel.setListener((d) => got.push(d));
    channel.push(new TextEncoder().encode('a'));
    channel.push(new TextEncoder().encode('b'));
    expect(got).toEqual([]);
    await Promise.resolve();
    channel.push(new TextEncoder().encode('c'));
    await Promise.resolve();
    expect(text(got)).toBe('ab|c');
  });

  it('keeps replies made before the listener is set, and drops everything after close', async () => {
    const channel = new ReplyChannel();
    channel.push(new TextEncoder().encode('early'));
    const got: Uint8Array[] = [];
    channel.setListener((d) => got.push(d));
    await Promise.resolve();
    channel.push(new TextEncoder().encode('queued'));
    channel.close();
    channel.push(new TextEncoder().encode('late'));
    await Promise.resolve();
    expect(text(got)).toBe('early');
  });
});
