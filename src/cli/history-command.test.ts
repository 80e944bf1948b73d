/**
 * A terminal's history across its releases: the release targets (npm aliases
 * beside the dependency) run by the same engine, results/history/ made from
 * them, and `termprobe history`, whose every change is checked against the
 * two results files it names.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerSignature } from '../results/answer-key.js';
import type { ResultsFile } from '../results/results-schema.js';
import { GHOSTTY_RELEASES, RELEASES, XTERM_JS_RELEASES } from '../targets/embedded/release-targets.js';
import { ROOT, runCli } from '../test-support/cli.js';
import { makeScratchCwd } from '../test-support/scratch-cwd.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const HISTORY = join(ROOT, 'results/history');
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as ResultsFile;

interface HistoryJson {
  versions: { version: string; file: string }[];
  steps: { from: string; to: string; changed: { id: string; from: { answer: string } | null; to: { answer: string } | null }[]; unchanged: number }[];
  notRun: { version: string; reason: string }[];
}

describe('releases of the embedded targets', () => {
  it('every release is a dev dependency under its alias, and spans the 4.x, 5.x and 6.x lines of xterm.js', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const r of RELEASES) {
      if (r.pkg === r.published) expect(pkg.dependencies[r.pkg], r.pkg).toBe(r.version);
      else expect(pkg.devDependencies[r.pkg], r.pkg).toBe(`npm:${r.published}@${r.version}`);
    }
    expect(new Set(XTERM_JS_RELEASES.map((r) => r.version.split('.')[0]))).toEqual(new Set(['4', '5', '6']));
    expect(XTERM_JS_RELEASES.length).toBeGreaterThanOrEqual(4);
  });

  it('run by the same engine, a release gives the answers published in results/history/ (4.19.0 and 5.0.0 on DECRQM of an unknown mode)', () => {
    const out = tempDir('termprobe-releases-');
    const r = runCli(['run', '--target', 'xterm.js@4.19.0,xterm.js@5.0.0', '--probe', 'reports.decrqm-unknown-private-mode,cursor.cuu-default', '--out', out, '-q']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const v of ['4.19.0', '5.0.0']) {
      const fresh = read(join(out, `xterm.js-${v}.json`));
      const published = read(join(HISTORY, `xterm.js-${v}.json`));
      expect(fresh.target).toMatchObject({ id: 'xterm.js', identity: { name: 'xterm.js', version: v } });
      expect(fresh.settings.unicode).toBe('6');
      for (const p of fresh.probes) expect(answerSignature(p), `${v} ${p.id}`).toBe(answerSignature(published.probes.find((q) => q.id === p.id)!));
    }
    const [a, b] = ['4.19.0', '5.0.0'].map((v) => read(join(out, `xterm.js-${v}.json`)).probes.find((p) => p.id === 'reports.decrqm-unknown-private-mode')!);
    expect(answerSignature(a!)).not.toBe(answerSignature(b!));
  });

  it('a ghostty-web release whose engine sends no replies is refused with the reason, read from its own wasm', () => {
    const r = runCli(['run', '--target', 'ghostty@0.3.0', '--out', tempDir('termprobe-releases-')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/ghostty-web 0\.3\.0's wasm exports no ghostty_terminal_has_response or ghostty_terminal_read_response/);
  });

  it('results/history/ holds every xterm.js release and every ghostty-web release that runs', () => {
    const files = readdirSync(HISTORY).sort();
    expect(files).toEqual([...XTERM_JS_RELEASES.map((r) => `xterm.js-${r.version}.json`), 'ghostty-0.4.0.json'].sort());
    expect(GHOSTTY_RELEASES.map((r) => r.version)).toEqual(['0.1.0', '0.2.1', '0.3.0', '0.4.0']);
  });
});

describe('termprobe history', () => {
  it('lists, between consecutive xterm.js releases, exactly the probes whose answers differ in the two files, with both answers', () => {
    const r = runCli(['history', 'xterm.js', '-f', 'json']);
    expect(r.code).toBe(0);
    const h = JSON.parse(r.stdout) as HistoryJson;
    expect(h.versions.map((v) => v.version)).toEqual(XTERM_JS_RELEASES.map((x) => x.version));
    expect(h.steps).toHaveLength(XTERM_JS_RELEASES.length - 1);
    for (const [i, step] of h.steps.entries()) {
      const a = read(join(ROOT, h.versions[i]!.file));
      const b = read(join(ROOT, h.versions[i + 1]!.file));
      const differ = a.probes.filter((p) => answerSignature(p) !== answerSignature(b.probes.find((q) => q.id === p.id)!)).map((p) => p.id);
      expect(step.changed.map((c) => c.id), `${step.from} → ${step.to}`).toEqual(differ);
      for (const c of step.changed) expect(c.from && c.to).toBeTruthy();
    }
    expect(h.steps.some((s) => s.changed.length > 0)).toBe(true);
  });

  it('as text: a line per release step, each change with the answer before and after; ghostty-web names the releases that cannot run', () => {
    const r = runCli(['history', 'xterm.js']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^xterm\.js: 7 versions \(4\.14\.1 → 6\.0\.0\), 80x24, unicode 6, on linux\n/);
    expect(r.stdout).toMatch(/\n4\.19\.0 → 5\.0\.0: \d+ probes changed answer \(\d+ unchanged\)\n/);
    expect(r.stdout).toContain('  reports.decrqm-unknown-private-mode\n    4.19.0: ?9999=none\n    5.0.0: ?9999=0\n');
    const g = runCli(['history', 'ghostty']);
    expect(g.code).toBe(0);
    expect(g.stdout.match(/^  not run: 0\.\d\.\d: ghostty-web .* sends no replies/gm)).toHaveLength(3);
  });

  it('reads results/history/ even where a quick start left termprobe-results/ (one version of the same terminal is not its history)', () => {
    const cwd = makeScratchCwd();
    try {
      mkdirSync(join(cwd, 'termprobe-results'));
      copyFileSync(join(ROOT, 'results/xterm.js-6.0.0.json'), join(cwd, 'termprobe-results/xterm.js-6.0.0.json'));
      const r = runCli(['history', 'xterm.js'], { cwd });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^xterm\.js: 7 versions \(4\.14\.1 → 6\.0\.0\)/);
      const own = runCli(['history', 'xterm.js', 'termprobe-results'], { cwd });
      expect(own.stdout).toMatch(/^xterm\.js: 1 version \(6\.0\.0 → 6\.0\.0\)/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('a terminal with no runs: one line, exit 2', () => {
    const r = runCli(['history', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/no runs of "nope" in results\/history\/; terminals there: /);
  });
});
