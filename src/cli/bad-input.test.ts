/**
 * Every command with each bad option value: the real CLI, in an empty folder
 * holding one file, must exit 2 with one line on stderr that names the option,
 * print no stack trace, write nothing, start nothing, and be gone within 2 s
 * (a deadline, not a speed figure: a hang — `--window 0` used to spin at 100 %
 * CPU, deaf to Ctrl-C — fails it; these typically end in a fraction of that).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from '../test-support/cli.js';
import { toolVersion } from '../util/tool-version.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
// A last resort against a hang, never a speed check: that the value is refused before
// anything starts is what the empty TMPDIR and the untouched folder show. (2 s was a
// timing assumption: on a loaded 2-core machine `site` alone took longer to load.)
const DEADLINE_MS = 60_000;
const RESULTS = join(ROOT, 'src/report/fixtures/tmux-3.3a.json');

/** [arguments, what the one line must say]. */
const CASES: [string[], RegExp][] = [
  ...['0', '-1', 'abc', '100000', '2.5'].flatMap((w): [string[], RegExp][] => [
    [['run', '--window', w], /--window "[^"]+" is not a whole number from 1 to 1000/],
    [['--window', w], /--window "[^"]+" is not a whole number from 1 to 1000/],
  ]),
  ...['0', '-1', 'abc', '65'].map((j): [string[], RegExp] => [['run', '--jobs', j], /--jobs "[^"]+" is not a whole number from 1 to 64/]),
  ...['0x0', '1x24', '19x24', '80x4', '2x2', '1001x24', '80x1001', '80', 'big'].flatMap((s): [string[], RegExp][] => [
    [['run', '--size', s], /--size "[^"]+" is not COLSxROWS with columns 20 to 1000 and rows 5 to 1000/],
    [['probe', '\\e[C', '--size', s], /--size .* columns 20 to 1000 and rows 5 to 1000/],
    [['show', 'alt-screen.1049-restores-main', '--size', s], /--size .* columns 20 to 1000 and rows 5 to 1000/],
  ]),
  [['record', '--size', '1x1', '--', 'true'], /--size "1x1" is not COLSxROWS with columns 2 to 1000 and rows 2 to 1000/],
  [['run', '--option', 'unicode=6', '--target', 'ghostty'], /--option unicode=6: no target of this run takes "unicode"/],
  [['run', '--option', 'unicode=99'], /--option unicode=99: xterm\.js takes unicode=11 or 6/],
  [['run', '--option', 'colour'], /--option "colour" is not key=value/],
  [['probe', '\\e[C', '--option', 'unicode=99'], /xterm\.js takes unicode=/],
  [['run', '--out', 'EXISTING'], /--out EXISTING is a file, not a folder/],
  [['run', '--out', 'EXISTING/sub'], /--out EXISTING\/sub: .*EXISTING is a file/],
  [['run', '--out', 'x.json'], /--out x\.json names one results file, but this run \(xterm\.js, ghostty\) writes 2/],
  [['--out', 'x.json'], /--out x\.json names one results file, but the run without a terminal .* writes 2/],
  [['--out', 'EXISTING'], /--out EXISTING is a file/],
  [['site', RESULTS, '--out', 'EXISTING'], /--out EXISTING is a file/],
  [['site', RESULTS, '--out', 'x.json'], /--out x\.json: this command writes a folder/],
  [['run', '--target', 'xtrem'], /unknown target "xtrem"; did you mean xterm\?/],
  [['probe', '\\e[C', '--target', 'all'], /unknown target "all"/],
  [['probe', '\\e[C', '--screen', '0,1,1,1'], /--screen "0,1,1,1" is not TOP,LEFT,BOTTOM,RIGHT/],
  [['--reference', 'nosuch'], /--reference "nosuch" is not xterm\.js or ghostty/],
  [['--reference', 'missing.json'], /--reference missing\.json: no such results file/],
  [['site', RESULTS, '--reference', 'nosuch'], /reference "nosuch" is not a results file/],
  [['site', RESULTS, '--reference', 'missing.json'], /--reference missing\.json: no such results file/],
  [['compare', RESULTS, '--reference', 'nosuch'], /reference "nosuch" is not a results file/],
  [['compare', RESULTS, '--format', 'html'], /format/],
  [['diff', RESULTS, RESULTS, '--format', 'html'], /format/],
  [['run', '--target', ''], /--target "" names no target/],
  [['run', '--target', ','], /--target "," names no target/],
  // Pseudo-filesystems: refused before anything runs (a recursive mkdir under /proc used to spin for ever).
  [['run', '--out', '/proc/termprobe-out'], /--out \/proc\/termprobe-out: \/proc is on the proc pseudo-filesystem/],
  [['run', '--target', 'xterm.js', '--out', '/proc/x.json'], /--out \/proc\/x\.json: \/proc is on the proc pseudo-filesystem/],
  [['--out', '/sys/kernel/termprobe'], /--out \/sys\/kernel\/termprobe: \/sys\/kernel is on the sysfs pseudo-filesystem/],
  [['site', RESULTS, '--out', '/proc/self/site'], /\/proc\/self is on the proc pseudo-filesystem/],
  [['record', '--out', '/proc/x.cast', '--', 'true'], /--out \/proc\/x\.cast: \/proc is on the proc pseudo-filesystem/],
  [['lst'], /^termprobe: unknown command 'lst'; did you mean list\?$/],
  [['run', '--wndow', '3'], /unknown option '--wndow'; did you mean --window\?/],
  [['run', 'extra'], /too many arguments/],
];

interface Outcome {
  code: number | null;
  stderr: string;
  stdout: string;
  ended: boolean;
}

/** Run in `cwd`, with a TMPDIR of its own: a target that started would leave its relay or scratch folder there. */
function runWithDeadline(args: string[], cwd: string, tmp: string): Promise<Outcome> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, stdout, stderr, ended: false });
    }, DEADLINE_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ended: true });
    });
  });
}

describe('a bad option value, on every command that takes it', () => {
  for (const [args, says] of CASES) {
    it(`termprobe ${args.map((a) => a.replace(ROOT, '')).join(' ')} → exit 2, one line, nothing written`, async () => {
      const dir = tempDir('termprobe-bad-');
      writeFileSync(join(dir, 'EXISTING'), 'keep me\n');
      const tmp = tempDir('termprobe-bad-tmp-');
      const r = await runWithDeadline(args, dir, tmp);
      expect(r.ended, `still running after ${DEADLINE_MS} ms`).toBe(true);
      expect(r.code).toBe(2);
      const lines = r.stderr.split('\n');
      expect(lines, r.stderr).toHaveLength(2); // one line and its newline
      expect(lines[0]).toMatch(/^termprobe: /);
      expect(lines[0]).toMatch(says);
      expect(r.stderr).not.toMatch(/\n\s+at |Error:/);
      expect(r.stdout).toBe('');
      expect(readdirSync(dir)).toEqual(['EXISTING']);
      expect(readFileSync(join(dir, 'EXISTING'), 'utf8')).toBe('keep me\n');
      expect(readdirSync(tmp)).toEqual([]);
    });
  }
});

describe('paths that are not what the command takes: one line, exit 2', () => {
  const PUBLISHED = join(ROOT, 'results');
  const CASES_WITH_FOLDERS: [string[], RegExp][] = [
    [['compare', 'x.json'], /^termprobe: x\.json is a folder with no results files \(\*\.json\) in it/],
    [['site', 'x.json', '--out', 'site'], /^termprobe: x\.json is a folder with no results files/],
    [['explain', 'reports.da1', 'xterm', 'x.json'], /^termprobe: x\.json is a folder with no results files/],
    [['diff', PUBLISHED, join(PUBLISHED, 'xterm-379.json')], /^termprobe: diff compares two results files, and .*results is a folder; name a file in it \(e\.g\. /],
    [['diff', join(PUBLISHED, 'xterm-379.json'), 'x.json'], /^termprobe: diff compares two results files, and x\.json is a folder; name a file\n$/],
    [['compare', '--unicode', 'x.json'], /^termprobe: x\.json is a folder with no results files/],
    [['list', '--probes', 'probes'], /^termprobe: probes\/zz\.yaml: is a folder, not a probe file/],
  ];
  for (const [args, says] of CASES_WITH_FOLDERS) {
    it(`termprobe ${args.map((a) => a.replace(ROOT, '')).join(' ')}`, async () => {
      const dir = tempDir('termprobe-paths-');
      mkdirSync(join(dir, 'x.json'));
      mkdirSync(join(dir, 'probes', 'zz.yaml'), { recursive: true });
      const r = await runWithDeadline(args, dir, tempDir('termprobe-paths-tmp-'));
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr.split('\n'), r.stderr).toHaveLength(2);
      expect(r.stderr).toMatch(says);
      expect(readdirSync(dir).sort()).toEqual(['probes', 'x.json']);
    });
  }

  it('compare --unicode takes a folder of Unicode results, as site and compare take folders of results', () => {
    const r = runCli(['compare', '--unicode', join(PUBLISHED, 'unicode'), '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(0);
  });

  it('a results file from a newer termprobe is read, with a warning naming both versions', () => {
    const dir = tempDir('termprobe-newer-');
    const run = JSON.parse(readFileSync(join(PUBLISHED, 'xterm-379.json'), 'utf8')) as { tool: { version: string } };
    run.tool.version = '99.0.0';
    writeFileSync(join(dir, 'newer.json'), JSON.stringify(run));
    const r = runCli(['diff', join(PUBLISHED, 'xterm-379.json'), join(dir, 'newer.json')], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^termprobe: warning: .*newer\\.json was written by termprobe 99\\.0\\.0, newer than this termprobe ${toolVersion().replace(/\./g, '\\.')}: `, 'm'));
  });
});
