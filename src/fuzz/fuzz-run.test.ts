import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadYaml } from '../util/yaml-lines.js';
import { escapeBytes } from '../corpus/escape-bytes.js';
import { loadCorpus, type Corpus } from '../corpus/load-corpus.js';
import { probeFileSchema } from '../corpus/probe-schema.js';
import { TargetSet } from '../replay/target-pair.js';
import { runCli } from '../test-support/cli.js';
import { caseShape } from './case-shape.js';
import { grammarFromCorpus } from './corpus-grammar.js';
import { generateCase } from './generate-case.js';
import { fuzzTargets } from './fuzz-run.js';
import { SeededRandom } from './seeded-random.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadCorpus();
});

describe('the grammar and the generator', () => {
  test('templates come from the corpus, queries and resets left out', () => {
    const g = grammarFromCorpus(corpus, { cols: 20, rows: 6 });
    const finals = new Set(g.csi.map((t) => `${t.marker}${t.intermediates}${t.final}`));
    for (const f of ['a', 'e', 'Z', 'H', 'r', 'm', '?h']) expect(finals.has(f)).toBe(true);
    for (const f of ['n', 'c', '?n', '>c', '$p', '?$p', 't']) expect(finals.has(f)).toBe(false);
    expect(g.esc).not.toContain('\x1bc');
    expect(g.text.wide.length).toBeGreaterThan(0);
    expect(g.text.combining.length).toBeGreaterThan(0);
  });

  test('the same seed gives the same cases; another seed others', () => {
    const g = grammarFromCorpus(corpus, { cols: 20, rows: 6 });
    const run = (seed: number) => {
      const rnd = new SeededRandom(seed);
      return Array.from({ length: 50 }, () => generateCase(g, rnd, { cols: 20, rows: 6 }));
    };
    expect(run(42)).toEqual(run(42));
    expect(run(43)).not.toEqual(run(42));
  });

  test('shapes: parameters by class, text by kind', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(caseShape(enc('\x1b[0a'))).toBe('CSI 0a');
    expect(caseShape(enc('\x1b[5;10H\x1b[0Z'))).toBe('CSI N;NH CSI 0Z');
    expect(caseShape(enc('ab日\u0301'))).toBe('a W M');
    expect(caseShape(enc('\x1b[?25l\r'))).toBe('CSI ?Nl \\r');
  });
});

describe('fuzzing xterm.js against ghostty', () => {
  let set: TargetSet;
  beforeAll(async () => {
    set = await TargetSet.open(['xterm.js', 'ghostty'], 20, 6);
  });
  afterAll(async () => set.close());

  test('a seed and a case count repeat a run exactly, and every finding still differs when run alone', async () => {
    const first = await fuzzTargets(set, corpus, { seed: 5, cases: 200, cols: 20, rows: 6 });
    const again = await fuzzTargets(set, corpus, { seed: 5, cases: 200, cols: 20, rows: 6 });
    const summary = (r: typeof first) => r.findings.map((f) => `${f.shape} ${escapeBytes(f.minimal)} ${f.hits}`);
    expect(first.cases).toBe(200);
    expect(first.findings.length).toBeGreaterThan(0);
    expect(summary(again)).toEqual(summary(first));
    for (const f of first.findings) expect((await set.compare(f.minimal, true)).diff.same).toBe(false);
    // One finding per shape.
    expect(new Set(first.findings.map((f) => f.shape)).size).toBe(first.findings.length);
  });
});

test('termprobe fuzz writes the candidates as a probe file valid against the corpus schema; bad options exit 2', async () => {
  const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'termprobe-fuzz-'));
  try {
    const out = join(dir, 'candidates.yaml');
    const r = runCli(['fuzz', '--target', 'xterm.js,ghostty', '--cases', '150', '--seed', '3', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^fuzz xterm\.js vs ghostty at 20x6, seed 3: 150 cases in /);
    const file = probeFileSchema.parse(loadYaml(readFileSync(out, 'utf8')));
    expect(file.probes.length).toBeGreaterThan(0);
    const bad = runCli(['fuzz', '--target', 'xterm.js', '--cases', '10']);
    expect([bad.code, bad.stderr]).toEqual([2, 'termprobe: fuzz compares targets: give at least two, e.g. --target xterm.js,ghostty\n']);
    const seed = runCli(['fuzz', '--target', 'xterm.js,ghostty', '--seed', 'x']);
    expect([seed.code, seed.stderr]).toEqual([2, 'termprobe: --seed "x" is not a whole number from 0 to 4294967295\n']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
