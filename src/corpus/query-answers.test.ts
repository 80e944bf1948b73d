import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReplyEvent } from '../protocol/reply-events.js';
import { ReplyParser } from '../protocol/reply-parser.js';
import { everyByte, randomCuts, seededRandom } from '../protocol/test-support.js';
import { QUERY_ANSWER_FIXTURES } from './query-answer-fixtures.js';
import { QUERY_FORM_TABLE } from './query-names.js';
import { querySpec, takeAnswer } from './queries.js';

const encoder = new TextEncoder();

/** The replies fed in pieces cut at `cuts` (the engine's parser: 8-bit C1 read as controls), text dropped as the engine drops it. */
function eventsOf(bytes: Uint8Array, cuts: readonly number[]): ReplyEvent[] {
  const parser = new ReplyParser({ c1Bytes: true });
  const events: ReplyEvent[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.feed(bytes.subarray(start, cut)));
    start = cut;
  }
  events.push(...parser.flush());
  return events.filter((e) => e.kind !== 'text');
}

const valueOf = (query: string, events: ReplyEvent[]) => takeAnswer(querySpec(query), events, [])?.value;

describe('every query form reads its replies as sent', () => {
  it.each(QUERY_ANSWER_FIXTURES.map((f) => [`${f.query} — ${f.source}`, f] as const))('%s', (_name, f) => {
    const bytes = encoder.encode(f.replies);
    expect(valueOf(f.query, eventsOf(bytes, []))).toBe(f.value);
    expect(valueOf(f.query, eventsOf(bytes, everyByte(bytes.length)))).toBe(f.value);
    for (let cut = 1; cut < bytes.length; cut++) expect(valueOf(f.query, eventsOf(bytes, [cut])), `split at ${cut}`).toBe(f.value);
  });

  it('lists every form in docs/queries.md', () => {
    const docs = readFileSync(new URL('../../docs/queries.md', import.meta.url), 'utf8');
    const kinds = QUERY_FORM_TABLE.map((f) => (f.form.includes(':') ? `\`${f.form.slice(0, f.form.indexOf(':') + 1)}` : `\`${f.form}\``));
    expect(kinds.filter((k) => !docs.includes(k))).toEqual([]);
  });

  it('has a fixture for every form the schema accepts', () => {
    const missing = QUERY_FORM_TABLE.filter((form) => !QUERY_ANSWER_FIXTURES.some((f) => new RegExp(`^(?:${form.pattern})$`).test(f.query)));
    expect(missing.map((f) => f.form)).toEqual([]);
  });
});

const TOKENS = ['\x1b', '\x1b\\', '\x07', '\x18', ';', '=', '0', '1', '\x1bP0+r', '\x1bP1+r', '\x1b]4;', 'rgb:ff/00/00', '\x1b_G', 'i=33', '\x1b[?', 'S', '!~', 'c'].map((t) => encoder.encode(t));

describe('query answers fuzz', () => {
  it('give the same value whole and in random pieces over 20000 mutated replies of every form, and never throw', () => {
    const random = seededRandom(0x9a5);
    const fixtures = QUERY_ANSWER_FIXTURES.map((f) => ({ query: f.query, bytes: Array.from(encoder.encode(f.replies)) }));
    for (let round = 0; round < 20_000; round++) {
      const f = fixtures[round % fixtures.length]!;
      const bytes = [...f.bytes];
      for (let k = Math.floor(random() * 4); k > 0; k--) {
        const at = Math.floor(random() * (bytes.length + 1));
        const op = random();
        if (op < 0.4) bytes.splice(at, 1);
        else if (op < 0.7) bytes.splice(at, 0, ...TOKENS[Math.floor(random() * TOKENS.length)]!);
        else bytes.splice(at, 1, Math.floor(random() * 256));
      }
      const input = Uint8Array.from(bytes);
      const whole = valueOf(f.query, eventsOf(input, []));
      const pieces = valueOf(f.query, eventsOf(input, randomCuts(input.length, random)));
      if (whole !== pieces) expect.fail(`round ${round}, ${f.query}, input [${bytes.join(',')}]: whole ${whole}, in pieces ${pieces}`);
    }
  });
});
