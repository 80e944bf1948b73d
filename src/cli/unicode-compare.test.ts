import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { knownSuite } from '../corpus/width-suite/suite-history.js';
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
    expect(text.stdout).toMatch(/^ghostty 0\.4\.0 +16\.0 +16\.0 +set +\d+%/m);
    // Planes 2-3 have a table of their own, and the mark conventions are named.
    expect(text.stdout).toContain('New CJK ideographs of planes 2-3 drawn wide, by version');
    expect(text.stdout).toMatch(/languages \(Mc 1\/0\)/);
    const json = runCli(['compare', '--unicode', '--format', 'json', join(PUBLISHED, 'xterm-379.json'), join(PUBLISHED, 'ghostty-0.4.0.json')]);
    expect(json.code).toBe(0);
    const verdicts = JSON.parse(json.stdout) as { name: string; unicode: { best: string }; sentence: string; disagreementCount: number; disagreements: unknown[] }[];
    expect(verdicts.map((v) => v.name)).toEqual(['xterm', 'ghostty']);
    for (const v of verdicts) expect(v.sentence).toMatch(/^draws widths as Unicode/);
    expect(verdicts[1]!.disagreements.length).toBeLessThanOrEqual(200);
    // Each disagreement listed comes with a printf that shows it by hand.
    const listed = verdicts[0]!.disagreements as { printf?: string; pass: string }[];
    expect(listed.length).toBeGreaterThan(0);
    for (const d of listed) expect(d.printf).toMatch(d.pass === 'on' ? /^printf '\\033\[\?2027h\\033\[2J\\033\[H.*\\033\[6n'$/ : /^printf '\\033\[\?2027l\\033\[2J\\033\[H.*\\033\[6n'$/);
  });

  it('still reads a results file of the earlier 37,954-item suite (termprobe-unicode/1), and says which items it lacks', () => {
    // The earlier suite's file, as termprobe made it then: answers by that suite's ids, in its order, as plain strings.
    const now = readUnicodeResults(join(PUBLISHED, 'xterm-379.json'));
    const suite = loadWidthSuite();
    const at = new Map(suite.items.map((item, i) => [item.id, i]));
    const older = knownSuite('88b08b6e0b05ad26')!;
    const pick = (pass: 'off' | 'on') => older.ids.map((id) => (at.has(id) ? now.answers[pass][at.get(id)!]! : '1')).join('');
    const { answers: _a, ...rest } = JSON.parse(readFileSync(join(PUBLISHED, 'xterm-379.json'), 'utf8')) as Record<string, unknown>;
    const file = join(tempDir('termprobe-unicode-old-'), 'xterm-379.json');
    writeFileSync(file, JSON.stringify({ ...rest, schema: 'termprobe-unicode/1', suite: { ...now.suite, hash: older.hash, items: older.ids.length }, answers: { off: pick('off'), on: pick('on') } }));
    const r = runCli(['compare', '--unicode', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/measured with the earlier width suite 88b08b6e0b05ad26 \(37954 items\): it lacks 126318 items of this suite \(wide 95703, narrow 29239, languages 531, spacing marks 471, VS15 213, VS16 158, tag flags 3\), not judged; 64 of its items are no longer in the suite/);
    expect(r.stdout).toMatch(/^xterm 379 +14\.0 /m);
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
    // A run-length encoded pass claiming more answers than its suite has items is refused before it is expanded.
    const { answers: _a, ...rest } = JSON.parse(readFileSync(join(PUBLISHED, 'xterm-379.json'), 'utf8')) as Record<string, unknown>;
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, JSON.stringify({ ...rest, answers: { off: '2{999999999}', on: '.{164208}' } }));
    const h = runCli(['compare', '--unicode', huge]);
    expect(h.code).toBe(2);
    expect(h.stderr.trim()).toMatch(/^termprobe: .*huge\.json: at answers\.off: more than 164208 answers for a suite of 164208 items$/);
    // A file of a suite this termprobe does not know.
    const unknown = join(dir, 'unknown.json');
    writeFileSync(unknown, readFileSync(join(PUBLISHED, 'xterm-379.json'), 'utf8').replace(/"hash": "[0-9a-f]{16}"/, '"hash": "0123456789abcdef"'));
    const u = runCli(['compare', '--unicode', unknown]);
    expect(u.code).toBe(2);
    expect(u.stderr.trim()).toMatch(/^termprobe: .*unknown\.json: xterm 379 was measured with width suite 0123456789abcdef, which this termprobe does not know/);
  });
});
