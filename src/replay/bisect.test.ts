import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadYaml } from '../util/yaml-lines.js';
import { readCastOutput } from '../cast/read-cast.js';
import { probeFileSchema } from '../corpus/probe-schema.js';
import { runCli } from '../test-support/cli.js';
import { bisectSession } from './bisect.js';
import { TargetSet } from './target-pair.js';

const FIXTURE = fileURLToPath(new URL('../../src/replay/fixtures/hpr-zero.cast', import.meta.url));

describe('bisecting a session between xterm.js and ghostty', () => {
  let set: TargetSet;
  beforeAll(async () => {
    set = await TargetSet.open(['xterm.js', 'ghostty'], 40, 10);
  });
  afterAll(async () => set.close());

  test('the fixture session, which holds one HPR 0 after 1,250 bytes of coloured text, parts at exactly its final byte', async () => {
    const { bytes } = await readCastOutput(FIXTURE, 1 << 20);
    const at = Buffer.from(bytes).indexOf('\x1b[0a');
    expect(at).toBe(1250);
    const result = await bisectSession(bytes, set);
    expect(result).not.toBeNull();
    expect(result!.prefixLength).toBe(at + 4);
    expect(result!.token).toEqual([at, at + 4]);
    expect(Buffer.from(result!.minimal).toString('latin1')).toBe('\x1b[0a');
    // xterm.js reads the 0 as the default 1 and moves; ghostty takes it literally.
    expect(result!.states.map((s) => s.cursor)).toEqual([{ row: 1, col: 2 }, { row: 1, col: 1 }]);
  });

  test('a session without the HPR 0 leaves them alike: no divergence', async () => {
    const { bytes } = await readCastOutput(FIXTURE, 1 << 20);
    const clean = Buffer.from(Buffer.from(bytes).toString('latin1').replace('\x1b[0a', '\x1b[1a'), 'latin1');
    expect(await bisectSession(new Uint8Array(clean), set)).toBeNull();
  });
});

test('termprobe bisect prints the probe as YAML valid against the corpus schema, with a printf repro, and exits 1', () => {
  const r = runCli(['bisect', FIXTURE, '--target', 'xterm.js,ghostty']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
  expect(r.stdout).toContain("repro: printf '\\033[2J\\033[H'; printf '\\033[0a'; printf '\\033[6n'");
  const yaml = r.stdout.slice(r.stdout.indexOf('category: bisect'));
  const file = probeFileSchema.parse(loadYaml(yaml));
  expect(file.probes[0]).toMatchObject({ send: '\\e[0a', size: '40x10', expect: { implements: { cursor: '1;2' }, lacks: { cursor: '1;1' } } });
});

test('bad input: one target, a missing file — one line, exit 2', () => {
  const one = runCli(['bisect', FIXTURE, '--target', 'xterm.js']);
  expect([one.code, one.stderr]).toEqual([2, 'termprobe: bisect compares two targets: give --target A,B (got xterm.js)\n']);
  const missing = runCli(['bisect', 'nope.cast', '--target', 'xterm.js,ghostty']);
  expect([missing.code, missing.stderr]).toEqual([2, 'termprobe: nope.cast: cannot read: no such file\n']);
});
