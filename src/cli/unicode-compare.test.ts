import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { readUnicodeResults } from '../results/read-unicode-results.js';
import { ROOT, runCli } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const PUBLISHED = join(ROOT, 'results', 'unicode');
const published = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json')).sort();

describe('published Unicode results', () => {
  it('hold one valid file for each published corpus run (every target), measured with the suite this build generates', () => {
    const corpusRuns = readdirSync(join(ROOT, 'results')).filter((f) => f.endsWith('.json')).sort();
    expect(corpusRuns.length).toBeGreaterThanOrEqual(21);
    expect(published).toEqual(corpusRuns);
    const suite = loadWidthSuite();
    for (const f of published) expect(readUnicodeResults(join(PUBLISHED, f)).suite.hash, f).toBe(suite.hash);
  });
});

describe('termprobe compare --unicode', () => {
  it('gives each published terminal its best-matching Unicode version, as text and as JSON', () => {
    const text = runCli(['compare', '--unicode', ...published.map((f) => join(PUBLISHED, f))]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ghostty 0\.4\.0 +16\.0 +16\.0 +set +100%/m);
    const json = runCli(['compare', '--unicode', '--format', 'json', join(PUBLISHED, 'xterm-379.json'), join(PUBLISHED, 'ghostty-0.4.0.json')]);
    expect(json.code).toBe(0);
    const verdicts = JSON.parse(json.stdout) as { name: string; unicode: { best: string }; sentence: string; disagreementCount: number; disagreements: unknown[] }[];
    expect(verdicts.map((v) => v.name)).toEqual(['xterm', 'ghostty']);
    for (const v of verdicts) expect(v.sentence).toMatch(/^draws widths as Unicode/);
    expect(verdicts[1]!.disagreements.length).toBeLessThanOrEqual(200);
  });

  it('refuses a corpus results file or a truncated one with exit 2, naming the file', () => {
    const corpusFile = runCli(['compare', '--unicode', join(ROOT, 'results', 'xterm-379.json')]);
    expect(corpusFile.code).toBe(2);
    expect(corpusFile.stderr).toMatch(/xterm-379\.json: not a Unicode results file/);
    const dir = tempDir('termprobe-unicode-bad-');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ schema: 'termprobe-unicode/1', answers: {} }));
    const r = runCli(['compare', '--unicode', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json: at /);
    expect(r.stdout).toBe('');
  });
});
