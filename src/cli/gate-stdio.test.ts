/**
 * The CI gate end to end on a `stdio:` adapter around a headless engine (the
 * reference xterm.js adapter): `termprobe init` writes the profile and the
 * answers, `termprobe gate` on the same adapter passes, and on the adapter with
 * a patch that fixes a ledger bug (xterm.js answers no XTVERSION; the patch adds
 * the handler, as a fix in the emulator would) it fails with exactly that probe
 * as an unexpected fix — in the text, the JUnit file, the SARIF file (at the
 * ledger entry's line), the JSON and the GitHub step summary. Answers made with
 * an older corpus: the probes new since are reported apart, failing only with
 * --strict. Every CLI run is in a scratch folder of its own.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadYaml as parseYaml } from '../util/yaml-lines.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { readCorpusHistory } from '../corpus/corpus-history.js';

const tempDir = useTempDirs();
/** The corpus at hand: every gate runs all of it. */
const PROBES = (await loadCorpus()).probes.length;
/** Those that are not input probes (made as real events: a stdio adapter skips them). */
const OUTPUT_PROBES = (await loadCorpus()).probes.filter((p) => !p.input).length;
/** Two gates of the whole corpus (706 probes then) on 2 shared cores at a load average of 18 took 38 s: a hang, not a slow run. */
const GATES_MS = 240_000;
const ADAPTER = `stdio:node ${join(ROOT, 'dist/adapters/xterm-js-adapter.js')}`;
/** The patch: the handler xterm.js lacks for XTVERSION (CSI > q), answering DCS > | name ST. */
const PATCHED = `import { serveXtermJs } from ${JSON.stringify(join(ROOT, 'dist/adapters/serve-xterm-js.js'))};
await serveXtermJs((term, reply) => {
  term.parser.registerCsiHandler({ prefix: '>', final: 'q' }, () => { reply('\\x1bP>|xterm.js-patched(1)\\x1b\\\\'); return true; });
});
`;

/**
 * A handler xterm.js lacks, for DSR 15 (the printer's status, answered CSI ? 13 n: no printer), that answers only the
 * first time any instance of the adapter is asked (a flag file made with O_EXCL): a terminal that answers one probe
 * otherwise once, as a loaded machine makes some do.
 */
const ONCE = `import { writeFileSync } from 'node:fs';
import { serveXtermJs } from ${JSON.stringify(join(ROOT, 'dist/adapters/serve-xterm-js.js'))};
await serveXtermJs((term, reply) => {
  term.parser.registerCsiHandler({ prefix: '?', final: 'n' }, (params) => {
    if (params[0] !== 15) return false;
    try { writeFileSync('answered-once', '', { flag: 'wx' }); } catch { return true; }
    reply('\\x1b[?13n');
    return true;
  });
});
`;

let made: string;

/** A copy of the folder init wrote, for one test to change as it likes. */
function project(): string {
  const dir = tempDir('termprobe-gate-');
  cpSync(made, dir, { recursive: true });
  return dir;
}

/** The 1-based line of the first line of `text` matching `re`. */
function lineOf(text: string, re: RegExp): number {
  const i = text.split('\n').findIndex((l) => re.test(l));
  expect(i, String(re)).toBeGreaterThanOrEqual(0);
  return i + 1;
}

interface Ledger {
  probe: string;
  answer: string;
  class: string;
  reason: string;
  link: string;
}

beforeAll(() => {
  made = tempDir('termprobe-init-');
  const r = runCli(['init', '--target', ADAPTER], { cwd: made });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
}, 120_000);

describe('termprobe init on a stdio: adapter', () => {
  it('writes the answers and a profile whose ledger is every ✗ and ~ of the run, as compare marks them', () => {
    const profile = parseYaml(readFileSync(join(made, 'termprobe.yaml'), 'utf8')) as { target: string; corpus: string; answers: string; ledger: Ledger[] };
    expect(profile.target).toBe(ADAPTER);
    expect(profile.corpus).toBe('latest');
    expect(profile.answers).toBe('termprobe/answers.json');
    const cmp = runCli(['compare', 'termprobe/answers.json', '-f', 'json'], { cwd: made });
    expect(cmp.code).toBe(0);
    const cells = (JSON.parse(cmp.stdout) as { probes: { id: string; cells: Record<string, { answer: string; support: string }> }[] }).probes.map((p) => ({ id: p.id, ...Object.values(p.cells)[0]! }));
    const differing = cells.filter((c) => c.support === 'lacks' || c.support === 'other');
    expect(differing.length).toBeGreaterThan(100);
    expect(profile.ledger.map((e) => [e.probe, e.answer])).toEqual(differing.map((c) => [c.id, c.answer]));
    for (const e of profile.ledger) {
      expect(['bug', 'deliberate']).toContain(e.class);
      expect(e.reason.length).toBeGreaterThan(10);
      expect(e.link.length).toBeGreaterThan(5);
    }
    // The registry's reason where it has one for this engine's answer.
    expect(profile.ledger.find((e) => e.probe === 'reports.xtversion')?.reason).toMatch(/xterm\.js has no handler for XTVERSION/);
  });

  it('refuses to replace an existing profile without --force (exit 2, nothing written)', () => {
    const dir = project();
    const before = readFileSync(join(dir, 'termprobe.yaml'), 'utf8');
    const r = runCli(['init', '--target', ADAPTER], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('termprobe: termprobe.yaml exists (a profile); termprobe init replaces it only with --force\n');
    expect(readFileSync(join(dir, 'termprobe.yaml'), 'utf8')).toBe(before);
  });
});

describe('termprobe gate on a stdio: adapter', () => {
  it('passes (exit 0) on the terminal it was made from, and writes results, JUnit, SARIF, the summary and GITHUB_STEP_SUMMARY', () => {
    const dir = project();
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# earlier step\n');
    const r = runCli(['gate'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^PASS: 0 regressions, 0 unexpected fixes, 0 new failing \\(fail only with --strict\\) — ${PROBES} probes run: \\d+ as committed, \\d+ known differences held by the ledger, 0 new\\.\\n`));
    const junit = readFileSync(join(dir, 'termprobe-gate/junit.xml'), 'utf8');
    expect(junit).toMatch(new RegExp(`<testsuites name="termprobe gate termprobe\\.yaml" tests="${PROBES}" failures="0"`));
    expect(junit.match(/<testcase /g)).toHaveLength(PROBES);
    const sarif = JSON.parse(readFileSync(join(dir, 'termprobe-gate/gate.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'termprobe-gate/results.json'), 'utf8')).probes).toHaveLength(PROBES);
    expect(readFileSync(summary, 'utf8')).toMatch(/^# earlier step\n## termprobe gate: ✅ xterm\.js 6\.0\.0\n/);
  }, GATES_MS);

  it('with --no-input leaves the input probes out, saying so, and holds the rest', () => {
    const dir = project();
    const inputs = PROBES - OUTPUT_PROBES;
    const r = runCli(['gate', '--no-input', '-f', 'json'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).notes).toContain(`${inputs} input probes not run (--no-input): what the terminal sends for keys, mouse, paste and focus is not checked`);
    const ids = (JSON.parse(readFileSync(join(dir, 'termprobe-gate/results.json'), 'utf8')) as { probes: { id: string }[] }).probes.map((p) => p.id);
    expect(ids).toHaveLength(OUTPUT_PROBES);
    expect(readFileSync(join(dir, 'termprobe-gate/junit.xml'), 'utf8').match(/<testcase /g)).toHaveLength(OUTPUT_PROBES);
  }, GATES_MS);

  it('fails (exit 1) with "unexpected fix" when a patch fixes a ledger bug: exactly that probe, in text, JUnit, SARIF and JSON', () => {
    const dir = project();
    writeFileSync(join(dir, 'patched-adapter.mjs'), PATCHED);
    const profileText = readFileSync(join(dir, 'termprobe.yaml'), 'utf8');
    const entryLine = lineOf(profileText, /^  - probe: reports\.xtversion$/);
    const r = runCli(['gate', '--target', 'stdio:node patched-adapter.mjs'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL: 0 regressions, 1 unexpected fix, /);
    const blocks = r.stdout.split('\n').filter((l) => /^[A-Z][A-Z ]+  \S/.test(l));
    expect(blocks).toEqual(['UNEXPECTED FIX  reports.xtversion — XTVERSION reports the name and version']);
    expect(r.stdout).toContain('  committed:  ✗ xtversion=none\n  now:        ✓ xtversion=xterm.js-patched(1)\n');
    expect(r.stdout).toContain(`  ledger:     termprobe.yaml:${entryLine}: bug: `);
    expect(r.stdout).toContain("  repro:      printf '\\033[2J\\033[H\\033[>0q'\n");
    expect(r.stdout).toContain('  spec:       xterm ctlseqs CSI > Ps q (XTVERSION)\n');
    expect(r.stdout).toMatch(/ {2}layer: {6}xterm\.js 6\.0\.0 \(the engine\) — registry probes\/divergences\/xterm\.js\.yaml:\d+: bug/);
    expect(r.stdout).toMatch(/Failing: reports\.xtversion\.\n$/);
    // Run again before it counted, in a fresh instance, and the same then.
    expect(r.stdout).toContain('note: 1 difference(s) held when run again in a fresh instance\n');

    const junit = readFileSync(join(dir, 'termprobe-gate/junit.xml'), 'utf8');
    const failing = [...junit.matchAll(/<testcase classname="[^"]*" name="([^"]+)" time="0">\n\s*<failure type="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(failing).toEqual([['reports.xtversion', 'unexpected-fix']]);
    expect(junit).toMatch(/failures="1"/);
    expect(junit).toContain("repro:      printf '\\033[2J\\033[H\\033[&gt;0q'");

    const sarif = JSON.parse(readFileSync(join(dir, 'termprobe-gate/gate.sarif'), 'utf8'));
    const results = sarif.runs[0].results as { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[];
    expect(results.map((x) => [x.ruleId, x.level, x.locations[0]!.physicalLocation.artifactLocation.uri, x.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ['unexpected-fix', 'error', 'termprobe.yaml', entryLine],
      ['stale-ledger-entry', 'error', 'termprobe.yaml', entryLine],
    ]);

    const json = runCli(['gate', '--target', 'stdio:node patched-adapter.mjs', '--format', 'json', '--out', 'again'], { cwd: dir });
    expect(json.code).toBe(1);
    const data = JSON.parse(json.stdout);
    expect(data.outcome).toBe('fail');
    expect(data.failures.map((f: { id: string; kind: string }) => [f.id, f.kind])).toEqual([['reports.xtversion', 'unexpected-fix']]);
    expect(data.failures[0].ledger).toMatchObject({ file: 'termprobe.yaml', line: entryLine, class: 'bug' });
  }, GATES_MS);

  it('passes (exit 0) when a difference does not hold in a fresh instance: the probe is named, with both answers, and not counted', () => {
    const dir = project();
    writeFileSync(join(dir, 'once-adapter.mjs'), ONCE);
    const r = runCli(['gate', '--target', 'stdio:node once-adapter.mjs'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'answered-once'))).toBe(true);
    expect(r.stdout).toMatch(/^PASS: 0 regressions, 0 unexpected fixes, /);
    expect(r.stdout).toContain('note: 1 probe(s) answered otherwise than committed, then as committed when run again in a fresh instance (unstable, not counted): status-reports.dsr-15 (dsr:?15=13, then dsr:?15=none)\n');
    expect(readFileSync(join(dir, 'termprobe-gate/junit.xml'), 'utf8')).toMatch(/failures="0"/);
  }, GATES_MS);

  it('reports probes new since the answers\' corpus apart, failing only with --strict', () => {
    const dir = project();
    const answersFile = join(dir, 'termprobe/answers.json');
    const answers = JSON.parse(readFileSync(answersFile, 'utf8'));
    // The answers as an earlier termprobe made them: an earlier corpus, its probes only.
    const history = readCorpusHistory().corpora;
    const older = history.find((c) => c.hash !== answers.corpus.hash && Object.keys(c.probes).length < answers.probes.length)!;
    expect(older, 'an earlier corpus in probes/corpus-history.json').toBeDefined();
    answers.corpus = { hash: older.hash, probes: Object.keys(older.probes).length };
    answers.probes = answers.probes.filter((p: { id: string }) => p.id in older.probes);
    writeFileSync(answersFile, JSON.stringify(answers));
    // Entries for probes the older answers have no answer for go: the ledger explains committed answers only.
    const kept = new Set(answers.probes.map((p: { id: string }) => p.id));
    const profile = readFileSync(join(dir, 'termprobe.yaml'), 'utf8').split(/\n(?=  # )/);
    const entry = /^ {2}- probe: (\S+)$/m;
    writeFileSync(join(dir, 'termprobe.yaml'), profile.filter((chunk) => !entry.test(chunk) || kept.has(entry.exec(chunk)![1])).join('\n'));

    const loose = runCli(['gate', '--out', 'loose'], { cwd: dir });
    expect(loose.stderr).toBe('');
    expect(loose.code).toBe(0);
    const n = Number(/(\d+) new failing \(fail only with --strict\)/.exec(loose.stdout)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(loose.stdout).toContain(`New probes that fail (${n}; reported apart: they fail the gate only with --strict):`);
    expect(readFileSync(join(dir, 'loose/junit.xml'), 'utf8')).toMatch(/probes new since termprobe\/answers\.json" tests="\d+" failures="0" errors="0" skipped="\d+"/);

    const strict = runCli(['gate', '--strict', '--out', 'strict'], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(new RegExp(`^FAIL: 0 regressions, 0 unexpected fixes, ${n} new failing — `));
    expect(strict.stdout.split('\n').filter((l) => l.startsWith('NEW PROBE FAILING  '))).toHaveLength(n);
  }, GATES_MS);
});

describe('termprobe gate: bad input is one line naming the file and line, exit 2, nothing written', () => {
  const cases: { name: string; edit: (text: string) => string; line: (text: string) => number; says: RegExp }[] = [
    {
      name: 'a ledger entry naming a probe the corpus does not have',
      edit: (t) => t.replace('  - probe: reports.xtversion\n', '  - probe: reports.xtverison\n'),
      line: (t) => lineOf(t, /- probe: reports\.xtverison$/),
      says: /ledger entry \d+ \(reports\.xtverison\): no probe "reports\.xtverison" in the corpus at hand \(\d+ probes, sha256:[0-9a-f]{12}…\); did you mean reports\.xtversion\?/,
    },
    {
      name: 'a ledger entry without a reason',
      edit: (t) => t.replace(/(- probe: reports\.xtversion\n(?: {4}\w+: .*\n)*?) {4}reason: .*\n/, '$1'),
      line: (t) => lineOf(t, /- probe: reports\.xtversion$/),
      says: /ledger entry \d+ \(reports\.xtversion\): reason: required: why, in a sentence or two/,
    },
    {
      name: 'a skip entry with an empty reason',
      edit: (t) => t.replace('skip: []', 'skip:\n  - probe: reports.da1\n    reason: ""'),
      line: (t) => lineOf(t, /^ {4}reason: ""$/),
      says: /skip entry 1 \(reports\.da1\): reason: required: why/,
    },
    {
      name: 'a target command that does not start (not on PATH)',
      edit: (t) => t.replace(/^target: .*$/m, 'target: "stdio:./build/no-such-adapter"'),
      line: (t) => lineOf(t, /^target: /),
      says: /target: cannot run here: \.\/build\/no-such-adapter is not on PATH/,
    },
    {
      name: 'a target command that exits before it says hello',
      edit: (t) => t.replace(/^target: .*$/m, `target: "stdio:node -e 'process.exit(3)'"`),
      line: (t) => lineOf(t, /^target: /),
      says: /target: did not start: /,
    },
    {
      name: 'a ledger answer that is not the committed one',
      edit: (t) => t.replace(/(- probe: reports\.xtversion\n {4}answer: )"xtversion=none"/, '$1"xtversion=xterm.js"'),
      line: (t) => lineOf(t, /answer: "xtversion=xterm\.js"$/),
      says: /accepts "xtversion=xterm\.js", but the committed answer \(termprobe\/answers\.json\) is "xtversion=none"/,
    },
    {
      name: 'YAML that does not parse',
      edit: (t) => t.replace('corpus: latest', 'corpus: [latest'),
      line: (t) => lineOf(t, /^corpus: \[latest/) + 1,
      says: /invalid YAML: /,
    },
    {
      name: 'an unknown field',
      edit: (t) => t.replace('corpus: latest', 'corpus: latest\nanswer: termprobe/answers.json'),
      line: (t) => lineOf(t, /^answer: termprobe/),
      says: /unknown field "answer"/,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const dir = project();
      const text = c.edit(readFileSync(join(dir, 'termprobe.yaml'), 'utf8'));
      writeFileSync(join(dir, 'termprobe.yaml'), text);
      const r = runCli(['gate'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^termprobe: termprobe\\.yaml:${c.line(text)}: `));
      expect(lines[0]).toMatch(c.says);
      expect(existsSync(join(dir, 'termprobe-gate'))).toBe(false);
    });
  }
});
