/**
 * The CI gate on a real GUI terminal of the registry, given as a terminal
 * author gives their own build: xterm through an `x11:` command. `init` writes
 * the profile from one run; `gate` on the same command passes (exit 0); `gate`
 * on xterm with one of its own settings changed — the resource
 * XTerm*cursorColor, which changes the colour OSC 12 reports — fails (exit 1)
 * and names exactly the probes that moved, in the text and in the JUnit file:
 * the probes whose committed answer is xterm's default cursor colour (asked
 * outright, or after a reset), each now reporting red. No process is left.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRecipe } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import { BIN } from '../test-support/cli.js';
import { processesOfRun } from '../test-support/processes.js';
import { havePrograms } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { loadCorpus } from '../corpus/load-corpus.js';

const tempDir = useTempDirs();
/** The corpus at hand: every gate runs all of it. */
const PROBES = (await loadCorpus()).probes.length;
const TARGET = 'x11:xterm -geometry {cols}x{rows} -e {command}';
const CHANGED = "x11:xterm -geometry {cols}x{rows} -xrm 'XTerm*cursorColor: red' -e {command}";
/** Runs of the whole corpus (706 probes then) in 12 xterms at once, on a loaded machine: a hang, not a slow run. */
const RUN_MS = 300_000;

/** The CLI in its folder, with a TMPDIR of its own, so what it leaves running can be found. */
function gateCli(args: string[], cwd: string) {
  const tmp = mkdtempSync(join(tempDir('termprobe-x11-tmp-'), 'run-'));
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: RUN_MS, env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, leftovers: processesOfRun(tmp, r.pid ?? -1), tmpLeft: readdirSync(tmp) };
}

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))('termprobe init and gate on xterm through an x11: command', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('termprobe-gate-x11-');
    const r = gateCli(['init', '--target', TARGET], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^xterm 379: ${PROBES} probes in `));
    expect(r.leftovers).toEqual([]);
  }, RUN_MS);

  it('passes (exit 0) against the same command', () => {
    const r = gateCli(['gate', '--out', 'same'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^PASS: 0 regressions, 0 unexpected fixes, 0 new failing \\(fail only with --strict\\) — ${PROBES} probes run: `));
    expect(readFileSync(join(dir, 'same/junit.xml'), 'utf8')).toMatch(new RegExp(`tests="${PROBES}" failures="0"`));
    expect(r.leftovers).toEqual([]);
    expect(r.tmpLeft).toEqual([]);
  }, RUN_MS);

  it('fails (exit 1) with XTerm*cursorColor changed, naming exactly the probes that moved, in text and JUnit', () => {
    const answers = JSON.parse(readFileSync(join(dir, 'termprobe/answers.json'), 'utf8')) as { probes: { id: string; replies: { query: string; value?: string }[] }[] };
    const osc12 = (p: (typeof answers.probes)[number]) => p.replies.find((q) => q.query === 'osc:12')?.value;
    const byDefault = osc12(answers.probes.find((p) => p.id === 'osc-colours.query-12')!);
    expect(byDefault).toMatch(/^#[0-9a-f]{6}$/);
    expect(byDefault).not.toBe('#ff0000');
    // What the resource changes: every answer that is xterm's default cursor colour.
    const moved = answers.probes.filter((p) => osc12(p) === byDefault).map((p) => p.id);
    expect(moved.length).toBeGreaterThanOrEqual(2);

    const r = gateCli(['gate', '--target', CHANGED, '--out', 'changed'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const named = r.stdout.split('\n').filter((l) => /^REGRESSION {2}/.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(named).toEqual(moved);
    expect(r.stdout).toMatch(new RegExp(`^FAIL: ${moved.length} regressions, 0 unexpected fixes, `));
    expect(r.stdout).toMatch(new RegExp(`Failing: ${moved.map((m) => m.replace(/\./g, '\\.')).join(', ')}\\.\\n$`));
    for (const id of moved) {
      const block = r.stdout.slice(r.stdout.indexOf(`REGRESSION  ${id} `)).split('\n\n')[0]!;
      expect(block).toContain(`  committed:  ✓ osc:12=${byDefault}\n`);
      expect(block).toContain('  now:        ✓ osc:12=#ff0000\n');
      expect(block).toMatch(/\n {2}repro: {6}printf '.*\\033\]12;\?/);
      expect(block).toMatch(/\n {2}spec: {7}xterm ctlseqs OSC/);
    }
    const junit = readFileSync(join(dir, 'changed/junit.xml'), 'utf8');
    const failing = [...junit.matchAll(/ name="([^"]+)" time="0">\n\s*<failure type="regression"/g)].map((m) => m[1]);
    expect(failing).toEqual(moved);
    expect(junit).toMatch(new RegExp(`tests="${PROBES}" failures="${moved.length}"`));
    expect(r.leftovers).toEqual([]);
    expect(existsSync(join(dir, 'changed/gate.sarif'))).toBe(true);
  }, RUN_MS);
});
