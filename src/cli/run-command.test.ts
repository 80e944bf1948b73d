import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();

const schema = JSON.parse(readFileSync(new URL('../../schema/results.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020.default({ allErrors: true, strict: false }).compile(schema);

/** A results file without what legitimately changes between runs: timings and the start time. */
function withoutTimings(text: string): unknown {
  const data = JSON.parse(text);
  delete data.run;
  for (const p of data.probes) delete p.elapsedMs;
  return data;
}

function runEmbedded(): { dir: string; files: string[]; stdout: string } {
  const dir = tempDir('termprobe-run-');
  const r = runCli(['run', '--target', 'xterm.js,ghostty', '--out', dir]);
  expect(r.stderr).not.toMatch(/termprobe: /);
  expect(r.code).toBe(0);
  return { dir, files: readdirSync(dir).sort(), stdout: r.stdout };
}

describe('termprobe run --target xterm.js,ghostty', () => {
  it('writes one results file per target, valid against the shipped JSON Schema, and byte-identical answers on a second run', () => {
    const a = runEmbedded();
    expect(a.files).toEqual(['ghostty-0.4.0.json', 'xterm.js-6.0.0.json']);
    for (const f of a.files) {
      const data = JSON.parse(readFileSync(join(a.dir, f), 'utf8'));
      const ok = validate(data);
      expect(validate.errors ?? [], f).toEqual([]);
      expect(ok).toBe(true);
    }
    const b = runEmbedded();
    for (const f of a.files) {
      expect(withoutTimings(readFileSync(join(b.dir, f), 'utf8'))).toEqual(withoutTimings(readFileSync(join(a.dir, f), 'utf8')));
    }
  });

  it('prints a table of the probes where the targets differ', () => {
    const { stdout } = runEmbedded();
    expect(stdout).toMatch(/probes differ between xterm\.js 6\.0\.0 and ghostty 0\.4\.0/);
    expect(stdout).toMatch(/│ xterm\.js 6\.0\.0/);
  });

  it('rejects an unknown target with the valid names, exit 2', () => {
    const r = runCli(['run', '--target', 'xtrem', '--out', tempDir('termprobe-x-')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown target "xtrem"; did you mean xterm\? \(valid: all, releases, xterm\.js, ghostty, /);
  });
});

describe('termprobe run --option and --out', () => {
  it('applies an option to the targets that take it, says so, and names the file after it (the README example)', () => {
    const dir = tempDir('termprobe-opt-');
    const r = runCli(['run', '--option', 'unicode=6', '--out', dir, '-q']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['ghostty-0.4.0.json', 'xterm.js-6.0.0-unicode-6.json']);
    const xterm = JSON.parse(readFileSync(join(dir, 'xterm.js-6.0.0-unicode-6.json'), 'utf8'));
    const ghostty = JSON.parse(readFileSync(join(dir, 'ghostty-0.4.0.json'), 'utf8'));
    expect(xterm.settings.options).toEqual({ unicode: '6' });
    expect(ghostty.settings.options?.unicode).toBeUndefined();
    const noisy = runCli(['run', '--option', 'unicode=6', '--out', dir]);
    expect(noisy.stderr).toMatch(/^termprobe: note: --option unicode=6 applies to xterm\.js only \(ghostty takes no option unicode\)$/m);
  });

  it('writes one named file when --out ends in .json, and a folder otherwise', () => {
    const dir = tempDir('termprobe-outfile-');
    expect(runCli(['run', '--target', 'ghostty', '--out', join(dir, 'mine.json'), '-q']).code).toBe(0);
    expect(runCli(['run', '--target', 'ghostty', '--out', join(dir, 'folder'), '-q']).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['folder', 'mine.json']);
    expect(readdirSync(join(dir, 'folder'))).toEqual(['ghostty-0.4.0.json']);
  });

  it('writes to termprobe-results/ in the current folder by default, not to results/', () => {
    const dir = tempDir('termprobe-default-out-');
    const r = runCli(['run', '--target', 'ghostty'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/→ termprobe-results\/ghostty-0\.4\.0\.json/);
    expect(readdirSync(dir)).toEqual(['termprobe-results']);
  });
});

describe('termprobe list / show', () => {
  it('list shows the corpus with a count line', () => {
    const r = runCli(['list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\n(\d+) probes in (\d+) categories; corpus sha256:/);
    const [, n, c] = /(\d+) probes in (\d+) categories/.exec(r.stdout)!;
    expect(Number(n)).toBeGreaterThanOrEqual(120);
    expect(Number(c)).toBeGreaterThanOrEqual(10);
    const one = runCli(['list', '--category', 'pending-wrap']);
    expect(one.stdout).toMatch(/^pending-wrap \(\d+\)/);
    expect(one.stdout).not.toMatch(/^cursor \(/m);
  });

  it('show prints the bytes escaped and a printf that reproduces them', () => {
    const id = runCli(['list', '--json']).stdout.match(/"id": "(pending-wrap\.[^"]+)"/)![1]!;
    const r = runCli(['show', id]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^bytes: +\\e\[/m);
    expect(r.stdout).toMatch(/^ {2}printf '\\033\[2J\\033\[H.*\\033\[6n'$/m);
    expect(runCli(['show', 'no.such-probe']).code).toBe(2);
  });
});
