/**
 * Reply conventions (dvtm reports the cursor 0-based): its cursor answers are
 * judged after the correction, the tables still show the raw report and that it
 * was corrected, a corrected answer never equals another terminal's, and `check`
 * fails as soon as the answers stop matching the convention.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readResults } from '../results/read-results.js';
import { ROOT, runCli } from '../report/cli-test-support.js';
import { loadDivergences, parseDivergences } from './load-divergences.js';
import { makeMarker } from './marks.js';
import { probeLookup } from './probe-lookup.js';
import { applyConventions } from './reply-convention.js';
import { viewRun } from './run-view.js';

const DVTM = join(ROOT, 'results', 'dvtm-0.15+40.g311a8c0.json');
const XTERM = join(ROOT, 'results', 'xterm-379.json');
const SHIPPED = readFileSync(join(ROOT, 'probes', 'divergences', 'dvtm.yaml'), 'utf8');

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A registry folder holding one dvtm.yaml, and optionally a results file. */
function scratch(yaml: string, results?: object): { registry: string; results?: string } {
  const dir = mkdtempSync(join(tmpdir(), 'termprobe-convention-'));
  dirs.push(dir);
  const registry = join(dir, 'divergences');
  mkdirSync(registry);
  writeFileSync(join(registry, 'dvtm.yaml'), yaml);
  if (!results) return { registry };
  const file = join(dir, 'dvtm-0.15+40.g311a8c0.json');
  writeFileSync(file, JSON.stringify(results));
  return { registry, results: file };
}

describe('a reply convention', () => {
  const registry = loadDivergences();
  const dvtm = viewRun(DVTM, readResults(DVTM));
  const xterm = viewRun(XTERM, readResults(XTERM));
  applyConventions([dvtm, xterm], registry);
  const marker = makeMarker(probeLookup());

  it('judges the cursor answers of the terminal it names after the correction, and no one else\'s', () => {
    expect(dvtm.convention?.cursor).toBe('zero-based');
    expect(xterm.convention).toBeUndefined();
    expect(dvtm.result('cursor.cup-zero')?.cursor).toMatchObject({ row: 0, col: 0, raw: '\\e[0;0R' });
    expect(dvtm.judged('cursor.cup-zero')?.cursor).toMatchObject({ row: 1, col: 1, raw: '\\e[0;0R' });
    expect(marker.mark(dvtm, 'cursor.cup-zero').support).toBe('implements');
    expect(marker.mark(xterm, 'cursor.cup-zero').support).toBe('implements');
  });

  it('shows the raw report and the answer it was judged as, and is never the same answer as one given without it', () => {
    expect(dvtm.summary('cursor.cup-zero')).toBe('0;0→1;1');
    expect(dvtm.corrected('cursor.cup-zero')).toBe(true);
    expect(xterm.summary('cursor.cup-zero')).toBe('1;1');
    expect(dvtm.signature('cursor.cup-zero')).not.toBe(xterm.signature('cursor.cup-zero'));
    // A probe answered without a cursor is not corrected.
    expect(dvtm.corrected('xtgettcap.tn')).toBe(false);
    expect(dvtm.summary('xtgettcap.tn')).toBe(viewRun(DVTM, readResults(DVTM)).summary('xtgettcap.tn'));
  });

  it('lives in the file of its target, with its line', () => {
    const parsed = parseDivergences(SHIPPED, 'dvtm.yaml');
    expect(parsed.conventions).toHaveLength(1);
    expect(parsed.conventions[0]).toMatchObject({ target: 'dvtm', line: 5, what: 'convention' });
  });
});

describe('termprobe check on a reply convention', () => {
  it('passes while the answers it is measured by are the ones it states', () => {
    const s = scratch(SHIPPED);
    const r = runCli(['check', '--registry', s.registry, DVTM]);
    expect(r.stdout).toBe('');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 reply convention (1 matches the answers measuring it)');
  });

  it('fails when a run answers a measuring probe otherwise, naming file, line and answer', () => {
    const s = scratch(SHIPPED.replace('answer: "2;6"', 'answer: "2;7"'));
    const r = runCli(['check', '--registry', s.registry, DVTM]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/dvtm\.yaml:5: convention 1 \(dvtm\): stale: dvtm 0\.15\+40\.g311a8c0 answers cursor\.hvp "2;6", not "2;7" as the convention states/);
  });

  it('fails when the terminal starts reporting from 1: the convention no longer matches its answers', () => {
    const fixed = readResults(DVTM);
    for (const p of fixed.probes) if (p.cursor?.row != null && p.cursor.col != null) p.cursor = { ...p.cursor, row: p.cursor.row + 1, col: p.cursor.col + 1, raw: `\\e[${p.cursor.row + 1};${p.cursor.col + 1}R` };
    const s = scratch(SHIPPED, fixed);
    const r = runCli(['check', '--registry', s.registry, s.results!]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/convention 1 \(dvtm\): stale: dvtm 0\.15\+40\.g311a8c0 answers cursor\.cup-zero "1;1", not "0;0" as the convention states/);
    // Restating the measured answers does not help: corrected, they no longer implement the probes.
    const restated = scratch(SHIPPED.replace('answer: "0;0"', 'answer: "1;1"').replace('answer: "2;6"', 'answer: "3;7"'), fixed);
    const again = runCli(['check', '--registry', restated.registry, restated.results!]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/convention 1 \(dvtm\): stale: .*cursor\.cup-zero, "1;1", corrected as the convention says \(1;1→2;2\), does not implement the probe/);
  });

  it('rejects a malformed convention with one line naming file, line and problem (exit 2)', () => {
    const cases: [string, RegExp][] = [
      [SHIPPED.replace('cursor: zero-based', 'cursor: one-based'), /dvtm\.yaml:\d+: convention 1 \(dvtm\): cursor: cursor is one of: zero-based/],
      [SHIPPED.replace('probe: cursor.hvp', 'probe: cursor.no-such-probe'), /dvtm\.yaml:\d+: convention 1 \(dvtm\): measured: probe "cursor\.no-such-probe" is not in the corpus/],
      [SHIPPED.replace(/ {4}measured:\n(?: {6}- .*\n)+/, ''), /dvtm\.yaml:\d+: convention 1 \(dvtm\): measured: required/],
      [SHIPPED.replace('  - target: dvtm\n', '  - target: tmux\n'), /dvtm\.yaml:\d+: convention 1 \(tmux\): target "tmux" in dvtm\.yaml: this file holds entries for "dvtm" only/],
      [SHIPPED.replace('conventions:\n', `conventions:\n${/ {2}- target: dvtm\n[\s\S]*?(?=divergences:)/.exec(SHIPPED)![0]}`), /dvtm\.yaml:\d+: convention 2 \(dvtm\): a second convention for dvtm at versions "0\.15\+40\.g311a8c0"/],
    ];
    for (const [text, want] of cases) {
      const s = scratch(text);
      const r = runCli(['check', '--registry', s.registry, DVTM]);
      expect(r.code, text).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(want);
    }
  });
});
