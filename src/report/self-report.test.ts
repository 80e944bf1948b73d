import { describe, expect, it } from 'vitest';
import { unwrapReport } from '../test-support/unwrap-report.js';
import { hashProbes } from '../corpus/corpus-hash.js';
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import type { ProbeResult, ResultsFile } from '../results/results-schema.js';
import { compareResults } from './self-report-compare.js';
import { selfReport } from './self-report.js';
import { fitWidths, WIDTH_MODELS } from './self-report-widths.js';

const probe = (id: string, category: string, send: string): Probe => ({ id, category, file: 't', title: `title of ${id}`, description: 'test probe', spec: 'ECMA-48 x', send, query: ['cursor'], expect: { implements: {} } });
const PROBES = [probe('cursor.right', 'cursor', '\\e[10C'), probe('cursor.wrap', 'cursor', '\\e[1;${cols}Hx'), probe('width.emoji', 'unicode-width', '\\u{1F600}'), probe('alt.leave', 'alt-screen', '\\e[?1049l')];
const corpus: Corpus = { dir: '', probes: PROBES, byId: new Map(PROBES.map((p) => [p.id, p])), categories: ['cursor', 'unicode-width', 'alt-screen'], hash: hashProbes(PROBES) };

const at = (row: number, col: number): Partial<ProbeResult> => ({ status: 'ok', cursor: { row, col, via: 'cpr', raw: `\\e[${row};${col}R` } });
function results(name: string, answers: Record<string, Partial<ProbeResult>>): ResultsFile {
  return {
    schema: 'termprobe-results/1',
    tool: { name: 'termprobe', version: '0.1.0' },
    corpus: { hash: corpus.hash, probes: PROBES.length },
    target: { id: name, identity: { name, version: '1.0', identifiedBy: 'xtversion', chain: {} } },
    settings: { cols: 80, rows: 24, term: 'xterm-256color', modes: { '?7': 'set', '?2027': 'no-reply' } },
    run: { startedAt: '2026-01-01T00:00:00.000Z', elapsedMs: 10 },
    probes: PROBES.map((p) => ({ id: p.id, status: 'ok', replies: [], ...answers[p.id] }) as ProbeResult),
  };
}

const mine = results('mine', { 'cursor.right': at(1, 11), 'cursor.wrap': at(1, 80), 'width.emoji': at(1, 3), 'alt.leave': { status: 'skipped', note: 'skipped in your own terminal: it leaves the alternate screen' } });
const ref = results('xterm.js', { 'cursor.right': at(1, 11), 'cursor.wrap': { ...at(1, 81), screen: { via: 'hosted', region: { top: 1, left: 1, bottom: 1, right: 2 }, text: ['x'] } }, 'width.emoji': at(1, 3), 'alt.leave': at(1, 1) });

describe('compareResults', () => {
  it('compares what both observed (no screen when yours has none), and sets aside what was not run', () => {
    const c = compareResults(mine, ref);
    expect(c.matched).toEqual(['cursor.right', 'width.emoji']);
    expect(c.differ.map((d) => d.id)).toEqual(['cursor.wrap']);
    expect(c.notCompared).toEqual([{ id: 'alt.leave', why: 'skipped in your own terminal: it leaves the alternate screen' }]);
  });
});

describe('fitWidths', () => {
  it('names the width model the answers fit, or the closest one with its score', () => {
    const ids = new Set(['width.emoji']);
    const narrow = results('u6', { 'width.emoji': at(1, 2) });
    const exact = fitWidths(mine, [{ model: WIDTH_MODELS[0]!, results: narrow }, { model: WIDTH_MODELS[1]!, results: ref }], ids);
    expect(exact.label).toBe('11');
    expect(exact.summary).toMatch(/fit Unicode 11 tables .* on all 1 width probes \(6: 0\/1\)/);
    const none = fitWidths(mine, [{ model: WIDTH_MODELS[0]!, results: narrow }], ids);
    expect(none.label).toBe('closest 6 (0/1)');
    expect(fitWidths(mine, [], ids).label).toBe('not observed');
  });
});

describe('selfReport', () => {
  const input = () => ({
    results: mine,
    corpus,
    summary: 'mine 1.0 (from XTVERSION "mine(1.0)")',
    reference: { label: 'xterm.js 6.0.0 at 80x24', comparison: compareResults(mine, ref), classes: new Map([['cursor.wrap', 'bug' as const]]) },
    file: './termprobe-results/self-mine-1.0.json',
    notes: ['a note'],
  });

  it('says who answered and the settings, the summary first and last, each difference under its class letter with both answers, and the file', () => {
    const text = selfReport(input());
    // Fitted to 80 columns (the default) at spaces; read whole again, the lines are these.
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(unwrapReport(text.split('\n')).join('\n')).toBe(
      [
        'termprobe: your terminal is mine 1.0 (from XTVERSION "mine(1.0)")',
        '  size 80x24, TERM=xterm-256color; 1 mode reported, set: ?7 (--verbose: each state)',
        '',
        'Summary: 2 of 3 probes answer as xterm.js 6.0.0 at 80x24 does; 1 differ (B 1); 1 not compared.',
        '  1 not compared: skipped in your own terminal: it leaves the alternate screen',
        '',
        'Differences by class (B bug):',
        '  B bug: lacks what the probe specifies (or an entry says it is wrong) (1)',
        '    B cursor.wrap — title of cursor.wrap',
        '        yours: 1;80   xterm.js: 1;81',
        '',
        "`termprobe show <id>` prints a probe's bytes and a printf that shows it in any shell.",
        'note: a note',
        'Results saved to ./termprobe-results/self-mine-1.0.json',
        '',
        'Summary: 2 of 3 probes answer as xterm.js 6.0.0 at 80x24 does; 1 differ (B 1); 1 not compared.',
        '',
      ].join('\n'),
    );
  });

  it('with --verbose, every mode state and a printf per difference', () => {
    const text = selfReport({ ...input(), verbose: true });
    expect(text).toContain('; modes ?7=set\n');
    expect(text).toContain("        printf '\\033[2J\\033[H\\033[1;80Hx\\033[6n'\n");
  });

  it('fits 40 rows however many differences, a few per class, saying once how many more; ids never cut', () => {
    const many = Array.from({ length: 200 }, (_, i) => probe(`cursor.a-rather-long-probe-identifier-number-${i}`, 'cursor', '\\e[10C'));
    const big: Corpus = { ...corpus, probes: many, byId: new Map(many.map((p) => [p.id, p])) };
    const answers = (col: number) => Object.fromEntries(many.map((p) => [p.id, at(1, col)]));
    const a = { ...results('mine', {}), probes: many.map((p) => ({ id: p.id, replies: [], ...at(1, 2) }) as ProbeResult) };
    const b = { ...results('xterm.js', {}), probes: many.map((p) => ({ id: p.id, replies: [], ...answers(3)[p.id] }) as ProbeResult) };
    const classes = new Map(many.map((p, i) => [p.id, (['bug', 'unexplained', 'deliberate', 'reference'] as const)[i % 4]!]));
    const text = selfReport({ results: a, corpus: big, reference: { label: 'xterm.js 6.0.0 at 80x24', comparison: compareResults(a, b), classes } });
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(40);
    const rows = unwrapReport(text.trimEnd().split('\n'));
    for (const letter of ['B', 'U', 'D', 'R']) expect(rows.some((l) => l.startsWith(`    ${letter} cursor.a-rather-long-probe-identifier-number-`))).toBe(true);
    expect(rows.filter((l) => /^ {2}… \d+ more not listed: `termprobe --verbose` lists every difference$/.test(l))).toHaveLength(1);
    for (const l of rows.filter((l) => /^ {4}[BDRU] /.test(l))) expect(big.byId.has(l.split(' ')[5]!)).toBe(true);
    expect(rows.at(-1)).toMatch(/^Summary: 0 of 200 probes .* 200 differ \(B 50, U 50, D 50, R 50\)\.$/);
    expect(selfReport({ results: a, corpus: big, verbose: true, reference: { label: 'x', comparison: compareResults(a, b), classes } }).split('\n').length).toBeGreaterThan(600);
  });

  it('stays within 40 rows when long notes leave no room for the class headings: one line with the counts instead', () => {
    const many = Array.from({ length: 60 }, (_, i) => probe(`cursor.p${i}`, 'cursor', '\\e[10C'));
    const big: Corpus = { ...corpus, probes: many, byId: new Map(many.map((p) => [p.id, p])) };
    const a = { ...results('mine', {}), probes: many.map((p) => ({ id: p.id, replies: [], ...at(1, 2) }) as ProbeResult) };
    const b = { ...results('xterm.js', {}), probes: many.map((p) => ({ id: p.id, replies: [], ...at(1, 3) }) as ProbeResult) };
    const classes = new Map(many.map((p, i) => [p.id, (['bug', 'unexplained', 'reference', 'inconclusive'] as const)[i % 4]!]));
    const notes = Array.from({ length: 8 }, (_, i) => `note ${i} ${'that takes three rows of the screen '.repeat(6)}`);
    const lines = selfReport({ results: a, corpus: big, reference: { label: 'xterm.js 6.0.0 at 80x24', comparison: compareResults(a, b), classes }, notes }).trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(40);
    const rows = unwrapReport(lines);
    expect(rows).toContain('Differences by class: B 15, U 15, R 15, - 15; `termprobe --verbose` lists every difference');
  });
});
