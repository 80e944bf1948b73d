import { describe, expect, it } from 'vitest';
import type { ReplyEvent } from './reply-events.js';
import { REPLY_FIXTURES } from './reply-fixtures.js';
import { ReplyParser, type ReplyParserOptions } from './reply-parser.js';
import { Utf8Decoder } from './utf8-decoder.js';
import { mergeText, randomCuts, reassemble, seededRandom } from './test-support.js';

const ROUNDS = 100_000;
const encoder = new TextEncoder();
const CAN = Uint8Array.of(0x18);
const utf8 = new TextDecoder();

/** Pieces that steer random input into every state and every way out of it. */
const TOKENS: readonly Uint8Array[] = [
  '\x1b', '\x1b[', '\x1b]', '\x1bP', '\x1b\\', '\x1bO', '\x1b_', '\x1bX', '\x1b^', '\x1b#', '\x07', '\x18', '\x1a',
  ';', ':', '-', '?', '>', '<', '=', '!', '|', '$', ' ', '0', '1', '42', '-1', '65535',
  'R', 'c', 'y', 'n', 'r', 'q', 'm', 'A', 't', 'u', 'S', '+', '~', 'G', '=', '\x1b_G', '\x1bP1+r', '\x1bP0+r', '544E=787465726D;', '\x1bP1$u', '\x1bP1!~', '\x1bP7!~FEB1', 'rgb:ffff/0000/8080',
  '\x1b]4;1;rgb:cdcd/0000/0000', ';2;rgb:0000/cdcd/0000', '\x1b\x1b', 'i=33;EINVAL:', 'é', '€', '😀', '\r', '\x00', '\x7f',
  '\u009b', '\u009c', '\u0090', '\u009d', '\u008f', '\u0084', '\u009f',
].map((t) => encoder.encode(t)).concat([[0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f], [0x80], [0xc2], [0xed, 0xa0]].map((b) => Uint8Array.from(b)));

const FIXTURE_BYTES = REPLY_FIXTURES.map((f) => (typeof f.input === 'string' ? encoder.encode(f.input) : Uint8Array.from(f.input)));
const SMALL_CAPS: ReplyParserOptions = { maxPayload: 8, maxParams: 3, maxParamChars: 10 };

function randomBytes(random: () => number): Uint8Array {
  return Uint8Array.from({ length: Math.floor(random() * 48) }, () => Math.floor(random() * 256));
}

function tokenSoup(random: () => number): Uint8Array {
  const parts: number[] = [];
  const count = 1 + Math.floor(random() * 24);
  for (let k = 0; k < count; k++) parts.push(...TOKENS[Math.floor(random() * TOKENS.length)]!);
  if (random() < 0.005) parts.push(...encoder.encode('z'.repeat(5000))); // now and then, past the default caps
  return Uint8Array.from(parts);
}

function mutatedFixture(random: () => number): Uint8Array {
  const source = FIXTURE_BYTES[Math.floor(random() * FIXTURE_BYTES.length)]!;
  const bytes = Array.from(source.length > 200 ? source.subarray(0, 200) : source);
  const edits = Math.floor(random() * 4);
  for (let k = 0; k < edits; k++) {
    const at = Math.floor(random() * (bytes.length + 1));
    const op = random();
    if (op < 0.4) bytes.splice(at, 1);
    else if (op < 0.7) bytes.splice(at, 0, ...TOKENS[Math.floor(random() * TOKENS.length)]!);
    else bytes.splice(at, 1, Math.floor(random() * 256));
  }
  return Uint8Array.from(bytes);
}

/** Events are flat records of strings, numbers, null, booleans and number arrays. */
function sameEvents(a: readonly ReplyEvent[], b: readonly ReplyEvent[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    const x = a[k] as Record<string, unknown>;
    const y = b[k] as Record<string, unknown>;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      const u = x[key];
      const v = y[key];
      if (Array.isArray(u)) {
        if (!Array.isArray(v) || u.length !== v.length || u.some((n, i) => n !== v[i])) return false;
      } else if (u !== v) return false;
    }
  }
  return true;
}

/** Parsers for one set of caps: fed in random chunks, fed whole, fed one sequence alone. Reused: CAN + flush leaves them fresh. */
interface Parsers { chunked: ReplyParser; whole: ReplyParser; alone: ReplyParser; decode: (bytes: Uint8Array) => string }

/** Everything that must hold for one input; returns a description of the first violation. */
function check(input: Uint8Array, { chunked: parser, whole: wholeParser, alone, decode }: Parsers, random: () => number): string | null {
  const { maxRaw, maxPayload, maxParams, maxParamChars, maxIntermediates } = parser.limits;
  const events: ReplyEvent[] = [];
  let start = 0;
  for (const cut of [...randomCuts(input.length, random), input.length]) {
    events.push(...parser.feed(input.subarray(start, cut)));
    start = cut;
    const s = parser.debugSizes();
    if (s.raw > maxRaw || s.payload > maxPayload || s.params > maxParams || s.paramChars > maxParamChars || s.intermediates > maxIntermediates || s.pendingBytes > 3) {
      return `buffers past their caps: ${JSON.stringify(s)}`;
    }
  }
  events.push(...parser.feed(CAN));
  if (parser.state !== 'ground') return `state ${parser.state} after CAN`;
  if (parser.debugSizes().pendingBytes !== 0) return 'bytes still pending after CAN';
  const tail = parser.flush();
  if (tail.length > 0) return `flush after CAN gave ${JSON.stringify(tail)}`;

  const whole = new Uint8Array(input.length + 1);
  whole.set(input);
  whole.set(CAN, input.length);
  const reference = [...wholeParser.feed(whole), ...wholeParser.flush()];
  if (!sameEvents(mergeText(events), mergeText(reference))) {
    return `chunked ${JSON.stringify(events)} differs from whole ${JSON.stringify(reference)}`;
  }
  for (const e of reference) {
    if (e.kind !== 'text' && e.raw.length > maxRaw + 2) return `raw of ${e.raw.length} characters`;
  }
  if (!reference.some((e) => e.kind !== 'text' && e.truncated) && reassemble(reference) !== decode(whole)) {
    return 'events do not reassemble into the decoded input';
  }
  // A generic CSI's fields, put back together, are its raw text less ignored controls.
  for (const e of reference) {
    if (e.kind !== 'csi' || e.malformed || e.truncated) continue;
    const stripped = e.raw.replace(/[\x00-\x1a\x1c-\x1f\x7f]/g, '');
    const intro = stripped.startsWith('\x1b') ? '\x1b[' : '\u009b';
    if (stripped !== intro + e.prefix + e.params + e.intermediates + e.final) return `fields of ${JSON.stringify(e)} do not match raw`;
  }
  // Context-free: a complete sequence parsed on its own gives the same event.
  for (const e of reference) {
    if (e.kind === 'text' || e.kind === 'aborted' || e.truncated) continue;
    const [again, ...rest] = [...alone.feed(encoder.encode(e.raw)), ...alone.flush()];
    if (rest.length > 0 || again === undefined || !sameEvents([again], [e])) {
      return `${JSON.stringify(e)} parsed alone gives ${JSON.stringify([again, ...rest])}`;
    }
  }
  return null;
}

describe('reply parser fuzz', () => {
  it(`holds its invariants over ${ROUNDS} random and escape-heavy inputs`, () => {
    const random = seededRandom(0x7e57);
    // The third set reads raw 8-bit C1 bytes as controls (the engine's setting): its text is checked against the decoder with the same rule.
    const decoders = [(b: Uint8Array) => utf8.decode(b), (b: Uint8Array) => utf8.decode(b), (b: Uint8Array) => { const d = new Utf8Decoder({ c1Bytes: true }); return d.decode(b) + d.flush(); }];
    const parserSets = [{}, SMALL_CAPS, { c1Bytes: true }].map((opts, k) => ({ chunked: new ReplyParser(opts), whole: new ReplyParser(opts), alone: new ReplyParser(opts), decode: decoders[k]! }));
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let round = 0; round < ROUNDS; round++) {
      const pick = round % 3;
      const input = pick === 0 ? randomBytes(random) : pick === 1 ? tokenSoup(random) : mutatedFixture(random);
      const parsers = parserSets[round % 3]!;
      let problem: string | null;
      try {
        problem = check(input, parsers, random);
      } catch (error) {
        problem = `threw ${String(error)}`;
      }
      if (problem !== null) {
        const limits = JSON.stringify(parsers.chunked.limits);
        expect.fail(`round ${round}, input [${Array.from(input).join(',')}], limits ${limits}: ${problem}`);
      }
    }
    const used = process.cpuUsage(cpu);
    const cpuMs = Math.round((used.user + used.system) / 1000);
    console.log(`fuzz: ${ROUNDS} inputs in ${Math.round(performance.now() - started)} ms (${cpuMs} ms CPU)`);
  });

  it('reaches every reply kind, the new report kinds included, so the invariants above cover each', () => {
    const random = seededRandom(0x5eed);
    const parser = new ReplyParser({ c1Bytes: true });
    const seen = new Set<string>();
    for (let round = 0; round < 20_000; round++) {
      const input = round % 2 === 0 ? tokenSoup(random) : mutatedFixture(random);
      for (const e of parser.feed(input)) seen.add(e.kind);
      for (const e of parser.feed(CAN)) seen.add(e.kind);
    }
    const kinds = ['cpr', 'da1', 'da2', 'da3', 'decrqm', 'decrqss', 'xtversion', 'dsr', 'osc', 'xtwinops', 'kitty-keyboard', 'xtsmgraphics', 'xtgettcap', 'decrqpsr', 'checksum', 'kitty-graphics', 'csi', 'dcs', 'string', 'esc', 'aborted', 'text'];
    expect(kinds.filter((k) => !seen.has(k))).toEqual([]);
  });
});
