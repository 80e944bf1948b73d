import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGolden, FIX, FIXTURE_RUNS, FROZEN, ROOT, runCli } from '../report/cli-test-support.js';

const fixtureCheck = ['--probes', `${FIX}/probes`, ...FIXTURE_RUNS];

describe('termprobe check', () => {
  it('passes on the fixture registry', () => {
    const r = runCli(['check', '--registry', `${FIX}/divergences.yaml`, ...fixtureCheck]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('6 entries, 6 match a current difference, none stale');
  });

  it('fails with one line per stale entry', () => {
    const r = runCli(['check', '--registry', `${FIX}/divergences-stale.yaml`, ...fixtureCheck]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `${FIX}/divergences-stale.yaml:52: entry 7 (ghostty pending-wrap.baseline): stale: ghostty 0.4.0 now answers pending-wrap.baseline the same as the reference xterm.js 6.0.0, as the probe specifies\n`,
    );
  });

  it('rejects a malformed registry with one line naming file, entry and problem (exit 2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-check-'));
    try {
      const cases: [string, RegExp][] = [
        ['divergences:\n  - probe: tabs.cht-zero\n    target: ghostty\n    class: bug\n    reason: "  "\n    evidence: [https://example.org]\n', /:5: entry 1 \(ghostty tabs\.cht-zero\): reason: must not be empty/],
        ['divergences:\n  - probe: tabs.cht-zero\n    target: ghostty\n    class: flaky\n    reason: Why.\n    evidence: [https://example.org]\n', /:4: entry 1 \(ghostty tabs\.cht-zero\): class: class is one of: bug, deliberate, reference/],
        ['divergences:\n  - probe: tabs.cht-zero\n    target: ghostty\n    versions: ~3\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n', /:4: entry 1 \(ghostty tabs\.cht-zero\): versions: a version range is/],
        ['divergences:\n  - probe: tabs.cht-zero\n    target: ghostty\n    class: bug\n    reason: Why.\n    evidence: [trust me]\n', /:6: entry 1 \(ghostty tabs\.cht-zero\): evidence\.0: evidence is a URL/],
        ['divergences:\n  - probe: tabs.no-such-probe\n    target: ghostty\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n', /:2: entry 1 \(ghostty tabs\.no-such-probe\): probe "tabs\.no-such-probe" is not in the corpus/],
        ['divergences:\n  - probe: tabs.cht-zero\n    target: ghostty\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n    note: extra\n', /:2: entry 1 \(ghostty tabs\.cht-zero\): unknown field "note"/],
        ['divergences:\n  - probe: [\n', /:\d+: invalid YAML/],
      ];
      for (const [i, [text, want]] of cases.entries()) {
        const file = join(dir, `bad-${i}.yaml`);
        writeFileSync(file, text);
        const r = runCli(['check', '--registry', file, ...fixtureCheck]);
        expect(r.code, text).toBe(2);
        expect(r.stdout).toBe('');
        const lines = r.stderr.trimEnd().split('\n');
        expect(lines, r.stderr).toHaveLength(1);
        expect(lines[0]).toContain(file);
        expect(lines[0]).toMatch(want);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('termprobe check on the committed registry', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'termprobe-registry-'));
    const r = runCli(['run', '--target', 'xterm.js,ghostty', '--out', dir, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes against fresh runs of the embedded targets over the shipped corpus', () => {
    const r = runCli(['check', join(dir, 'xterm.js-6.0.0.json'), join(dir, 'ghostty-0.4.0.json')]);
    expect(r.stdout).toBe('');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/none stale/);
  });
});

describe('termprobe explain', () => {
  it('prints the bytes, both answers with raw replies, the class, the reason and the evidence', () => {
    const r = runCli(['explain', 'tabs.cht-zero', 'ghostty', ...FIXTURE_RUNS, ...FROZEN]);
    expect(r.code).toBe(0);
    for (const part of ['bytes:     \\e[0I', 'repro:     printf', 'target:    ghostty 0.4.0 — 1;1', 'cursor       \\e[1;1R', 'reference: xterm.js 6.0.0 — 1;9', 'class:     bug', 'reason:    Ghostty passes', 'evidence:', '  - xterm ctlseqs CSI Ps I (CHT), default = 1']) {
      expect(r.stdout).toContain(part);
    }
    expectGolden('explain-bug.txt', r.stdout);
  });

  it('explains a reference verdict through the reference entry, and an unexplained one with a suggestion', () => {
    expectGolden('explain-reference.txt', runCli(['explain', 'pending-wrap.cpr-in-last-column', 'xterm', ...FIXTURE_RUNS, ...FROZEN]).stdout);
    expectGolden('explain-unexplained.txt', runCli(['explain', 'pending-wrap.decrc-restores', 'screen', ...FIXTURE_RUNS, ...FROZEN]).stdout);
  });

  it('names the choices when the target is not among the results', () => {
    const r = runCli(['explain', 'tabs.cht-zero', 'kitty', ...FIXTURE_RUNS, ...FROZEN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^termprobe: no results for target "kitty"; these results hold: xterm\.js \(/);
  });
});

describe('termprobe triage', () => {
  it('lists unexplained differences with consensus and a suggestion', () => {
    const r = runCli(['triage', ...FIXTURE_RUNS, ...FROZEN]);
    expect(r.code).toBe(0);
    expectGolden('triage.txt', r.stdout);
  });

  it('--write appends an entry, refuses an empty reason, and the result passes check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-triage-'));
    try {
      const registry = join(dir, 'divergences.yaml');
      copyFileSync(join(ROOT, FIX, 'divergences.yaml'), registry);
      const base = ['triage', '--write', 'pending-wrap.decrc-restores', 'xterm.js', '--class', 'reference', '--registry', registry, '--probes', `${FIX}/probes`];
      const empty = runCli([...base, '--reason', '   ', '--evidence', 'https://example.org']);
      expect(empty.code).toBe(2);
      expect(empty.stderr).toMatch(/refusing to write an entry with an empty reason/);
      const noEvidence = runCli([...base, '--reason', 'Why.']);
      expect(noEvidence.code).toBe(2);
      expect(readFileSync(registry, 'utf8')).toBe(readFileSync(join(ROOT, FIX, 'divergences.yaml'), 'utf8'));
      const ok = runCli([...base, '--reason', "xterm.js's DECSC does not save the pending-wrap flag.", '--evidence', 'https://github.com/xtermjs/xterm.js/blob/f447274f430fd22513f6adbf9862d19524471c04/src/common/InputHandler.ts#L2898-L2905']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/divergences\.yaml:\d+: wrote entry 7 \(xterm\.js pending-wrap\.decrc-restores\), class reference, versions \*/);
      const text = readFileSync(registry, 'utf8');
      expect(text.startsWith(readFileSync(join(ROOT, FIX, 'divergences.yaml'), 'utf8').trimEnd())).toBe(true);
      expect(text).toContain('  - probe: pending-wrap.decrc-restores\n    target: xterm.js\n');
      const again = runCli([...base, '--reason', 'Twice.', '--evidence', 'https://example.org']);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/duplicate of entry 7/);
      const check = runCli(['check', '--registry', registry, ...fixtureCheck]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
