/**
 * The CI workflow (.github/workflows/ci.yml) cannot run here, so this checks
 * what can be checked: it parses as a GitHub Actions workflow with the matrix
 * the project promises (Linux with every target and the whole suite; macOS and
 * Windows; a site built from every job's results), every action is pinned to a
 * major version, and every command it runs exists: an npm script of
 * package.json, a termprobe command with options it really takes, or a command
 * given verbatim in the README or a docs/ page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadYaml as parse } from './util/yaml-lines.js';
import { buildProgram } from './cli/main.js';

const ROOT = new URL('../', import.meta.url).pathname;
const WORKFLOWS = join(ROOT, '.github/workflows');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
// The README and its docs/ pages, whitespace collapsed: a command may wrap across lines.
const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f));
const readme = [join(ROOT, 'README.md'), ...docs].map((f) => readFileSync(f, 'utf8')).join('\n').replace(/\s+/g, ' ');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  needs?: string[];
  strategy?: { matrix?: { os?: string[] } };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));
const workflows = files.map((f) => [f, parse(readFileSync(join(WORKFLOWS, f), 'utf8')) as Workflow] as const);

/** Each shell command of a `run:` block: lines, then `&&`, `||` and `;` lists. */
function commandsOf(run: string): string[] {
  return run
    .split('\n')
    .flatMap((line) => line.split(/&&|\|\||;/))
    .map((c) => c.trim())
    .filter((c) => c !== '' && !c.startsWith('#'));
}

const program = buildProgram();
function termprobeCommandProblem(args: string[]): string | undefined {
  const [sub, ...rest] = args;
  const cmd = program.commands.find((c) => c.name() === sub);
  if (!cmd) return `termprobe has no command "${sub}"`;
  const longs = new Set(cmd.options.map((o) => o.long));
  for (const a of rest) if (a.startsWith('--') && !longs.has(a.split('=')[0]!)) return `termprobe ${sub} takes no option ${a}`;
  if (!readme.includes(`termprobe ${sub}`)) return `the README and docs never show termprobe ${sub}`;
  return undefined;
}

function commandProblem(command: string): string | undefined {
  const words = command.split(/\s+/);
  if (words[0] === 'npm') {
    if (words[1] === 'ci') return undefined;
    if (words[1] === 'test') return pkg.scripts['test'] ? undefined : 'no test script';
    if (words[1] === 'run') return pkg.scripts[words[2]!] ? undefined : `package.json has no script "${words[2]}"`;
    return `npm ${words[1]} is neither ci, test nor run`;
  }
  if (words[0] === 'node' && words[1] === 'bin/termprobe.js') return termprobeCommandProblem(words.slice(2));
  if (words[0] === 'npx' && words[1] === 'termprobe') return termprobeCommandProblem(words.slice(2));
  return readme.includes(command) ? undefined : `"${command}" is not a package.json script and not in the README or docs`;
}

describe('the CI workflow', () => {
  it('exists and parses', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const [f, w] of workflows) {
      expect(typeof w.name, f).toBe('string');
      expect(w.on, f).toBeTypeOf('object');
      expect(Object.keys(w.jobs).length, f).toBeGreaterThan(0);
      for (const [id, job] of Object.entries(w.jobs)) {
        expect(job['runs-on'], `${f} ${id}`).toBeTruthy();
        for (const step of job.steps) expect(Boolean(step.uses) !== Boolean(step.run), `${f} ${id}: a step either uses an action or runs a command`).toBe(true);
      }
    }
  });

  it('covers Linux (the install script, the suite with CI=true, every target), macOS and Windows, uploads results, and builds the site from all of them', () => {
    const all = workflows.flatMap(([, w]) => Object.entries(w.jobs));
    const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? commandsOf(s.run) : []));
    const linux = all.find(([, j]) => /ubuntu/.test(j['runs-on']) && runs(j).some((c) => c.includes('run --target all')));
    expect(linux, 'a Linux job running every target').toBeDefined();
    expect(runs(linux![1])).toEqual(expect.arrayContaining(['npm run install-terminals', 'npm ci', 'npm test']));
    const oses = all.flatMap(([, j]) => j.strategy?.matrix?.os ?? [j['runs-on']]);
    expect(oses.some((o) => o.startsWith('macos'))).toBe(true);
    expect(oses.some((o) => o.startsWith('windows'))).toBe(true);
    const uploads = all.filter(([, j]) => j.steps.some((s) => s.uses?.startsWith('actions/upload-artifact@')));
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    const site = all.find(([, j]) => runs(j).some((c) => c.includes('termprobe.js site')));
    expect(site, 'a job building the site').toBeDefined();
    expect(site![1].needs?.length).toBeGreaterThanOrEqual(2);
    expect(site![1].steps.some((s) => s.uses?.startsWith('actions/download-artifact@'))).toBe(true);
  });

  it('pins every action to a major version', () => {
    for (const [f, w] of workflows) for (const job of Object.values(w.jobs)) for (const s of job.steps) if (s.uses) expect(s.uses, f).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  });

  it('runs only commands that exist in package.json or the README (termprobe commands with options they take)', () => {
    const problems: string[] = [];
    for (const [f, w] of workflows) {
      for (const [id, job] of Object.entries(w.jobs)) {
        for (const s of job.steps) {
          if (!s.run) continue;
          for (const c of commandsOf(s.run.replace(/\$\{\{[^}]*\}\}/g, 'X'))) {
            const why = commandProblem(c);
            if (why) problems.push(`${f} ${id}: ${why}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the check itself catches a command that exists nowhere and an option a command does not take', () => {
    expect(commandProblem('npm run no-such-script')).toMatch(/no script/);
    expect(commandProblem('node bin/termprobe.js run --no-such-option')).toMatch(/takes no option --no-such-option/);
    expect(commandProblem('make everything')).toMatch(/not in the README or docs/);
  });
});
