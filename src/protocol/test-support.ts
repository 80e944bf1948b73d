/**
 * Helpers shared by the protocol tests: feeding a parser in chosen chunks,
 * merging text events, a seeded PRNG. Pure, so they compile with the protocol
 * layer; no test framework imports here.
 */
import type { ReplyEvent } from './reply-events.js';
import { ReplyParser, type ReplyParserOptions } from './reply-parser.js';

/** Adjacent text events joined into one: how consumers compare streams. */
export function mergeText(events: readonly ReplyEvent[]): ReplyEvent[] {
  const merged: ReplyEvent[] = [];
  for (const event of events) {
    const last = merged[merged.length - 1];
    if (event.kind === 'text' && last?.kind === 'text') {
      merged[merged.length - 1] = { kind: 'text', text: last.text + event.text };
    } else {
      merged.push(event);
    }
  }
  return merged;
}

/** Feed `bytes` cut at the given ascending offsets, then flush. */
export function feedSplit(bytes: Uint8Array, cuts: readonly number[], opts?: ReplyParserOptions): ReplyEvent[] {
  const parser = new ReplyParser(opts);
  const events: ReplyEvent[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    for (const ev of parser.feed(bytes.subarray(start, cut))) events.push(ev);
    start = cut;
  }
  for (const ev of parser.flush()) events.push(ev);
  return events;
}

/** Every offset from 1 to length - 1: one byte per chunk. */
export function everyByte(length: number): number[] {
  return Array.from({ length: Math.max(length - 1, 0) }, (_, i) => i + 1);
}

/** What the events say the decoded stream was: text, and every sequence's raw form. */
export function reassemble(events: readonly ReplyEvent[]): string {
  return events.map((e) => (e.kind === 'text' ? e.text : e.raw)).join('');
}

/** mulberry32: a small, fast, seeded PRNG; deterministic across runs. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random ascending cut offsets inside [1, length). */
export function randomCuts(length: number, random: () => number, maxCuts = 8): number[] {
  const cuts = new Set<number>();
  const count = Math.floor(random() * (maxCuts + 1));
  for (let k = 0; k < count && length > 1; k++) cuts.add(1 + Math.floor(random() * (length - 1)));
  return [...cuts].sort((a, b) => a - b);
}
