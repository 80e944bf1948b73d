import { describe, expect, it } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import { classifyAgreement } from './agreement.js';
import { buildComparison } from './build-comparison.js';
import { consensusFor, describeImplemented } from './consensus.js';
import { checkEvidence } from './evidence-check.js';
import type { ReleaseTable } from './release-table.js';
import { parseDivergences } from './load-divergences.js';
import { makeMarker } from './marks.js';
import { scoreOf } from './score.js';
import { findStaleEntries } from './stale-entries.js';
import { supportMark } from './support-mark.js';
import { fakeRun } from './test-runs.js';

const probe = (id: string, expect: Probe['expect'], extra: Partial<Probe> = {}): Probe => ({ id, category: 'p', file: 'p.yaml', title: id, description: 'test probe', spec: 'ECMA-48 test', send: '', query: ['cursor'], expect, ...extra });

const PROBES = new Map<string, Probe>([
  ['p.same', probe('p.same', { implements: { cursor: '1;1' }, lacks: { cursor: '2;1' } })],
  ['p.lack', probe('p.lack', { implements: { cursor: '1;1' }, lacks: { cursor: '1;2' } })],
  ['p.odd', probe('p.odd', { implements: { cursor: '3;3' }, lacks: { cursor: '3;1' } })],
  ['p.alt', probe('p.alt', { implements: { cursor: ['4;1', '4;2'] }, lacks: { cursor: '9;9' }, inconclusive: [{ cursor: '5;5', why: 'This answer says nothing about the behaviour.' }] })],
  ['p.screen', probe('p.screen', { implements: { cursor: '1;1', screen: ['ab'] }, lacks: { cursor: '1;1', screen: [''] } }, { screen: { top: 1, left: 1, bottom: 1, right: 2 } })],
]);
const lookup = (id: string) => PROBES.get(id);
const marker = () => makeMarker(lookup);
const settings = { cols: 80, rows: 24 };

describe('support marks', () => {
  it('come from the probe and the answer alone: the same answer gets the same mark whoever gave it', () => {
    const a = fakeRun('kitty', { 'p.lack': '1;2', 'p.odd': '7;7' });
    const b = fakeRun('tmux', { 'p.lack': '1;2', 'p.odd': '7;7' });
    const m = marker();
    for (const id of ['p.lack', 'p.odd']) expect(m.mark(a, id)).toEqual(m.mark(b, id));
    expect(m.mark(a, 'p.lack').support).toBe('lacks');
    expect(m.mark(a, 'p.odd').support).toBe('other');
  });

  it('accept any listed value, and mark an answer the probe calls unobservable as inconclusive', () => {
    const r = fakeRun('x', { 'p.alt': '4;2' });
    const u = fakeRun('y', { 'p.alt': '5;5' });
    expect(marker().mark(r, 'p.alt').support).toBe('implements');
    expect(marker().mark(u, 'p.alt')).toMatchObject({ support: 'inconclusive', why: 'unobservable', detail: 'This answer says nothing about the behaviour.' });
  });

  it('are inconclusive, with the reason, for no reply, not run, a crash or hang, an unread screen, a lossy screen and a host-supplied reply', () => {
    const p = PROBES.get('p.screen')!;
    expect(supportMark(p, undefined, settings)).toMatchObject({ support: 'inconclusive', why: 'not-run' });
    expect(supportMark(p, { id: 'p.screen', status: 'no-reply', replies: [] }, settings)).toMatchObject({ why: 'no-reply' });
    expect(supportMark(p, { id: 'p.screen', status: 'crashed', replies: [], note: 'died' }, settings)).toMatchObject({ why: 'crashed' });
    expect(supportMark(p, { id: 'p.screen', status: 'hung', replies: [], note: 'stopped answering' }, settings)).toMatchObject({ support: 'inconclusive', why: 'hung', detail: 'stopped answering' });
    const cursorOnly = fakeRun('alacritty', { 'p.screen': '1;1' }).result('p.screen')!;
    expect(supportMark(p, cursorOnly, settings)).toMatchObject({ support: 'inconclusive', why: 'screen-unread' });
    const wrongCursor = fakeRun('alacritty', { 'p.screen': '2;2' }).result('p.screen')!;
    expect(supportMark(p, wrongCursor, settings).support).toBe('other');
    const lossy = { ...cursorOnly, screen: { via: 'hardcopy' as const, region: { top: 1, left: 1, bottom: 1, right: 2 }, text: ['\uFFFD\uFFFD'] } };
    expect(supportMark(p, lossy, settings)).toMatchObject({ support: 'inconclusive', why: 'screen-unread' });
    const lossyWrong = { ...cursorOnly, screen: { via: 'hardcopy' as const, region: { top: 1, left: 1, bottom: 1, right: 2 }, text: ['x\uFFFD'] } };
    expect(supportMark(p, lossyWrong, settings).support).toBe('other');
    const da1 = probe('p.da1', { implements: { replies: { da1: '/6[2-5](;[0-9]+)*/' } }, lacks: { replies: { da1: '1;2' } } }, { query: ['da1'] });
    const host = { id: 'p.da1', status: 'ok' as const, replies: [{ query: 'da1', value: '62;22', raw: '\\e[?62;22c', source: 'host' as const }] };
    expect(supportMark(da1, host, settings)).toMatchObject({ support: 'inconclusive', why: 'host-reply' });
    expect(supportMark(da1, { ...host, replies: [{ ...host.replies[0]!, source: undefined }] }, settings).support).toBe('implements');
  });
});

describe('agreement with the emulator follows from the marks', () => {
  const m = (support: 'implements' | 'lacks' | 'other' | 'inconclusive') => ({ support });
  const entry = (cls: 'bug' | 'deliberate') => ({ class: cls }) as never;
  it.each([
    ['implements', 'lacks', undefined, 'reference'],
    ['implements', 'other', undefined, 'reference'],
    ['implements', 'implements', undefined, 'variant'],
    ['lacks', 'implements', undefined, 'bug'],
    ['lacks', 'implements', 'deliberate', 'deliberate'],
    ['lacks', 'lacks', undefined, 'variant'],
    ['other', 'implements', undefined, 'unexplained'],
    ['other', 'lacks', 'bug', 'bug'],
    ['inconclusive', 'implements', undefined, 'inconclusive'],
    ['implements', 'inconclusive', undefined, 'inconclusive'],
  ] as const)('mine %s, theirs %s, entry %s → %s', (mine, theirs, cls, want) => {
    expect(classifyAgreement(false, 'cells', m(mine), m(theirs), cls ? entry(cls) : undefined).class).toBe(want);
  });
  it('the same answer is "same" whatever the marks', () => {
    expect(classifyAgreement(true, 'none', m('lacks'), m('lacks'), undefined).class).toBe('same');
  });
});

const registry = parseDivergences(
  `divergences:
  - probe: p.odd
    target: kitty
    answer: "7;7"
    class: deliberate
    reason: kitty answers 7;7 on purpose.
    intent: docs https://example.org/kitty says 7;7 is its choice
    evidence: [https://example.org/kitty]
  - probe: p.odd
    target: vte
    versions: ">=0.70"
    answer: "8;8"
    class: bug
    reason: VTE answers 8;8.
    evidence: [https://example.org/vte]
  - probe: p.lack
    target: kitty
    answer: "1;2"
    class: deliberate
    reason: kitty chose this.
    intent: changelog kitty 1.0 says it chose 1;2
    evidence: [https://example.org/k2]
  - probe: p.*
    target: tmux
    answer: ["7;7", "1;2"]
    class: bug
    reason: tmux answers so.
    evidence: [https://example.org/t]
  - probe: p.odd
    target: nobody
    answer: "1;1"
    class: bug
    reason: No results for this target.
    evidence: [https://example.org/none]
`,
  'test.yaml',
);

describe('the comparison', () => {
  const xtermJs = fakeRun('xterm.js', { 'p.same': '1;1', 'p.lack': '1;1', 'p.odd': '3;1', 'p.alt': '4;1' });
  const xterm = fakeRun('xterm', { 'p.same': '1;1', 'p.lack': '1;1', 'p.odd': '3;3', 'p.alt': '4;1' });
  const kitty = fakeRun('kitty', { 'p.same': '1;1', 'p.lack': '1;2', 'p.odd': '7;7', 'p.alt': '5;5' });
  const gnome = fakeRun('gnome-terminal', { 'p.same': '1;1', 'p.lack': '1;2', 'p.odd': '8;8', 'p.alt': '4;2' }, '3.46.8', { name: 'vte', version: '0.70.6' });
  const tilix = fakeRun('tilix', { 'p.same': '1;1', 'p.lack': '1;2', 'p.odd': '8;8', 'p.alt': '4;2' }, '1.9.5', { name: 'vte', version: '0.70.6' });
  const runs = [xtermJs, xterm, kitty, gnome, tilix];
  const against = (view: typeof xterm) => buildComparison(runs, { view, source: 'given', notes: [] }, registry, lookup);

  it('gives the same marks and scores against any emulator; only agreement changes', () => {
    const a = against(xtermJs);
    const b = against(xterm);
    const marks = (c: typeof a) => Object.fromEntries(c.columns.map((v, i) => [v.label, c.rows.map((r) => r.cells[i]!.support.support)]));
    expect(marks(b)).toEqual(marks(a));
    const scores = (c: typeof a) => Object.fromEntries(c.summaries.map((s) => [s.label, s.score]));
    expect(scores(b)).toEqual(scores(a));
    expect(scores(a)['kitty 1.0']).toBe(33.3); // 1 implements of 3 conclusive (p.alt is inconclusive)
  });

  it('classifies each difference from the marks, the registry separating bug from deliberate', () => {
    const c = against(xtermJs);
    const cell = (label: string, id: string) => c.rows.find((r) => r.id === id)!.cells[c.columns.findIndex((v) => v.label === label)]!;
    expect(cell('xterm 1.0', 'p.odd').agreement?.class).toBe('reference');
    expect(cell('kitty 1.0', 'p.lack').agreement?.class).toBe('deliberate');
    expect(cell('gnome-terminal 3.46.8', 'p.lack').agreement?.class).toBe('bug');
    expect(cell('kitty 1.0', 'p.odd')).toMatchObject({ support: { support: 'other' }, agreement: { class: 'deliberate' } });
    expect(cell('tilix 1.9.5', 'p.odd').entry?.target).toBe('vte');
    expect(cell('gnome-terminal 3.46.8', 'p.alt').agreement?.class).toBe('variant');
    expect(cell('kitty 1.0', 'p.alt').agreement?.class).toBe('inconclusive');
    expect(c.unexplained).toEqual({ cells: 0, of: 7 });
  });

  it('counts engines, not packages: the two VTE front ends are one engine', () => {
    const c = against(xtermJs);
    const lack = c.rows.find((r) => r.id === 'p.lack')!.consensus;
    expect(lack.engines.map((e) => e.engine).sort()).toEqual(['kitty', 'vte', 'xterm', 'xterm.js']);
    expect(describeImplemented(lack)).toBe('implemented by 2 of 4 engines');
    expect(c.engineCount).toBe(4);
  });
});

describe('screens are compared pairwise at the deepest level both have', () => {
  it('a run without read-back does not hide a screen difference between two runs with cells', () => {
    const screen = (text: string) => ({ via: 'hosted' as const, region: { top: 1, left: 1, bottom: 1, right: 2 }, text: [text], cells: [[...text.padEnd(2)].map((t) => ({ t, w: 1 }))] });
    const ref = fakeRun('xterm.js', { 'p.screen': '1;1' });
    const other = fakeRun('ghostty', { 'p.screen': '1;1' });
    const blind = fakeRun('alacritty', { 'p.screen': '1;1' });
    ref.result('p.screen')!.screen = screen('ab');
    other.result('p.screen')!.screen = screen('');
    const c = buildComparison([ref, other, blind], { view: ref, source: 'given', notes: [] }, registry, lookup);
    const row = c.rows[0]!;
    expect(row.cells[1]).toMatchObject({ support: { support: 'lacks' }, agreement: { class: 'bug', level: 'cells' } });
    expect(row.cells[2]).toMatchObject({ support: { support: 'inconclusive', why: 'screen-unread' }, agreement: { class: 'same', level: 'none' } });
  });
});

describe('score', () => {
  it('is the share of implements among conclusive marks', () => {
    expect(scoreOf({ implements: 3, lacks: 1, other: 0 })).toBe(75);
    expect(scoreOf({ implements: 1, lacks: 1, other: 1 })).toBe(33.3);
    expect(scoreOf({ implements: 0, lacks: 0, other: 0 })).toBeNull();
  });
});

describe('stale entries', () => {
  const kitty = fakeRun('kitty', { 'p.odd': '7;7', 'p.lack': '1;2' });
  const tmux = fakeRun('tmux', { 'p.odd': '7;7', 'p.lack': '1;2', 'p.same': '1;1' });
  it('an entry is live while its answers are given; entries without results are not checked', () => {
    const out = findStaleEntries(registry, [kitty, tmux], marker());
    expect(out.stale).toEqual([]);
    expect(out.live.map((e) => e.index)).toEqual([1, 3, 4]);
    expect(out.unchecked.map((e) => e.index)).toEqual([2, 5]);
  });

  it('goes stale when the answer changes, when it classifies nothing, or when an answer it names is no longer given', () => {
    const changed = fakeRun('kitty', { 'p.odd': '6;6', 'p.lack': '1;1' });
    const why = findStaleEntries(registry, [changed], marker()).stale.map((s) => [s.entry.index, s.why]);
    expect(why).toEqual([
      [1, 'kitty 1.0 answers p.odd "6;6", not "7;7" as the entry states'],
      [3, 'classifies no cell: kitty 1.0 answers p.lack "1;1", which implements it'],
    ]);
    const half = fakeRun('tmux', { 'p.odd': '7;7', 'p.lack': '1;1' });
    expect(findStaleEntries(registry, [half], marker()).stale.map((s) => s.why)).toEqual(['no run it covers answers "1;2" any more']);
    const absorbed = fakeRun('tmux', { 'p.odd': '7;7', 'p.lack': '1;2', 'p.alt': '9;9' });
    expect(findStaleEntries(registry, [absorbed], marker()).stale.map((s) => s.why)).toEqual(['tmux 1.0 answers p.alt "9;9", not one of "7;7", "1;2" as the entry states']);
  });
});

describe('evidence at the measured version', () => {
  const table: ReleaseTable = {
    about: 'test table of measured releases',
    source: 'written by hand for this test',
    repositories: {
      'kovidgoyal/kitty': { product: 'kitty', releases: { '0.26.5': { tag: 'v0.26.5', commit: '72f92b395fc08436ed95b34936aa9e6cc7040d86' } } },
      'sources.debian.org/kitty': { product: 'kitty', releases: { '0.26.5': { tag: '0.26.5-5', source: 'the Debian source package' } } },
      'gnome/vte': { product: 'vte', releases: { '0.70.6': { tag: '0.70.6' } } },
    },
  };
  const reg = parseDivergences(
    `divergences:
  - probe: p.odd
    target: kitty
    answer: "7;7"
    class: deliberate
    reason: See the links.
    intent: 'comment https://github.com/kovidgoyal/kitty/blob/v0.25.0/kitty/screen.c#L1 "on purpose"'
    evidence:
      - https://github.com/kovidgoyal/kitty/blob/v0.26.5/kitty/screen.c#L1
      - https://github.com/kovidgoyal/kitty/blob/v0.30.0/kitty/screen.c#L1
      - https://github.com/kovidgoyal/kitty/blob/master/kitty/screen.c#L1
      - https://github.com/kovidgoyal/kitty/blob/72f92b3/kitty/screen.c#L1
      - https://github.com/kovidgoyal/kitty/blob/72f92b395fc08436ed95b34936aa9e6cc7040d86/kitty/screen.c#L1
      - https://github.com/kovidgoyal/kitty/blob/0000000000000000000000000000000000000000/kitty/screen.c#L1
      - https://sources.debian.org/src/kitty/0.26.5-5/kitty/screen.c/#L1
      - https://sources.debian.org/src/kitty/0.26.4-1/kitty/screen.c/#L1
      - https://gitlab.gnome.org/GNOME/vte/-/blob/0.70.6/src/vteseq.cc
      - https://gitlab.gnome.org/GNOME/vte/-/blob/0.72.0/src/vteseq.cc
      - https://github.com/someone/else/blob/v1.0/x.c#L1
      - https://github.com/kovidgoyal/kitty/issues/1
`,
    'ev.yaml',
  );
  const problems = checkEvidence(reg.entries, [fakeRun('kitty', { 'p.odd': '7;7' }, '0.26.5')], table).map((p) => p.problem);

  it('takes only the tag or the commit of the release measured, from the pinned table (its own rows when no run of the terminal is at hand), and skips no repository', () => {
    expect(problems).toEqual([
      expect.stringMatching(/v0\.30\.0, which is not the release measured \(kitty 0\.26\.5: tag v0\.26\.5, commit 72f92b39/),
      expect.stringMatching(/branch "master"/),
      expect.stringMatching(/names commit 72f92b3: pin links to the full 40-hex commit/),
      expect.stringMatching(/cites 0000000000000000000000000000000000000000, which is not the release measured/),
      expect.stringMatching(/sources\.debian\.org.* cites 0\.26\.4-1, which is not the release measured \(kitty 0\.26\.5: tag 0\.26\.5-5\)/),
      expect.stringMatching(/0\.72\.0\/src\/vteseq\.cc cites 0\.72\.0, which is not the release measured \(vte 0\.70\.6: tag 0\.70\.6\)/),
      expect.stringMatching(/someone\/else is not in the table of measured releases/),
      expect.stringMatching(/screen\.c#L1 cites v0\.25\.0, which is not the release measured/),
    ]);
  });

  it('reads the links of a statement of intent as well as the evidence', () => {
    expect(problems.at(-1)).toMatch(/^https:\/\/github\.com\/kovidgoyal\/kitty\/blob\/v0\.25\.0/);
  });

  it('refuses a deliberate entry without a statement of intent, and an intent of no known kind', () => {
    const entry = (extra: string) => `divergences:\n  - probe: p.odd\n    target: kitty\n    answer: "7;7"\n    class: deliberate\n    reason: Chosen.\n    evidence: [https://example.org/x]\n${extra}`;
    expect(() => parseDivergences(entry(''), 'd.yaml')).toThrow(/intent: a deliberate entry cites the maintainers' statement of intent \(changelog, docs, comment, issue, test\); without one the answer is a bug/);
    expect(() => parseDivergences(entry('    intent: because we said so\n'), 'd.yaml')).toThrow(/intent is where the maintainers state the choice/);
    expect(parseDivergences(entry('    intent: changelog kitty 0.12.0 says it is left out on purpose\n'), 'd.yaml').entries).toHaveLength(1);
  });
});

describe('consensus', () => {
  it('skips inconclusive answers', () => {
    const runs = [fakeRun('a', { 'p.alt': '5;5' }), fakeRun('b', { 'p.alt': '4;1' })];
    expect(consensusFor('p.alt', runs, marker()).engines.map((e) => e.engine)).toEqual(['b']);
  });
});
