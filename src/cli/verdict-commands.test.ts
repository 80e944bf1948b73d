import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGolden, FIX, FIXTURE_RUNS, FROZEN, ROOT, runCli } from '../report/cli-test-support.js';
import { inScratchCwd } from '../test-support/scratch-cwd.js';

const fixtureCheck = ['--probes', `${FIX}/probes`, ...FIXTURE_RUNS];

describe('termprobe check', () => {
  it('passes on the fixture registry', () => {
    const r = runCli(['check', '--registry', `${FIX}/divergences.yaml`, ...fixtureCheck]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('6 entries, 6 classify current answers, none stale, 0 evidence problems');
  });

  it('fails, naming file and line, when an entry states an answer the target no longer gives', () => {
    const r = runCli(['check', '--registry', `${FIX}/divergences-stale.yaml`, ...fixtureCheck]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${FIX}/divergences-stale.yaml:50: entry 7 (ghostty tabs.cht-zero): stale: ghostty 0.4.0 answers tabs.cht-zero "1;1", not "1;5" as the entry states\n`);
  });

  it('fails on a hand-edited entry of the committed registry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-edited-'));
    try {
      const good = readFileSync(join(ROOT, FIX, 'divergences.yaml'), 'utf8');
      const file = join(dir, 'divergences.yaml');
      writeFileSync(file, good.replace('answer: 1;81', 'answer: 1;82'));
      const r = runCli(['check', '--registry', file, ...fixtureCheck]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/divergences\.yaml:\d+: entry 4 \(xterm\.js pending-wrap\.cpr-in-last-column\): stale: xterm\.js 6\.0\.0 answers pending-wrap\.cpr-in-last-column "1;81", not "1;82" as the entry states/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails on evidence that is not pinned to the version measured', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-evidence-'));
    try {
      const file = join(dir, 'divergences.yaml');
      const entry = (url: string) => `  - probe: tabs.cht-zero\n    target: ghostty\n    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [${url}]\n`;
      writeFileSync(file, `divergences:\n${entry('https://github.com/tmux/tmux/blob/master/input.c#L1')}`);
      const r = runCli(['check', '--registry', file, ...fixtureCheck]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/:2: entry 1 \(ghostty tabs\.cht-zero\): evidence: .*points at the branch "master"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a malformed registry with one line naming file, entry and problem (exit 2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-check-'));
    try {
      const entry = (fields: string) => `divergences:\n  - probe: tabs.cht-zero\n    target: ghostty\n${fields}`;
      const cases: [string, RegExp][] = [
        [entry('    answer: "1;1"\n    class: bug\n    reason: "  "\n    evidence: [https://example.org]\n'), /:6: entry 1 \(ghostty tabs\.cht-zero\): reason: must not be empty/],
        [entry('    answer: "1;1"\n    class: flaky\n    reason: Why.\n    evidence: [https://example.org]\n'), /:5: entry 1 \(ghostty tabs\.cht-zero\): class: class is one of: bug, deliberate/],
        [entry('    answer: "1;1"\n    class: reference\n    reason: Why.\n    evidence: [https://example.org]\n'), /:5: entry 1 \(ghostty tabs\.cht-zero\): class: class is one of: bug, deliberate/],
        [entry('    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n'), /:2: entry 1 \(ghostty tabs\.cht-zero\): answer: required: the answer this entry explains/],
        [entry('    versions: ~3\n    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n'), /:4: entry 1 \(ghostty tabs\.cht-zero\): versions: a version range is/],
        [entry('    versions: ">=3 <"\n    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n'), /:4: entry 1 \(ghostty tabs\.cht-zero\): versions: a version range is/],
        [entry('    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [trust me]\n'), /:7: entry 1 \(ghostty tabs\.cht-zero\): evidence\.0: evidence is a URL/],
        ['divergences:\n  - probe: tabs.no-such-probe\n    target: ghostty\n    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n', /:2: entry 1 \(ghostty tabs\.no-such-probe\): probe "tabs\.no-such-probe" is not in the corpus/],
        ['divergences:\n  - probe: "tabs.[cht"\n    target: ghostty\n    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n', /:2: entry 1 \(ghostty tabs\.\[cht\): probe: probe is a probe id/],
        ['divergences:\n  - probe: tabs.cht-zero\n    target: gohstty\n    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n', /:2: entry 1 \(gohstty tabs\.cht-zero\): unknown target "gohstty"; did you mean "ghostty"\?/],
        [entry('    answer: "1;1"\n    class: bug\n    reason: Why.\n    evidence: [https://example.org]\n    note: extra\n'), /:2: entry 1 \(ghostty tabs\.cht-zero\): unknown field "note"/],
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
    for (const part of ['bytes:     \\e[0I', 'repro:     printf', 'target:    ghostty 0.4.0 — 1;1', 'cursor       \\e[1;1R', 'against:   xterm.js 6.0.0 — 1;9', 'support:   ✗ lacks', 'agreement: bug', 'class:     bug', 'reason:    Ghostty passes', 'evidence:', '  - xterm ctlseqs CSI Ps I (CHT), default = 1']) {
      expect(r.stdout).toContain(part);
    }
    expectGolden('explain-bug.txt', r.stdout);
  });

  it('explains a reference verdict by the marks, and an unexplained one with the spec, the engines and a command', () => {
    expectGolden('explain-reference.txt', runCli(['explain', 'pending-wrap.cpr-in-last-column', 'xterm', ...FIXTURE_RUNS, ...FROZEN]).stdout);
    expectGolden('explain-unexplained.txt', runCli(['explain', 'save-restore.decrc-sgr', 'screen', ...FIXTURE_RUNS, ...FROZEN]).stdout);
  });

  it('names the choices when the target is not among the results', () => {
    const r = runCli(['explain', 'tabs.cht-zero', 'kitty', ...FIXTURE_RUNS, ...FROZEN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^termprobe: no results for target "kitty"; these results hold: xterm\.js \(/);
  });
});

describe('termprobe triage', () => {
  it('lists unexplained cells with the spec, the engines and a command', () => {
    const r = runCli(['triage', ...FIXTURE_RUNS, ...FROZEN]);
    expect(r.code).toBe(0);
    expectGolden('triage.txt', r.stdout);
  });

  it('prints record commands that run as they stand, and the entries they write explain their cells', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-triage-cmd-'));
    try {
      const registry = join(dir, 'divergences.yaml');
      copyFileSync(join(ROOT, FIX, 'divergences.yaml'), registry);
      const out = runCli(['triage', ...FIXTURE_RUNS, ...FROZEN]).stdout;
      const commands = out.split('\n').filter((l) => l.trim().startsWith('record: ')).map((l) => l.trim().slice('record: '.length));
      expect(commands.length).toBeGreaterThan(0);
      for (const command of commands) {
        // `termprobe` as a user has it: the package's bin.
        const shim = `termprobe() { "${process.execPath}" "${join(ROOT, 'bin/termprobe.js')}" "$@"; }`;
        const r = inScratchCwd((cwd) => spawnSync('sh', ['-c', `${shim}\n${command} --registry "$REG" --probes ${FIX}/probes`], { cwd, env: { ...process.env, REG: registry }, encoding: 'utf8' }));
        expect(r.status, `${command}\n${r.stderr}`).toBe(0);
      }
      const after = runCli(['triage', ...FIXTURE_RUNS, '--registry', registry, '--probes', `${FIX}/probes`]);
      expect(after.stdout).toMatch(/^Unexplained: 0 cells/);
      const check = runCli(['check', '--registry', registry, ...fixtureCheck]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--write appends an entry, refuses an empty reason, an unknown target, and the result passes check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-triage-'));
    try {
      const registry = join(dir, 'divergences.yaml');
      copyFileSync(join(ROOT, FIX, 'divergences.yaml'), registry);
      const base = ['triage', '--write', 'pending-wrap.decrc-restores', 'xterm.js', '--answer', '1;1', '--class', 'bug', '--registry', registry, '--probes', `${FIX}/probes`];
      const empty = runCli([...base, '--reason', '   ', '--evidence', 'https://example.org']);
      expect(empty.code).toBe(2);
      expect(empty.stderr).toMatch(/refusing to write an entry with an empty reason/);
      const noEvidence = runCli([...base, '--reason', 'Why.']);
      expect(noEvidence.code).toBe(2);
      const typo = runCli(['triage', '--write', 'tabs.cht-zero', 'gohstty', '--answer', '1;1', '--class', 'bug', '--registry', registry, '--probes', `${FIX}/probes`, '--reason', 'Why.', '--evidence', 'https://example.org']);
      expect(typo.code).toBe(2);
      expect(typo.stderr).toMatch(/unknown target "gohstty"; did you mean "ghostty"\?/);
      expect(readFileSync(registry, 'utf8')).toBe(readFileSync(join(ROOT, FIX, 'divergences.yaml'), 'utf8'));
      const ok = runCli([...base, '--reason', "xterm.js's DECSC does not save the pending-wrap flag.", '--evidence', 'https://github.com/xtermjs/xterm.js/blob/f447274f430fd22513f6adbf9862d19524471c04/src/common/InputHandler.ts#L2898-L2905']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/divergences\.yaml:\d+: wrote entry 7 \(xterm\.js pending-wrap\.decrc-restores\), class bug, versions \*/);
      const text = readFileSync(registry, 'utf8');
      expect(text.startsWith(readFileSync(join(ROOT, FIX, 'divergences.yaml'), 'utf8').trimEnd())).toBe(true);
      expect(text).toContain('  - probe: pending-wrap.decrc-restores\n    target: xterm.js\n');
      const again = runCli([...base, '--reason', 'Twice.', '--evidence', 'https://example.org']);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/duplicate of entry 7/);
      // deliberate needs the maintainers' statement of intent; without one nothing is written.
      const chosen = ['triage', '--write', 'pending-wrap.tab-clears', 'xterm.js', '--answer', '2;1', '--class', 'deliberate', '--registry', registry, '--probes', `${FIX}/probes`, '--reason', 'On purpose.', '--evidence', 'https://github.com/xtermjs/xterm.js/pull/3365'];
      const noIntent = runCli(chosen);
      expect(noIntent.code).toBe(2);
      expect(noIntent.stderr).toMatch(/a deliberate entry cites where the maintainers state the choice: give --intent/);
      const withIntent = runCli([...chosen, '--intent', 'issue https://github.com/xtermjs/xterm.js/pull/3365 keeps a pending wrap on purpose']);
      expect(withIntent.code, withIntent.stderr).toBe(0);
      expect(readFileSync(registry, 'utf8')).toContain('    intent: issue https://github.com/xtermjs/xterm.js/pull/3365 keeps a pending wrap on purpose\n');
      const check = runCli(['check', '--registry', registry, ...fixtureCheck]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--write writes into the project at hand, never into an installed package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-triage-where-'));
    try {
      const inPackage = join(dir, 'node_modules', 'termprobe', 'probes', 'divergences');
      mkdirSync(inPackage, { recursive: true });
      const args = ['triage', '--write', 'tabs.cht-zero', 'ghostty', '--answer', '1;1', '--class', 'bug', '--reason', 'Why.', '--evidence', 'https://example.org', '--probes', join(ROOT, FIX, 'probes')];
      const refused = spawnSync(process.execPath, [join(ROOT, 'bin/termprobe.js'), ...args, '--registry', inPackage], { cwd: dir, encoding: 'utf8' });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/refusing to write into an installed package/);
      const none = spawnSync(process.execPath, [join(ROOT, 'bin/termprobe.js'), ...args], { cwd: dir, encoding: 'utf8' });
      expect(none.status).toBe(2);
      expect(none.stderr).toMatch(/no divergence registry in this project/);
      mkdirSync(join(dir, 'probes', 'divergences'), { recursive: true });
      const ok = spawnSync(process.execPath, [join(ROOT, 'bin/termprobe.js'), ...args], { cwd: dir, encoding: 'utf8' });
      expect(ok.status, ok.stderr).toBe(0);
      expect(readFileSync(join(dir, 'probes', 'divergences', 'ghostty.yaml'), 'utf8')).toContain('  - probe: tabs.cht-zero\n    target: ghostty\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
