import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseResults, RESULTS_LIMITS } from './read-results.js';

const problem = (text: string) => {
  try {
    parseResults(text, 'r.json');
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('parsed');
};

describe('parseResults on a file that is not JSON', () => {
  it('names a byte-order mark without printing it', () => {
    const message = problem('\ufeff{"schema": "termprobe-results/1"}');
    expect(message).toBe('r.json: starts with a byte-order mark (U+FEFF); save it as UTF-8 without one');
  });

  it('says a file that ends early may be truncated, and only then', () => {
    expect(problem('{"schema": "termprobe-results/1", "probes": [')).toBe('r.json: not valid JSON: it ends before the document does (truncated?)');
    expect(problem('compiled 262 probes')).toBe("r.json: not JSON: it starts with 'c', where a JSON document starts with { or [");
    expect(problem('{"a": 1,\n  }')).toBe("r.json: not valid JSON at line 2, column 3: Expected double-quoted property name (found '}')");
  });

  it('escapes invisible characters instead of echoing them', () => {
    expect(problem('\u0000{}')).toBe('r.json: not JSON: it starts with U+0000, where a JSON document starts with { or [');
    expect(problem('{"a":\u200b1}')).not.toMatch(/\u200b/);
    expect(problem('')).toBe('r.json: the file is empty');
  });
});

describe('parseResults limits', () => {
  const file = JSON.parse(readFileSync(new URL('../report/fixtures/xterm.js-6.0.0.json', import.meta.url), 'utf8')) as { probes: { id: string }[] };

  it('refuses a probe id given twice, naming both entries', () => {
    const twice = { ...file, probes: [...file.probes, file.probes[3]] };
    expect(problem(JSON.stringify(twice))).toBe(`r.json: probe "${file.probes[3]!.id}" appears twice (probes[3] and probes[${file.probes.length}])`);
  });

  it('refuses more entries than the limit before validating them', () => {
    const many = { ...file, probes: Array.from({ length: RESULTS_LIMITS.maxProbes + 1 }, () => 'not even an entry') };
    expect(problem(JSON.stringify(many))).toBe(`r.json: holds ${RESULTS_LIMITS.maxProbes + 1} probe entries; a results file holds at most ${RESULTS_LIMITS.maxProbes}`);
  });
});
