/**
 * `termprobe speed` as a user runs it, in a scratch folder: tmux and screen
 * measured for real (two trials a figure, to keep the test short), their speed
 * files valid against the shipped JSON Schema, a table on stdout, `termprobe diff`
 * on two speed files, the speed suite of `run`, what it refuses, and Ctrl-C in
 * the middle of a measurement.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../test-support/cli.js';
import { processesOfRun } from '../test-support/processes.js';
import { havePrograms } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const schema = JSON.parse(readFileSync(new URL('../../schema/speed-results.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020.default({ allErrors: true, strict: false }).compile(schema);

describe('termprobe speed: what it refuses', () => {
  it('asks for the terminals, and refuses targets that are not GUI terminals or multiplexers, and a bad trial count', () => {
    const cwd = tempDir('termprobe-speed-cli-');
    const none = runCli(['speed'], { cwd });
    expect([none.code, none.stderr.trim()]).toEqual([2, 'termprobe: name the terminals to measure: --target NAME (repeatable, or a,b), or --target all for every GUI terminal and multiplexer here']);
    const embedded = runCli(['speed', '-t', 'xterm.js'], { cwd });
    expect([embedded.code, embedded.stderr.trim()]).toEqual([2, 'termprobe: --target xterm.js: speed runs measure GUI terminals and multiplexers (xterm.js is embedded)']);
    const trials = runCli(['speed', '-t', 'tmux', '--trials', '0'], { cwd });
    expect([trials.code, trials.stderr.trim()]).toEqual([2, 'termprobe: --trials "0" is not a whole number from 1 to 50']);
    const probes = runCli(['run', '--suite', 'speed', '-t', 'tmux', '-c', 'cursor'], { cwd });
    expect(probes.code).toBe(2);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe.skipIf(!havePrograms([{ program: 'tmux', pkg: 'tmux' }, { program: 'screen', pkg: 'screen' }]))('termprobe speed on tmux and screen', () => {
  it('writes a valid speed file per terminal under speed/, prints the table, and diff compares two files by their spread', () => {
    const cwd = tempDir('termprobe-speed-cli-');
    const r = runCli(['speed', '-t', 'tmux,screen', '--trials', '2', '--out', 'out'], { cwd, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    const files = readdirSync(join(cwd, 'out', 'speed')).sort();
    expect(files).toEqual([expect.stringMatching(/^screen-[\w.]+\.json$/), expect.stringMatching(/^tmux-[\w.]+\.json$/)]);
    for (const f of files) {
      const data = JSON.parse(readFileSync(join(cwd, 'out', 'speed', f), 'utf8'));
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      expect(data.payloads).toMatchObject({ version: 'speed-payloads/1', trials: 2 });
    }
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^terminal\s+CPR ms\s+DA1 ms/);
    expect(lines.filter((l) => /^(tmux|screen) /.test(l))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/^2 terminals measured in [\d.]+ s$/);

    const [screen, tmux] = files.map((f) => join('out', 'speed', f));
    const same = runCli(['diff', tmux!, tmux!], { cwd });
    expect([same.code, same.stdout.trim().split('\n').at(-1)]).toEqual([0, 'No figure changed beyond its spread (11 within their spread, 1 measured in neither).']);
    const two = runCli(['diff', tmux!, screen!, '-f', 'json'], { cwd });
    expect([0, 1]).toContain(two.code);
    expect(JSON.parse(two.stdout)).toMatchObject({ a: { label: expect.stringMatching(/^tmux /) }, b: { label: expect.stringMatching(/^screen /) } });
    writeFileSync(join(cwd, 'cut.json'), readFileSync(join(cwd, tmux!), 'utf8').slice(0, 200));
    const cut = runCli(['diff', tmux!, 'cut.json'], { cwd });
    expect([cut.code, cut.stderr.trim()]).toEqual([2, `termprobe: cut.json is not a speed results file, but ${tmux} is: diff compares two speed files, or two results files`]);
  }, 180_000);

  it('runs as the speed suite of `run` too', () => {
    const cwd = tempDir('termprobe-speed-cli-');
    const r = runCli(['run', '--suite', 'speed', '-t', 'screen', '--out', 'out', '-q'], { cwd, timeoutMs: 120_000 });
    expect([r.code, r.stderr, r.stdout]).toEqual([0, '', '']);
    const [file] = readdirSync(join(cwd, 'out', 'speed'));
    expect(JSON.parse(readFileSync(join(cwd, 'out', 'speed', file!), 'utf8')).payloads.trials).toBe(5);
  }, 120_000);

  it('ends at Ctrl-C in the middle of a measurement with 130, no file and no process left', async () => {
    const cwd = tempDir('termprobe-speed-cli-');
    const tmp = tempDir('termprobe-speed-tmp-');
    const child = spawn(process.execPath, [BIN, 'speed', '-t', 'tmux', '--out', 'out'], { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' } });
    let stderr = '';
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), stderr.includes('tmux: running') && resolve())));
    child.kill('SIGINT');
    expect(await ended, stderr).toBe(130);
    expect(existsSync(join(cwd, 'out', 'speed')) ? readdirSync(join(cwd, 'out', 'speed')) : []).toEqual([]);
    expect(processesOfRun(tmp, child.pid!)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  }, 60_000);
});
