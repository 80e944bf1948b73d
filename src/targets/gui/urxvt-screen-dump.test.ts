import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { readUrxvtDump } from './urxvt-screen-dump.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

test("urxvt's dump reads as rows of cell texts and is removed; a dump that is not there is a screen read error naming it", () => {
  const dir = mkdtempSync(join(tmpdir(), 'termprobe-urxvt-dump-'));
  dirs.push(dir);
  const path = join(dir, 'screen-1.txt');
  writeFileSync(path, 'a\x1fb\x1f\n\x1f\x1fc\n');
  expect(readUrxvtDump(path)).toEqual([['a', 'b', ''], ['', '', 'c']]);
  expect(existsSync(path)).toBe(false);
  const missing = join(dir, 'screen-2.txt');
  expect(() => readUrxvtDump(missing)).toThrow(expect.objectContaining({ name: 'ScreenReadError', message: expect.stringContaining(`urxvt wrote no screen dump ${missing}`) }));
});
