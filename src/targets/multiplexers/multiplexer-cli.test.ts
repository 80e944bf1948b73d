/** tmux and screen through the real CLI (the built bin/termprobe.js), as a user runs them. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import type { ResultsFile } from '../../results/results-schema.js';
import { BIN, runCli } from '../../test-support/cli.js';
import { processesMatching } from '../../test-support/processes.js';
import { havePrograms } from '../../test-support/require-program.js';
import { useTempDirs } from '../../test-support/temp-dirs.js';

const tempDir = useTempDirs();

const schema = JSON.parse(readFileSync(new URL('../../../schema/results.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020.default({ allErrors: true, strict: false }).compile(schema);

test('termprobe targets says what is missing and which package installs it', () => {
  const r = runCli(['targets', '--json'], { env: { PATH: '/nonexistent' } });
  expect(r.code).toBe(0);
  const rows = JSON.parse(r.stdout) as { name: string; available: boolean; reason?: string; install?: string }[];
  expect(rows.find((t) => t.name === 'tmux')).toMatchObject({ available: false, reason: 'tmux is not on PATH', install: 'apt-get install tmux' });
  expect(rows.find((t) => t.name === 'screen')).toMatchObject({ available: false, install: 'apt-get install screen' });
  expect(rows.find((t) => t.name === 'xterm.js')).toMatchObject({ available: true });
});

describe.skipIf(!havePrograms([{ program: 'tmux', pkg: 'tmux' }, { program: 'screen', pkg: 'screen' }]))('termprobe run --target tmux,screen', () => {
  test('writes one valid results file per multiplexer, shows the column-81 split, and leaves no process behind', () => {
    const out = tempDir('termprobe-mux-');
    const r = spawnSync(process.execPath, [BIN, 'run', '--target', 'tmux,screen', '--out', out], { cwd: tempDir('termprobe-mux-cwd-'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 600_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/termprobe: /);
    expect(r.stderr).toMatch(/^tmux: done in [\d.]+ s/m);
    expect(r.stderr).toMatch(/^screen: done in [\d.]+ s/m);
    const files = readdirSync(out).sort();
    expect(files.map((f) => f.split('-')[0])).toEqual(['screen', 'tmux']);
    for (const f of files) {
      const data = JSON.parse(readFileSync(join(out, f), 'utf8')) as ResultsFile;
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      expect(data.target.identity.identifiedBy).toBe('command');
      expect(data.target.identity.chain.dpkg).toMatch(new RegExp(`^${data.target.id}=\\d`));
      expect(data.probes.filter((p) => p.status !== 'ok').map((p) => p.id)).toEqual([]);
      const wrap = data.probes.find((p) => p.id === 'pending-wrap.cpr-in-last-column');
      if (wrap) expect(wrap.cursor).toMatchObject({ row: 1, col: 81 });
      expect(data.probes.some((p) => p.screen)).toBe(true);
    }
    expect(processesMatching(`termprobe-${r.pid}-`)).toEqual([]);
    expect(processesMatching(`termprobe-tmux-`).filter((p) => p.cmd.includes(String(r.pid)))).toEqual([]);
    // The run's own hang guard (the child's 600 s), not vitest's 60 s default: the whole corpus on both took ~23 s on
    // a quiet machine and went past 60 s with the machine loaded ~10 times over; since screen's cells are read whole
    // (a display attached for each read, docs/screen-cells.md) screen alone takes ~35 s at load 5.
  }, 610_000);

  test('runs with a long TMPDIR (socket paths must fit in 108 bytes) and leaves it empty', () => {
    const tmp = join(tempDir('termprobe-longtmp-'), 'a-long-folder-name-for-the-temporary-files', 'and-one-more-level');
    mkdirSync(tmp, { recursive: true });
    const out = tempDir('termprobe-mux-');
    // Sockets and screen's displays (a read of styled cells attaches one) are what use TMPDIR: a probe of each kind.
    const r = spawnSync(process.execPath, [BIN, 'run', '--target', 'tmux,screen', '--category', 'sgr', '--probe', 'pending-wrap.cpr-in-last-column', '--out', out, '-q'], { cwd: tempDir('termprobe-mux-cwd-'), encoding: 'utf8', env: { ...process.env, TMPDIR: tmp }, timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(out)).toHaveLength(2);
    expect(readdirSync(tmp)).toEqual([]);
  }, 130_000);
});
