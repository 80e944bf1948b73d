import { describe, expect, it } from 'vitest';
import { CsiQueryScanner, isGhosttyDa1, type CsiSequence } from './csi-query-scanner.js';
import { TAGGED_COLOURS } from '../embedded/ghostty-cells.js';
import { loadGhostty } from '../embedded/ghostty-wasm.js';

const latin1 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/** Offsets just past each DA1 query, scanning `stream` in the given pieces. */
function da1Ends(stream: Uint8Array, cuts: number[] = []): number[] {
  const scanner = new CsiQueryScanner(isGhosttyDa1);
  const ends: number[] = [];
  let start = 0;
  for (const cut of [...cuts, stream.length]) {
    for (const end of scanner.scan(stream.subarray(start, cut))) ends.push(start + end);
    start = cut;
  }
  return ends;
}

describe('DA1 query scanner', () => {
  it.each([
    ['\x1b[c', [3]],
    ['\x1b[0c', [4]],
    ['\x1b[1;2c', [6]], // Ghostty answers DA1 whatever the parameters
    ['ab\x1b[cd\x1b[0c', [5, 10]],
    ['\x1b[>c', []], // DA2
    ['\x1b[>0c', []],
    ['\x1b[=c', []], // DA3
    ['\x1b[?c', []],
    ['\x1b[ c', []], // intermediate
    ['\x1b[1:2c', []], // Ghostty accepts colons only in SGR
    [`\x1b[${'0;'.repeat(23)}0c`, [2 + 24 * 2]], // 24 parameters: the most Ghostty keeps
    [`\x1b[${'0;'.repeat(24)}0c`, []],
    ['\x1b]0;\x1b[c', [7]], // ESC ends the OSC payload, so this is a query
    ['\x1b]0;[c\x07', []], // no ESC: payload
    ['\x1bP1$q[c\x1b\\', []], // DCS payload
    ['\x1b_G[c\x1b\\', []], // APC payload
    ['\x1b[6\x18c', []], // CAN aborts
    ['\x1b[\x08c', [4]], // C0 controls execute inside CSI
    ['\x1b[0\x7fc', [5]], // DEL is ignored
    ['\x1b(c', []], // ESC ( c designates a charset
    ['\x9bc', []], // C1 CSI is text in ground (UTF-8)
    ['\x1b[1\x9bc', [5]], // …but restarts a CSI inside one
    ['\x1b[\xc3\xa9c', [5]], // other high bytes are skipped inside CSI
  ])('%j → %j', (text, ends) => {
    expect(da1Ends(latin1(text))).toEqual(ends);
  });

  it('finds the same queries whatever the split, including at every single index', () => {
    const stream = latin1('x\x1b[c\x1b]2;\x1b[c\x07\x1b[>c\x1bP[c\x1b\\\x1b[0c\x1b[?c\x1b[1;2c\x18\x1b[c');
    const whole = da1Ends(stream);
    expect(whole.length).toBe(5);
    for (let cut = 0; cut <= stream.length; cut++) expect(da1Ends(stream, [cut])).toEqual(whole);
    expect(da1Ends(stream, Array.from({ length: stream.length }, (_, i) => i))).toEqual(whole);
  });
});

/** A small seeded generator, so a failure replays. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = [
  '\x1b', '[', '6', 'n', '5', ']', 'P', '_', '^', 'X', '\x07', '\\', '\x18', '\x1a', '\x08', '\x7f', ' ', '?', '>',
  '(', ':', 'A', 'q', '\x9b', '\x9c', '\x90', '\x9d', '\x85', '\xc2', '\xe6', '\xc3\xa9', '\x1b[', '\x1b[6n', '\x1b]', '\x1bP',
];

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

/** Random pieces. */
function soup(next: () => number): string {
  return Array.from({ length: 1 + Math.floor(next() * 24) }, () => pick(next, PIECES)).join('');
}

/** A sequence opener, then a CPR query with one random piece inserted somewhere inside or around it. */
function noisyQuery(next: () => number): string {
  const opener = pick(next, ['', '\x1b', '\x1b[', '\x1b[6', '\x1b]0;', '\x1bP', '\x1bP1$', '\x1b_', '\x1bX', '\x1b(', '\x1b[?', '\x1b[ ', '\xe6']);
  const query = '\x1b[6n';
  const at = Math.floor(next() * (query.length + 1));
  return opener + query.slice(0, at) + pick(next, PIECES) + query.slice(at);
}

const isCpr = (seq: CsiSequence) => seq.final === 'n' && seq.marker === '' && seq.intermediates === '' && seq.params === '6';

describe("the scanner's model of Ghostty's parser", () => {
  it('predicts every CPR the wasm engine answers, over random byte soup', async () => {
    const ghostty = await loadGhostty();
    const term = ghostty.createTerminal(80, 24, TAGGED_COLOURS);
    const next = random(2027);
    const failures: string[] = [];
    let total = 0;
    for (let round = 0; round < 3000 && failures.length < 5; round++) {
      const text = round % 2 === 0 ? soup(next) : noisyQuery(next);
      const scanner = new CsiQueryScanner(isCpr);
      const predicted = scanner.scan(latin1(text)).length;
      term.write(latin1(text));
      let answered = 0;
      while (term.hasResponse()) answered += (term.readResponse()?.match(/\x1b\[\d+;\d+R/g) ?? []).length;
      total += answered;
      if (answered !== predicted) failures.push(`${JSON.stringify(text)}: engine ${answered}, scanner ${predicted}`);
      term.write(latin1('\x18')); // CAN: back to ground for both, whatever state the soup left
      while (term.hasResponse()) term.readResponse();
    }
    term.free();
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThan(500); // the soup does reach the engine's CPR often
    console.log(`scanner vs engine: ${total} CPRs predicted and answered`);
  });
});
