/**
 * `termprobe contribute`: the real CLI on a contributed fixture (a terminal not
 * installed here, on another platform, made with an earlier corpus) and on bad
 * files — each bad one ends with one line naming the file and the place, exit 2,
 * and nothing written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusHistory } from '../corpus/corpus-history.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import type { ResultsFile } from '../results/results-schema.js';
import { ROOT, runCli } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { encodePng } from '../util/png-encode.js';

const tempDir = useTempDirs();
const FIXTURE = join(ROOT, 'src/cli/fixtures/contributed/iterm2-3.5.0-macos.fixture.json');
const fixture = () => JSON.parse(readFileSync(FIXTURE, 'utf8')) as ResultsFile;
const corpus = await loadCorpus();

function contribute(file: string, extra: string[] = []) {
  const out = join(tempDir('termprobe-contribute-'), 'contributed');
  return { out, r: runCli(['contribute', file, '--out', out, ...extra]) };
}

function writeBad(mutate: (r: ResultsFile) => unknown, name = 'bad.json'): string {
  const r = fixture();
  const replaced = mutate(r);
  const path = join(tempDir('termprobe-bad-'), name);
  writeFileSync(path, JSON.stringify(replaced ?? r));
  return path;
}

describe('termprobe contribute', () => {
  it('takes the fixture (iTerm2 on macOS, an earlier corpus), writes it by terminal, version and platform, and prints one line to open a pull request', () => {
    const { out, r } = contribute(FIXTURE);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual(['iterm2-3.5.0-macos.json']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    // Probes whose bytes changed since the fixture's corpus (e.g. a cleanup added) are left out.
    const history = readCorpusHistory();
    const current = history.corpora.find((c) => c.hash === corpus.hash)!;
    const then = history.corpora.find((c) => c.hash === fixture().corpus.hash)!;
    const changed = Object.keys(then.probes).filter((id) => id in current.probes && current.probes[id] !== then.probes[id]).length;
    expect(lines[0]).toMatch(new RegExp(`^termprobe: iTerm2 3\\.5\\.0 on macos: 262 probes, made with an earlier corpus \\(sha256:00d2877b4f24…, 2026-12-02\\): compared on the ${262 - changed} probes it shares with the corpus at hand; ${changed} changed since and 0 removed are left out, \\d+ added since are not run; written to `));
    expect(lines[1]).toMatch(/^To send it: git checkout -b results\/iterm2-3\.5\.0-macos && git add ".*iterm2-3\.5\.0-macos\.json" && git commit -m "Contributed results: iterm2-3\.5\.0-macos" && git push -u origin results\/iterm2-3\.5\.0-macos, then open a pull request for that branch\.$/);
    const written = JSON.parse(readFileSync(join(out, 'iterm2-3.5.0-macos.json'), 'utf8')) as ResultsFile;
    expect(written.run.platform?.os).toBe('macos');
    expect(written.probes.map((p) => p.id)).toEqual(fixture().probes.map((p) => p.id));
  });

  it('the contributed file is its own row in compare, with its platform', () => {
    const { out } = contribute(FIXTURE);
    const r = runCli(['compare', join(out, 'iterm2-3.5.0-macos.json'), join(ROOT, 'results/xterm-379.json'), '--against', join(ROOT, 'results/xterm.js-6.0.0.json'), '-f', 'json']);
    expect(r.code).toBe(0);
    const cmp = JSON.parse(r.stdout) as { targets: { label: string; platform: string | null; name: string }[] };
    const iterm = cmp.targets.find((t) => t.name === 'iTerm2')!;
    expect(iterm).toMatchObject({ label: 'iTerm2 3.5.0 on macos', platform: 'macos' });
    expect(cmp.targets).toHaveLength(3);
  });

  it('takes a file of an earlier corpus in which probes have changed since, and compare judges it on the probes both share', () => {
    // A real run of the corpus at hand, cut down to a corpus of the history in which two probes sent other bytes.
    const history = readCorpusHistory();
    const current = history.corpora.find((c) => c.hash === corpus.hash);
    const older = history.corpora.find((c) => current && Object.entries(c.probes).some(([id, h]) => current.probes[id] !== undefined && current.probes[id] !== h))!;
    const changed = Object.keys(older.probes).filter((id) => current!.probes[id] !== older.probes[id]);
    expect(changed.length).toBeGreaterThan(0);
    const path = writeBad((r) => {
      r.corpus = { hash: older.hash, probes: Object.keys(older.probes).length };
      r.probes = r.probes.filter((p) => p.id in older.probes);
    }, 'older.json');
    const { out, r } = contribute(path);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`compared on the ${Object.keys(older.probes).length - changed.length} probes it shares with the corpus at hand; ${changed.length} changed since`));
    const cmp = runCli(['compare', join(out, 'iterm2-3.5.0-macos.json'), '--against', join(ROOT, 'results/xterm.js-6.0.0.json'), '-f', 'json']);
    expect(cmp.stderr).toContain(`${changed.length} probes changed since (${changed[0]}`);
    const rows = (JSON.parse(cmp.stdout) as { probes: { id: string; cells: Record<string, { support: string; inconclusive?: { why: string } }> }[] }).probes;
    for (const id of changed) expect(rows.find((p) => p.id === id)!.cells['iTerm2 3.5.0 on macos']!.inconclusive?.why).toBe('not-run');
  });

  const BAD: [string, () => string, RegExp][] = [
    ['a corpus hash from the future', () => writeBad((r) => void (r.corpus.hash = `sha256:${'f'.repeat(64)}`)), /corpus\.hash: sha256:ffffffffffff… is not a corpus this termprobe knows/],
    ['a newer termprobe', () => writeBad((r) => void (r.tool.version = '99.0.0')), /tool\.version: made by termprobe 99\.0\.0, newer than this one/],
    ['a missing identity', () => writeBad((r) => void (r.target.identity = { name: 'unknown', version: 'unknown', identifiedBy: 'unknown', chain: {} })), /target\.identity\.name: the terminal is not named/],
    ['an empty identity chain', () => writeBad((r) => void (r.target.identity.chain = {})), /target\.identity\.chain: empty/],
    ['a wrong schema version', () => writeBad((r) => ({ ...r, schema: 'termprobe-results/2' })), /schema is "termprobe-results\/2", expected "termprobe-results\/1"/],
    ['10,000 probes', () => writeBad((r) => void (r.probes = Array.from({ length: 10_000 }, (_, i) => ({ id: `cursor.p${i}`, status: 'no-reply' as const, replies: [] })))), /probes: holds 10000 entries, but its corpus sha256:00d2877b4f24… has 262 probes/],
    ['10,001 probes', () => writeBad((r) => void (r.probes = Array.from({ length: 10_001 }, (_, i) => ({ id: `cursor.p${i}`, status: 'no-reply' as const, replies: [] })))), /holds 10001 probe entries; a results file holds at most 10000/],
    ['a probe its corpus never had', () => writeBad((r) => void (r.probes[3]!.id = 'cursor.made-up')), /probes\[3\]: "cursor\.made-up" is not a probe of its corpus/],
    ['an answer with no raw reply', () => writeBad((r) => void delete r.probes.find((p) => p.replies.some((x) => x.raw))!.replies.find((x) => x.raw)!.raw), /probes\[\d+\] \([\w.-]+\): reply to [\w:?]+: value "[^"]*" has no raw reply/],
    ['a cursor its raw reply does not say', () => writeBad((r) => void (r.probes[0]!.cursor!.row = 17)), /probes\[0\] \([\w.-]+\): cursor: recorded as 17;\d+, but its raw reply/],
    ['no platform', () => writeBad((r) => void delete r.run.platform), /run\.platform: not recorded .* --platform/],
    ['not JSON', () => {
      const p = join(tempDir('termprobe-bad-'), 'cut.json');
      writeFileSync(p, readFileSync(FIXTURE, 'utf8').slice(0, 500));
      return p;
    }, /cut\.json: /],
  ];

  it.each(BAD)('refuses %s: one line naming the file, exit 2, nothing written', (_what, make, message) => {
    const file = make();
    const { out, r } = contribute(file);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it('a file without a platform is taken when the contributor names it', () => {
    const { out, r } = contribute(writeBad((r) => void delete r.run.platform), ['--platform', 'windows']);
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual(['iterm2-3.5.0-windows.json']);
  });

  describe('with pictures', () => {
    const png = encodePng(4, 2, new Uint8Array(4 * 2 * 3).fill(200));
    /** The fixture with a picture for its first probe, beside it as `pictures/from-elsewhere/<probe>.png`; `write` false: the PNG is missing. */
    function withPicture(write = true): { file: string; probe: string } {
      const dir = tempDir('termprobe-contribute-pictures-');
      const r = fixture();
      const probe = r.probes[0]!.id;
      r.probes[0]!.picture = { path: `pictures/from-elsewhere/${probe}.png`, width: 4, height: 2 };
      const file = join(dir, 'from-elsewhere.json');
      writeFileSync(file, JSON.stringify(r));
      mkdirSync(join(dir, 'pictures', 'from-elsewhere'), { recursive: true });
      if (write) writeFileSync(join(dir, 'pictures', 'from-elsewhere', `${probe}.png`), png);
      return { file, probe };
    }

    it('carries them along beside the contributed file, and names them in the line to send it', () => {
      const { file, probe } = withPicture();
      const { out, r } = contribute(file);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(readdirSync(out).sort()).toEqual(['iterm2-3.5.0-macos.json', 'pictures']);
      expect(readFileSync(join(out, 'pictures', 'iterm2-3.5.0-macos', `${probe}.png`)).equals(png)).toBe(true);
      const written = JSON.parse(readFileSync(join(out, 'iterm2-3.5.0-macos.json'), 'utf8')) as ResultsFile;
      expect(written.probes.find((p) => p.id === probe)?.picture).toEqual({ path: `pictures/iterm2-3.5.0-macos/${probe}.png`, width: 4, height: 2 });
      const [first, second] = r.stdout.trimEnd().split('\n');
      expect(first).toMatch(/\(with 1 picture in .*pictures\/iterm2-3\.5\.0-macos\)$/);
      expect(second).toMatch(/git add ".*iterm2-3\.5\.0-macos\.json" ".*pictures\/iterm2-3\.5\.0-macos" && git commit/);
    });

    it('refuses a picture that is not there: one line naming the file and the probe, exit 2, nothing written', () => {
      const { file, probe } = withPicture(false);
      const { out, r } = contribute(file);
      expect(r.code).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toEqual([`termprobe: ${file}: probe "${probe}": picture pictures/from-elsewhere/${probe}.png cannot be read (ENOENT)`]);
      expect(existsSync(out)).toBe(false);
    });
  });
});
