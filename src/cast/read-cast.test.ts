import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { CastError } from './cast-format.js';
import { openCast, readCastOutput } from './read-cast.js';

const tempDir = useTempDirs();
const dir = tempDir('termprobe-cast-');
let n = 0;
function cast(text: string): string {
  const file = join(dir, `c${n++}.cast`);
  writeFileSync(file, text);
  return file;
}
const HEADER = '{"version": 2, "width": 20, "height": 5, "env": {"TERM": "xterm-256color", "SHELL": null}}\n';

async function drain(file: string): Promise<number> {
  const { events } = await openCast(file);
  let count = 0;
  for await (const _ of events) count++;
  return count;
}

async function failure(file: string): Promise<string> {
  try {
    await drain(file);
  } catch (e) {
    expect(e).toBeInstanceOf(CastError);
    return (e as Error).message;
  }
  throw new Error('no error');
}

describe('reading asciinema v2 casts', () => {
  test('a well-formed cast: header, output events in order, input and markers kept, output joined', async () => {
    const file = cast(HEADER + '[0.1, "o", "ab"]\n[0.1, "i", "x"]\n[0.2, "m", ""]\n[0.5, "o", "\\u001b[1mé"]\n');
    const { header } = await openCast(file);
    expect(header).toMatchObject({ version: 2, width: 20, height: 5, env: { TERM: 'xterm-256color' } });
    expect(await drain(file)).toBe(4);
    const out = await readCastOutput(file, 1 << 20);
    expect(Buffer.from(out.bytes).toString('utf8')).toBe('ab\x1b[1mé');
    expect(out.eventStarts).toEqual([0, 2]);
  });

  test('a truncated file names the last line', async () => {
    const msg = await failure(cast(HEADER + '[0.1, "o", "ab"]\n[0.2, "o", "a'));
    expect(msg).toBe(`${dir}/c${n - 1}.cast:3: the file ends in the middle of this line (truncated?)`);
  });

  test('a bad header: not JSON, another version, no size', async () => {
    expect(await failure(cast('hello\n'))).toMatch(/:1: not valid JSON$/);
    expect(await failure(cast('{"version": 1, "width": 80, "height": 24}\n'))).toMatch(/:1: bad header: version 1 is not 2/);
    expect(await failure(cast('{"version": 2, "height": 24}\n'))).toMatch(/:1: bad header: "width" must be a whole number from 1 to 1000, not undefined/);
    expect(await failure(cast(''))).toMatch(/:1: bad header: the file is empty/);
  });

  test('events out of order, and malformed events, name their line', async () => {
    expect(await failure(cast(HEADER + '[1.5, "o", "a"]\n[1.2, "o", "b"]\n'))).toMatch(/:3: event out of order: time 1.2 comes after 1.5$/);
    expect(await failure(cast(HEADER + '[0.1, "x", "a"]\n'))).toMatch(/:2: bad event: code "x" is not/);
    expect(await failure(cast(HEADER + '{"t": 1}\n'))).toMatch(/:2: bad event: not an array of three/);
    expect(await failure(cast(HEADER + '[0.1, "r", "wide"]\n'))).toMatch(/:2: bad event: resize "wide" is not COLSxROWS/);
  });

  test('a 1 GB file without newlines is refused after a bounded read, not loaded', async () => {
    const file = join(dir, 'huge.cast');
    writeFileSync(file, HEADER);
    truncateSync(file, 1 << 30); // sparse: the rest of the gigabyte is NUL bytes, one endless line
    const before = process.memoryUsage().rss;
    expect(await failure(file)).toMatch(/huge\.cast:2: line 2 is longer than 8388608 bytes: not an asciinema cast$/);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 << 20);
  });

  test('output larger than the in-memory limit is refused with the limit named', async () => {
    const file = cast(HEADER + '[0.1, "o", "0123456789"]\n[0.2, "o", "0123456789"]\n');
    await expect(readCastOutput(file, 15)).rejects.toThrow(/:3: the output is longer than 15 bytes/);
  });

  test('a missing file', async () => {
    await expect(openCast(join(dir, 'nope.cast'))).rejects.toThrow(/nope\.cast: cannot read: no such file$/);
  });
});
