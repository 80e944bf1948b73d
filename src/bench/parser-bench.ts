/** Reply parser throughput: 1 MB of replies and text, in 4 KB chunks and byte by byte. */
import { ReplyParser } from '../protocol/reply-parser.js';
import type { BenchFigure, BenchModule } from './bench-types.js';

const MB = 1 << 20;
const encoder = new TextEncoder();

function repeatTo(unit: string, size: number): Uint8Array {
  const bytes = encoder.encode(unit);
  const out = new Uint8Array(size);
  for (let at = 0; at < size; at += bytes.length) out.set(bytes.subarray(0, Math.min(bytes.length, size - at)), at);
  return out;
}

function bestMs(bytes: Uint8Array, chunk: number): number {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const parser = new ReplyParser();
    for (let at = 0; at < bytes.length; at += chunk) parser.feed(bytes.subarray(at, at + chunk));
    parser.flush();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

export const parserBench: BenchModule = {
  title: 'Reply parser throughput',
  async run(): Promise<BenchFigure[]> {
    const mixed = repeatTo('typed wörds \x1b[24;80R\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c\x1bP>|xterm(379)\x1b\\\x1b]10;rgb:ffff/ffff/ffff\x07😀', MB);
    return [
      { name: '1 MB mixed replies and text, 4 KB chunks', value: bestMs(mixed, 4096), unit: 'ms', target: { op: '<', value: 100 } },
      { name: '1 MB CPR replies only, 4 KB chunks', value: bestMs(repeatTo('\x1b[24;80R', MB), 4096), unit: 'ms', target: { op: '<', value: 100 } },
      { name: '64 KB mixed, one byte at a time', value: bestMs(mixed.subarray(0, 64 * 1024), 1), unit: 'ms' },
    ];
  },
};
