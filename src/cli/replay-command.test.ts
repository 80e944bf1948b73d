import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { havePrograms } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const FIXTURE = fileURLToPath(new URL('../../src/replay/fixtures/hpr-zero.cast', import.meta.url));
const tempDir = useTempDirs();

test('replay into the embedded targets: the HPR 0 fixture leaves the line after it one column apart (12 cells); --out writes the JSON', () => {
  const dir = tempDir('termprobe-replay-');
  const r = runCli(['replay', FIXTURE, '--target', 'xterm.js,ghostty', '--out', join(dir, 'out'), '-q']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('hpr-zero.cast: 40x10');
  expect(r.stdout).toMatch(/xterm\.js ≠ ghostty: 12 cells in row 9, columns 1–12\n/);
  const report = JSON.parse(readFileSync(join(dir, 'out', 'hpr-zero.json'), 'utf8'));
  expect(report).toMatchObject({ schema: 'termprobe-replay/1', session: { name: 'hpr-zero', cols: 40, rows: 10, bytes: 1267 } });
  expect(report.targets.map((t: { status: string }) => t.status)).toEqual(['ok', 'ok']);
  expect(report.pairs[0]).toMatchObject({ a: 'xterm.js', b: 'ghostty', same: false, compared: 'cells' });
});

test.runIf(havePrograms([{ program: 'tmux', pkg: 'tmux' }, { program: 'screen', pkg: 'screen' }]))('replay into tmux and GNU screen reads their screens too', () => {
  const r = runCli(['replay', FIXTURE, '--target', 'xterm.js,tmux,screen', '-q']);
  expect(r.stderr).toBe('');
  expect(r.stdout).toMatch(/tmux +cursor \d+;\d+, screen read \(capture-pane\)/);
  // replay compares styles, so screen's cells are read whole, from its drawing on a display attached for the read.
  expect(r.stdout).toMatch(/screen +cursor \d+;\d+, screen read \(outer-screen\)/);
  // tmux and screen take HPR 0 as ghostty does (no move), so both part from xterm.js on the same cells.
  expect(r.stdout).toContain('xterm.js ≠ tmux: 12 cells in row 9, columns 1–12\n');
  expect(r.stdout).toContain('tmux = screen: same cells and cursor\n');
});

test('bad input: a truncated cast, a bad header, events out of order — one line naming file and line, exit 2, nothing written', () => {
  const dir = tempDir('termprobe-replay-bad-');
  const header = '{"version": 2, "width": 20, "height": 5}\n';
  const cases: [string, string, string][] = [
    ['truncated.cast', header + '[0.1, "o", "ab"]\n[0.2, "o", "a', 'truncated.cast:3: the file ends in the middle of this line (truncated?)'],
    ['header.cast', '{"version": 3, "width": 20, "height": 5}\n', 'header.cast:1: bad header: version 3 is not 2 (an asciinema v2 file starts with {"version": 2, "width": W, "height": H})'],
    ['order.cast', header + '[2, "o", "a"]\n[1, "o", "b"]\n', 'order.cast:3: event out of order: time 1 comes after 2'],
  ];
  for (const [name, text, message] of cases) {
    writeFileSync(join(dir, name), text);
    const r = runCli(['replay', join(dir, name), '--out', join(dir, 'out'), '-q']);
    expect([r.code, r.stderr]).toEqual([2, `termprobe: ${join(dir, name).replace(name, '')}${message}\n`]);
  }
  expect(readdirSync(dir).sort()).toEqual(cases.map((c) => c[0]).sort());
});

test.runIf(havePrograms([{ program: 'terminology', pkg: 'terminology' }]))('a target that cannot be opened at the recorded size says so and is left out of the pairs', () => {
  const r = runCli(['replay', FIXTURE, '--target', 'xterm.js,terminology', '-q']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('terminology      not-sized — cannot be sized to the recorded 40x10: terminology runs only at 80x24 here, not 40x10: under Xvfb its terminal goes to 80x24 within 0.2 s of starting, whatever its window\'s size (measured)\n');
  expect(r.stdout).not.toMatch(/xterm\.js [=≠] terminology/);
});
