import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BadInputError } from '../util/bad-input-error.js';
import { readSpeedResults, serializeSpeedResults, SPEED_FILE_MAX_BYTES } from './read-speed-results.js';
import { speedResults } from './speed-results.test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'termprobe-speed-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The one line a bad file fails with. */
function problem(file: string): string {
  try {
    readSpeedResults(file);
  } catch (e) {
    expect(e).toBeInstanceOf(BadInputError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error(`${file} was read`);
}

const good = () => JSON.parse(serializeSpeedResults(speedResults('kitty'))) as ReturnType<typeof speedResults>;

describe('reading a speed results file', () => {
  it('reads back what was written', () => {
    const r = speedResults('kitty');
    expect(readSpeedResults(fileWith('ok.json', serializeSpeedResults(r)))).toEqual(r);
  });

  it('refuses a truncated, empty, foreign or oversized file with one line naming it', () => {
    const text = serializeSpeedResults(speedResults('kitty'));
    expect(problem(fileWith('cut.json', text.slice(0, 300)))).toMatch(/cut\.json: not valid JSON: it ends before the document does/);
    expect(problem(fileWith('empty.json', ''))).toMatch(/empty\.json: the file is empty/);
    expect(problem(fileWith('other.json', JSON.stringify({ schema: 'termprobe-results/3' })))).toMatch(/other\.json: not a speed results file \(schema is "termprobe-results\/3"/);
    expect(problem(fileWith('big.json', ' '.repeat(SPEED_FILE_MAX_BYTES + 1)))).toMatch(/big\.json: is 1\.0 MB; a speed results file is at most 1 MB/);
    expect(problem(join(dir, 'missing.json'))).toMatch(/missing\.json: cannot be read \(ENOENT\)/);
  });

  it('names the place of a field the schema refuses, and of numbers that disagree with themselves', () => {
    const unit = good();
    (unit.figures[0] as { unit: string }).unit = 'seconds';
    expect(problem(fileWith('unit.json', JSON.stringify(unit)))).toMatch(/unit\.json: not a speed results file: figures\[0\]\.unit:/);
    const stats = good();
    stats.figures[4]!.stats!.median = 99;
    expect(problem(fileWith('stats.json', JSON.stringify(stats)))).toBe(`${join(dir, 'stats.json')}: figures[4] (drain.ascii): its stats are not those of its trials (median 99, the trials give 12)`);
    const twice = good();
    twice.figures.push(twice.figures[0]!);
    expect(problem(fileWith('twice.json', JSON.stringify(twice)))).toMatch(/figures\[12\] \(reply\.cpr\.idle\): the figure appears twice/);
    const stall = good();
    stall.figures[5] = { ...stall.figures[5]!, status: 'stalled', stall: { trial: 2, consumed: 600_000, of: 524_288, afterMs: 5000, reason: 'no CPR reply for 5.0 s' } };
    expect(problem(fileWith('stall.json', JSON.stringify(stall)))).toMatch(/figures\[5\] \(drain\.sgr-colour\): a stall that consumed 600000 of 524288 bytes/);
    const extra = { ...good(), surprise: 1 };
    expect(problem(fileWith('extra.json', JSON.stringify(extra)))).toMatch(/extra\.json: not a speed results file: \(top\): unknown field "surprise"/);
  });
});
