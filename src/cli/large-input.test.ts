/**
 * A results file far past the limits — 300,000 probe entries (a real report
 * had 285,723: compare overflowed the stack, site wrote 285,738 pages, diff
 * printed 1.1 million lines) — given to compare, diff and site: each ends
 * within a generous deadline with one clear line, a bounded output and a
 * peak RSS under 500 MB (measured by GNU time), writing nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../test-support/cli.js';
import { haveProgram } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const FIXTURE = join(ROOT, 'src/report/fixtures/xterm.js-6.0.0.json');
const DEADLINE_MS = 10_000;
const MAX_RSS_MB = 500;

/** The fixture's header with `n` probe entries of its own. */
function bigResults(path: string, n: number, probe = (i: number) => `{"id":"x.${i}","status":"ok","replies":[]}`): void {
  const { probes: _p, ...head } = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
  const entries: string[] = [];
  for (let i = 0; i < n; i++) entries.push(probe(i));
  writeFileSync(path, `${JSON.stringify(head).slice(0, -1)},"probes":[${entries.join(',')}]}`);
}

interface Measured {
  code: number | null;
  stdout: string;
  stderr: string;
  rssMb: number;
  ended: boolean;
}

/** The CLI under GNU time (-f %M: peak RSS in KiB, into a file of its own), killed at the deadline. */
function measured(args: string[], cwd: string): Promise<Measured> {
  const rss = join(tempDir('termprobe-rss-'), 'rss');
  const child = spawn('/usr/bin/time', ['-o', rss, '-f', '%M', process.execPath, BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), DEADLINE_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const rssMb = Number(readFileSync(rss, 'utf8').trim().split('\n').pop()) / 1024;
      resolve({ code, stdout, stderr: stderr.trimEnd(), rssMb, ended: signal === null });
    });
  });
}

describe.skipIf(!haveProgram('time', 'time'))('a results file past the limits', () => {
  let dir: string;
  let big: string;
  beforeAll(() => {
    dir = tempDir('termprobe-large-');
    big = join(dir, 'big.json');
    bigResults(big, 300_000);
  });

  for (const args of [(f: string) => ['compare', f], (f: string) => ['diff', FIXTURE, f], (f: string) => ['site', f, '--out', 'site']]) {
    it(`termprobe ${args('BIG').join(' ')}: one line naming the file and the limit, bounded, under ${MAX_RSS_MB} MB`, async () => {
      const r = await measured(args(big), dir);
      expect(r.ended, `still running after ${DEADLINE_MS} ms`).toBe(true);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(`termprobe: ${big}: holds 300000 probe entries; a results file holds at most 10000`);
      expect(r.stdout).toBe('');
      expect(r.rssMb).toBeGreaterThan(0);
      expect(r.rssMb).toBeLessThan(MAX_RSS_MB);
      expect(existsSync(join(dir, 'site'))).toBe(false);
    });
  }

  it('refuses a file over the size limit before reading it', async () => {
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, `${readFileSync(FIXTURE, 'utf8').trimEnd()}${' '.repeat(17 * 1024 * 1024)}`);
    const r = await measured(['compare', huge], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/huge\.json: is 17\.\d MB; a results file is at most 16\.0 MB$/);
    expect(r.rssMb).toBeLessThan(MAX_RSS_MB);
  });
});

describe('probe ids the corpus does not know', () => {
  it('are reported per file as a count with three examples, on one line', async () => {
    const dir = tempDir('termprobe-unknown-');
    const file = join(dir, 'some-unknown.json');
    const real = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { probes: { id: string }[] }).probes.slice(0, 5);
    bigResults(file, 55, (i) => (i < 5 ? JSON.stringify(real[i]) : `{"id":"nosuch.probe-${i}","status":"ok","replies":[]}`));
    const r = await measured(['compare', file], dir);
    expect(r.code, r.stderr).toBe(0);
    const notes = r.stderr.split('\n').filter((l) => l.includes('not in the corpus'));
    expect(notes).toEqual([`termprobe: note: ${file}: 50 probe ids of 55 are not in the corpus at hand (nosuch.probe-5, nosuch.probe-6, nosuch.probe-7, …); they have no bytes or title here`]);
  });
});
