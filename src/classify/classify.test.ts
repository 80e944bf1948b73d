import { describe, expect, it } from 'vitest';
import { makeSigner } from './answer-signer.js';
import { buildComparison } from './build-comparison.js';
import { classifyCell } from './classify-cell.js';
import { consensusFor, describeConsensus, suggestClass } from './consensus.js';
import { parseDivergences } from './load-divergences.js';
import { scoreOf } from './score.js';
import { findStaleEntries } from './stale-entries.js';
import { fakeRun } from './test-runs.js';

const registry = parseDivergences(
  `divergences:
  - probe: p.bug
    target: b
    class: bug
    reason: B is wrong here.
    evidence: [https://example.org/b]
  - probe: p.ref-*
    target: ref
    versions: ">=1"
    class: reference
    reason: The reference is wrong here.
    evidence: [https://example.org/ref]
  - probe: p.gone
    target: b
    class: deliberate
    reason: B used to differ here.
    evidence: [https://example.org/gone]
  - probe: p.bug
    target: nobody
    class: bug
    reason: No results for this target.
    evidence: [https://example.org/none]
`,
  'test.yaml',
);

const ref = fakeRun('ref', { 'p.same': '1;1', 'p.bug': '1;1', 'p.ref-1': '1;81', 'p.gone': '2;2', 'p.open': '3;3' });
const b = fakeRun('b', { 'p.same': '1;1', 'p.bug': '1;2', 'p.ref-1': '1;80', 'p.gone': '2;2', 'p.open': '3;4' });

describe('classification against the reference', () => {
  const signer = makeSigner([ref, b]);
  const cls = (id: string, meets?: boolean) => classifyCell(id, b, ref, registry, signer, meets === undefined ? undefined : () => meets).class;

  it('same answers agree; the target entry decides its class; a reference entry makes it "reference"', () => {
    expect(cls('p.same')).toBe('same');
    expect(cls('p.bug')).toBe('bug');
    expect(cls('p.ref-1')).toBe('reference');
    expect(cls('p.open')).toBe('unexplained');
  });

  it('a reference entry does not cover a target whose answer the spec rejects too', () => {
    expect(cls('p.ref-1', false)).toBe('unexplained');
    expect(cls('p.ref-1', true)).toBe('reference');
  });

  it('an entry outside its version range explains nothing', () => {
    const old = fakeRun('ref', { 'p.ref-1': '1;81' }, '0.9');
    expect(classifyCell('p.ref-1', b, old, registry, makeSigner([old, b])).class).toBe('unexplained');
  });

  it('reports missing answers as not run / no reference, not as differences', () => {
    const partial = fakeRun('b', { 'p.same': '1;1' });
    expect(classifyCell('p.bug', partial, ref, registry, makeSigner([ref, partial])).class).toBe('not-run');
    expect(classifyCell('p.same', ref, partial, registry, makeSigner([ref, partial])).class).toBe('same');
  });
});

describe('score and summary', () => {
  it('follows the documented formula', () => {
    expect(scoreOf({ compared: 10, same: 6, reference: 1, deliberate: 2 })).toBe(80);
    expect(scoreOf({ compared: 3, same: 1, reference: 0, deliberate: 1 })).toBe(50);
    expect(scoreOf({ compared: 0, same: 0, reference: 0, deliberate: 0 })).toBeNull();
  });

  it('counts each class per target and a no-reply answer', () => {
    const c = fakeRun('c', { 'p.same': 'no-reply', 'p.bug': '1;1', 'p.ref-1': '1;80', 'p.gone': '2;2', 'p.open': '3;3' });
    const cmp = buildComparison([ref, b, c], { view: ref, source: 'given', notes: [] }, registry);
    const [r, sb, sc] = cmp.summaries;
    expect(r).toMatchObject({ isReference: true, same: 5, score: 100 });
    expect(sb).toMatchObject({ run: 5, compared: 5, same: 2, bug: 1, reference: 1, unexplained: 1, noReply: 0, score: 60 });
    expect(sc).toMatchObject({ same: 3, reference: 1, unexplained: 1, noReply: 1, score: 80 });
    expect(cmp.rows.filter((row) => row.differs).map((row) => row.id)).toEqual(['p.same', 'p.bug', 'p.ref-1', 'p.open']);
  });
});

describe('consensus and triage suggestions', () => {
  const real = (name: string, answers: Record<string, string>) => fakeRun(name, answers);
  it('suggests "reference" when a clear majority of real terminals disagrees with the reference', () => {
    const views = [ref, real('t1', { 'p.open': '3;4' }), real('t2', { 'p.open': '3;4' }), real('t3', { 'p.open': '3;4' }), real('t4', { 'p.open': '9;9' })];
    const signer = makeSigner(views);
    const c = consensusFor('p.open', views, signer);
    expect(describeConsensus(c)).toBe('3;4 (3 of 5)');
    expect(suggestClass('p.open', views[1]!, ref, views, signer)).toMatchObject({ class: 'reference' });
  });

  it('suggests bug or deliberate for the single terminal that disagrees with all others', () => {
    const views = [ref, real('t1', { 'p.open': '3;3' }), real('t2', { 'p.open': '3;3' }), real('odd', { 'p.open': '7;7' })];
    expect(suggestClass('p.open', views[3]!, ref, views, makeSigner(views))).toMatchObject({ class: 'bug-or-deliberate' });
  });

  it('suggests nothing without a clear majority, and says why', () => {
    const views = [ref, real('t1', { 'p.open': '3;4' }), real('t2', { 'p.open': '5;5' })];
    const s = suggestClass('p.open', views[1]!, ref, views, makeSigner(views));
    expect(s.class).toBeUndefined();
    expect(s.text).toMatch(/no clear majority among 3 real terminals/);
  });

  it('embedded targets do not vote', () => {
    const xtermJs = fakeRun('xterm.js', { 'p.open': '1;1' });
    expect(consensusFor('p.open', [xtermJs], makeSigner([xtermJs])).total).toBe(0);
  });
});

describe('stale entries', () => {
  it('flags an entry no current difference matches, and skips targets without results', () => {
    const out = findStaleEntries(registry, [ref, b], ref);
    expect(out.live.map((e) => e.index)).toEqual([1, 2]);
    expect(out.stale.map((s) => [s.entry.index, s.why])).toEqual([[3, 'b 1.0 now answers p.gone the same as the reference ref 1.0']]);
    expect(out.unchecked.map((e) => e.index)).toEqual([4]);
  });

  it('keeps a bug entry live while the spec still rejects the answer, even with nothing at hand to differ from', () => {
    const fixed = fakeRun('b', { 'p.bug': '1;1' });
    expect(findStaleEntries(registry, [ref, fixed], ref, () => false).live.map((e) => e.index)).toContain(1);
    const stale = findStaleEntries(registry, [ref, fixed], ref, () => true).stale;
    expect(stale.map((s) => s.why)).toContain('b 1.0 now answers p.bug the same as the reference ref 1.0, as the probe specifies');
  });
});

describe('answer signatures across readback methods', () => {
  it('compares screen text when one run has no cells', () => {
    const withCells = fakeRun('a', { 'p.s': '1;1' });
    const textOnly = fakeRun('xterm', { 'p.s': '1;1' });
    const screen = { via: 'hosted' as const, region: { top: 1, left: 1, bottom: 1, right: 2 }, text: ['x'] };
    withCells.result('p.s')!.screen = { ...screen, cells: [[{ t: 'x', w: 1 }, { t: ' ', w: 1 }]] };
    textOnly.result('p.s')!.screen = { ...screen, via: 'decrqcra' };
    const signer = makeSigner([withCells, textOnly]);
    expect(signer.level('p.s')).toBe('text');
    expect(signer.of(withCells, 'p.s')).toBe(signer.of(textOnly, 'p.s'));
    expect(withCells.signature('p.s')).not.toBe(textOnly.signature('p.s'));
  });

  it('compares without the screen when one run could not read it, and shows answers the same way', () => {
    const withScreen = fakeRun('a', { 'p.s': '1;1' });
    const noScreen = fakeRun('alacritty', { 'p.s': '1;1' });
    withScreen.result('p.s')!.screen = { via: 'hosted', region: { top: 1, left: 1, bottom: 1, right: 2 }, text: ['x'] };
    const signer = makeSigner([withScreen, noScreen]);
    expect(signer.level('p.s')).toBe('none');
    expect(signer.of(withScreen, 'p.s')).toBe(signer.of(noScreen, 'p.s'));
    expect(signer.summary(withScreen, 'p.s')).toBe('1;1');
    expect(withScreen.summary('p.s')).toBe('1;1 [x]');
  });
});
