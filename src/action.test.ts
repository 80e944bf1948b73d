/**
 * The GitHub Action (action.yml, composite) cannot run here as GitHub runs it,
 * so this checks what can be checked: it parses as a composite action, every
 * expression names an input or step it has, every action it uses is pinned to a
 * major version, and every command its steps run exists — a program on PATH
 * here or a shell builtin, the Debian packages it installs, the npm scripts it
 * runs, and termprobe's gate with options it takes. (sudo is not on this machine:
 * the step uses it only when not root, as on GitHub's runners, which have it.)
 * Then the gate step's own script runs, as the action runs it, against a profile
 * of the xterm.js stdio adapter, and the docs' workflow example uses only the
 * action's inputs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadYaml as parse } from './util/yaml-lines.js';
import { buildProgram } from './cli/main.js';
import { findProgram } from './targets/common/find-program.js';
import { ROOT, runCli } from './test-support/cli.js';
import { useTempDirs } from './test-support/temp-dirs.js';

const tempDir = useTempDirs();

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const action = parse(text) as Action;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const BUILTINS = new Set(['set', 'echo', 'exit', 'if', 'then', 'fi', 'else', '[', 'test', 'true', 'false']);

/** Each simple command of a run script: lines and their command substitutions, then ; && || lists, without leading keywords and $SUDO. */
function commandsOf(run: string): string[][] {
  return run
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    // A command substitution is a command too: "$(id -u)".
    .flatMap((l) => [l, ...[...l.matchAll(/\$\(([^)]*)\)/g)].map((m) => m[1]!)])
    .flatMap((l) => l.split(/;|&&|\|\|/))
    .map((c) => c.trim().split(/\s+/).filter(Boolean))
    .map((words) => {
      while (['if', 'then', 'else', '$SUDO'].includes(words[0] ?? '')) words.shift();
      return words;
    })
    .filter((w) => w.length > 0 && w[0] !== 'fi' && !/^\w+\+?=/.test(w[0]!));
}

const program = buildProgram();

function problemOf(words: string[], run: string): string | undefined {
  const [cmd, ...args] = words;
  if (BUILTINS.has(cmd!)) return undefined;
  if (cmd === 'npm') {
    if (args[0] === 'ci') return undefined;
    if (args[0] === 'run') return pkg.scripts[args[1]!] ? undefined : `package.json has no script ${args[1]}`;
    return `npm ${args[0]} is neither ci nor run`;
  }
  if (cmd === 'apt-get' && args[0] === 'install') {
    const names = args.filter((a) => !a.startsWith('-') && a !== 'install' && !a.startsWith('$'));
    const missing = names.filter((n) => spawnSync('dpkg-query', ['-W', n]).status !== 0);
    return missing.length ? `Debian packages not installed here: ${missing.join(', ')}` : undefined;
  }
  if (cmd === 'node' && args[0] === '"$GITHUB_ACTION_PATH/bin/termprobe.js"') {
    // The arguments are built in an array: every word given to it.
    const words = [...run.matchAll(/args\+?=\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(/\s+/));
    const sub = program.commands.find((c) => c.name() === words[0]);
    if (!sub) return `termprobe has no command ${words[0]}`;
    const longs = new Set(sub.options.map((o) => o.long));
    const bad = words.filter((w) => w.startsWith('--') && !longs.has(w));
    return bad.length ? `termprobe ${words[0]} takes no option ${bad.join(', ')}` : undefined;
  }
  return findProgram(cmd!) ? undefined : `${cmd} is not a program here nor a shell builtin`;
}

describe('the GitHub Action (action.yml)', () => {
  it('parses as a composite action whose steps each use an action or run a bash script', () => {
    expect(action.name).toBe('termprobe gate');
    expect(action.description.length).toBeGreaterThan(20);
    expect(action.runs.using).toBe('composite');
    for (const s of action.runs.steps) {
      expect(Boolean(s.uses) !== Boolean(s.run), s.name).toBe(true);
      if (s.run) expect(s.shell, s.name).toBe('bash');
      if (s.uses) expect(s.uses, s.name).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
    }
    for (const [name, input] of Object.entries(action.inputs)) expect(input.description.length, name).toBeGreaterThan(10);
  });

  it('names only inputs and steps it has in its expressions, and passes inputs to scripts through the environment', () => {
    const ids = new Set(action.runs.steps.map((s) => s.id).filter(Boolean));
    for (const m of text.matchAll(/\$\{\{\s*([^}]*?)\s*\}\}/g)) {
      for (const ref of m[1]!.matchAll(/\b(inputs|steps)\.([\w-]+)/g)) {
        if (ref[1] === 'inputs') expect(Object.keys(action.inputs), m[0]).toContain(ref[2]);
        else expect([...ids], m[0]).toContain(ref[2]);
      }
    }
    for (const s of action.runs.steps) if (s.run) expect(s.run, s.name).not.toMatch(/\$\{\{/);
  });

  it('runs only commands that exist: programs here, Debian packages, npm scripts, termprobe gate with options it takes', () => {
    const problems: string[] = [];
    const seen: string[] = [];
    for (const s of action.runs.steps) {
      if (!s.run) continue;
      for (const words of commandsOf(s.run)) {
        seen.push(words[0]!);
        const why = problemOf(words, s.run);
        if (why) problems.push(`${s.name}: ${why}`);
      }
    }
    expect(problems).toEqual([]);
    expect(seen).toEqual(expect.arrayContaining(['apt-get', 'npm', 'node', 'id']));
    // The check itself: a program that is nowhere, an option gate does not take.
    expect(problemOf(['no-such-program'], '')).toMatch(/not a program here/);
    expect(problemOf(['node', '"$GITHUB_ACTION_PATH/bin/termprobe.js"', '"${args[@]}"'], 'args=(gate --no-such-option)')).toMatch(/takes no option --no-such-option/);
    expect(problemOf(['apt-get', 'install', 'no-such-package-here'], '')).toMatch(/not installed here: no-such-package-here/);
  });

  it("runs its gate step's script as the action would, against a stdio adapter's profile: outputs pass and the paths", () => {
    const dir = tempDir('termprobe-action-');
    expect(runCli(['init', '--target', `stdio:node ${join(ROOT, 'dist/adapters/xterm-js-adapter.js')}`], { cwd: dir }).code).toBe(0);
    const step = action.runs.steps.find((s) => s.id === 'gate')!;
    const output = join(dir, 'github-output');
    writeFileSync(output, '');
    const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: output, PROFILE: 'termprobe.yaml', TARGET: '', STRICT: 'false', OUT: 'termprobe-gate' };
    const r = spawnSync('bash', ['-e', '-c', step.run!], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^PASS: /);
    expect(readFileSync(output, 'utf8')).toBe('code=0\noutcome=pass\njunit=termprobe-gate/junit.xml\nsarif=termprobe-gate/gate.sarif\n');
    expect(execFileSync('ls', [join(dir, 'termprobe-gate')], { encoding: 'utf8' }).split('\n').filter(Boolean).sort()).toEqual(['gate.sarif', 'junit.xml', 'results.json', 'summary.md']);
  }, 180_000);

  it('is shown in docs/ci-gate.md by a complete workflow that uses only the inputs it has', () => {
    const doc = readFileSync(join(ROOT, 'docs/ci-gate.md'), 'utf8');
    const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]!) as { on?: unknown; jobs?: Record<string, { steps: Step[] }> });
    const workflow = blocks.find((b) => b.jobs && Object.values(b.jobs).some((j) => j.steps.some((s) => /\/termprobe@/.test(s.uses ?? ''))));
    expect(workflow, 'a workflow using the action').toBeDefined();
    expect(workflow!.on).toBeDefined();
    const uses = Object.values(workflow!.jobs!).flatMap((j) => j.steps).filter((s) => /\/termprobe@/.test(s.uses ?? ''));
    for (const s of uses) for (const key of Object.keys(s.with ?? {})) expect(Object.keys(action.inputs)).toContain(key);
  });
});
