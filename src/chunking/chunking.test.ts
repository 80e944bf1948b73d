import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ProbeResult } from '../results/results-schema.js';
import { xtermJsTarget } from '../targets/embedded/xterm-js.js';
import type { TargetSession } from '../targets/target.js';
import { runCli } from '../test-support/cli.js';
import { havePrograms } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { ChunkedSession, SPLIT } from './chunked-session.js';
import { compareVariants } from './run-chunking.js';
import { markCuts, MAX_SINGLE_CUTS, splitVariants } from './split-variants.js';

const tempDir = useTempDirs();

describe('how a probe is cut', () => {
  test('whole, in two at every boundary, and a byte per piece', () => {
    expect(splitVariants('p.x', 4).map((v) => v.cuts)).toEqual([[], [1], [2], [3], [1, 2, 3]]);
    expect(splitVariants('p.x', 1).map((v) => v.label)).toEqual(['whole']);
    expect(markCuts('\x1b[5C', [2], '|')).toBe('\x1b[|5C');
  });

  test('a long probe gets a fixed random set of boundaries, the same on every run', () => {
    const a = splitVariants('cursor.long', 100);
    expect(a.length).toBe(1 + MAX_SINGLE_CUTS + 1);
    expect(splitVariants('cursor.long', 100)).toEqual(a);
    expect(splitVariants('cursor.other', 100)).not.toEqual(a);
  });
});

test('a chunked session hands the real xterm.js each piece as its own write, and the cut sequence still lands', async () => {
  const inner = await xtermJsTarget.open({ cols: 20, rows: 5, options: {} });
  const writes: string[] = [];
  const recording: TargetSession = Object.assign(Object.create(inner) as TargetSession, {
    write: (data: Uint8Array) => {
      writes.push(Buffer.from(data).toString('latin1'));
      inner.write(data);
    },
  });
  const session = new ChunkedSession(recording, 0);
  try {
    session.write(Buffer.from(markCuts('\x1b[3;7Hab', [1, 4], SPLIT), 'latin1'));
    expect(writes).toEqual(['\x1b', '[3;', '7Hab']);
    expect(await session.readCursor!()).toEqual({ row: 3, col: 9 });
  } finally {
    await session.close();
  }
});

describe('comparing the variants of a probe', () => {
  const result = (cursor: string, status: ProbeResult['status'] = 'ok'): ProbeResult => {
    const [row, col] = cursor.split(';').map(Number) as [number, number];
    return { id: 'p', status, cursor: { row, col, via: 'cpr', raw: `\\e[${cursor}R` }, replies: [] };
  };

  test('a probe whose answer moves with the cut is a finding, naming the cuts; the others are not', () => {
    const variants = [
      { id: 'a.x', label: 'whole' },
      { id: 'a.x', label: 'cut after byte 1' },
      { id: 'a.x', label: 'cut after byte 2' },
      { id: 'b.y', label: 'whole' },
      { id: 'b.y', label: 'cut after byte 1' },
    ];
    const { findings, notCut } = compareVariants(variants, [result('1;5'), result('1;5'), result('1;1'), result('2;2'), result('2;2')]);
    expect(notCut).toEqual([]);
    expect(findings).toEqual([{ probe: 'a.x', whole: '1;5', differing: [{ split: 'cut after byte 2', answer: '1;1' }], variants: 3 }]);
  });

  test('a probe not answered whole is left out, with why', () => {
    const { findings, notCut } = compareVariants([{ id: 'c.z', label: 'whole' }, { id: 'c.z', label: 'cut after byte 1' }], [result('1;1', 'no-reply'), result('1;2')]);
    expect(findings).toEqual([]);
    expect(notCut).toEqual([{ probe: 'c.z', why: 'whole, it answered no-reply' }]);
  });
});

test('termprobe run --chunking writes one report per target under <out>/chunking/, and leaves the results files alone', () => {
  const out = tempDir('termprobe-chunking-');
  const r = runCli(['run', '--chunking', '-t', 'xterm.js,ghostty', '-c', 'cursor,tabs', '--out', out]);
  expect(r.code).toBe(0);
  expect(r.stderr).toMatch(/^xterm\.js: xterm\.js 6\.0\.0, \d+ probes in \d+ variants \([\d.]+ s\): no probe depends on the cut → /m);
  const report = JSON.parse(readFileSync(join(out, 'chunking', 'ghostty-0.4.0.json'), 'utf8'));
  expect(report).toMatchObject({ schema: 'termprobe-chunking/1', target: { id: 'ghostty' }, summary: 'none', findings: [] });
  expect(report.run.pieces).toBeGreaterThan(report.run.variants);
  expect(existsSync(join(out, 'xterm.js-6.0.0.json'))).toBe(false);
});

test.runIf(havePrograms([{ program: 'tmux', pkg: 'tmux' }]))('run --chunking through tmux: the pieces go through its pane with a pause each', () => {
  const out = tempDir('termprobe-chunking-tmux-');
  const r = runCli(['run', '--chunking', '-t', 'tmux', '-p', 'cursor.cuu-default,cursor.hpr-zero', '--out', out]);
  expect(r.code).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'chunking', 'tmux-3.3a.json'), 'utf8'));
  expect(report).toMatchObject({ target: { id: 'tmux' }, settings: { pauseMs: 15 }, corpus: { probes: 2 } });
  expect(report.notCut).toEqual([]);
});

test.runIf(havePrograms([{ program: 'screen', pkg: 'screen' }]))('run --chunking through GNU screen: a charset designation cut from the text it changes still marks the hardcopy unreliable', () => {
  // screen's hardcopy cannot show DEC graphics; the screen target reads such cells as U+FFFD when the
  // probe designated a set. It used to judge by the last write alone, so a cut probe read as plain letters.
  const out = tempDir('termprobe-chunking-screen-');
  const r = runCli(['run', '--chunking', '-t', 'screen', '-p', 'charsets.dec-graphics-lines,charsets.so-g1', '--out', out]);
  expect(r.code).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'chunking', 'screen-4.09.00.json'), 'utf8'));
  expect(report).toMatchObject({ target: { id: 'screen' }, corpus: { probes: 2 }, findings: [], summary: 'none' });
});
