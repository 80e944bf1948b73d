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

describe('parseResults on a probe picture', () => {
  const file = JSON.parse(readFileSync(new URL('../report/fixtures/xterm.js-6.0.0.json', import.meta.url), 'utf8')) as { probes: { id: string; picture?: unknown }[] };
  const withPicture = (picture: unknown) => JSON.stringify({ ...file, probes: file.probes.map((p, i) => (i === 2 ? { ...p, picture } : p)) });

  it('takes a PNG inside the results file\'s folder, with its size', () => {
    const picture = { path: 'pictures/xterm.js-6.0.0/a+b.c-d_e.png', width: 120, height: 40 };
    expect(parseResults(withPicture(picture), 'r.json').probes[2]!.picture).toEqual(picture);
  });

  it('refuses a path outside the folder, absolute or not a PNG, in one line naming the probe', () => {
    const id = file.probes[2]!.id;
    const at = `r.json: not a termprobe results file: probes[2].picture.path (probe "${id}"): `;
    expect(problem(withPicture({ path: 'pictures/../../x.png', width: 1, height: 1 }))).toBe(`${at}"pictures/../../x.png" leaves the results file's folder ('..')`);
    expect(problem(withPicture({ path: '/tmp/x.png', width: 1, height: 1 }))).toBe(`${at}"/tmp/x.png" is absolute; give the path relative to the results file's folder`);
    expect(problem(withPicture({ path: 'x.jpg', width: 1, height: 1 }))).toBe(`${at}"x.jpg" is not a .png file`);
    expect(problem(withPicture({ path: '.x/y.png', width: 1, height: 1 }))).toMatch(/^r\.json: .*\(probe ".+"\): "\.x\/y\.png" is not a plain relative path/);
    expect(problem(withPicture({ path: 'x.png', width: 0, height: 1 }))).toMatch(/^r\.json: not a termprobe results file: probes\[2\]\.picture\.width \(probe ".+"\): /);
  });
});
