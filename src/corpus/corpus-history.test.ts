import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCorpus, knownCorpusOf, readCorpusHistory, sharedProbes } from './corpus-history.js';
import { loadCorpus } from './load-corpus.js';

const corpus = await loadCorpus();
const history = readCorpusHistory();
const ROOT = new URL('../../', import.meta.url).pathname;

describe('probes/corpus-history.json', () => {
  it('lists each corpus once, oldest first, each with the measurement hash of every probe', () => {
    const hashes = history.corpora.map((c) => c.hash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(history.corpora.length).toBeGreaterThan(1);
    for (const c of history.corpora) {
      expect(c.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
      for (const h of Object.values(c.probes)) expect(h).toMatch(/^[0-9a-f]{16}$/);
    }
    const dates = history.corpora.map((c) => c.date ?? '');
    expect(dates).toEqual([...dates].sort());
  });

  it('records the corpus at hand as it hashes now, when it lists it', () => {
    const listed = history.corpora.find((c) => c.hash === corpus.hash);
    if (listed) expect(listed.probes).toEqual(knownCorpusOf(corpus).probes);
  });

  it('knows the corpus of every published results file (npm run regenerate-results records a new one)', () => {
    const files = ['results', 'results/contributed', 'results/history'].flatMap((d) => {
      try {
        return readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.json')).map((f) => join(ROOT, d, f));
      } catch {
        return [];
      }
    });
    const unknown = files.filter((f) => !findCorpus((JSON.parse(readFileSync(f, 'utf8')) as { corpus: { hash: string } }).corpus.hash, corpus, history));
    expect(unknown).toEqual([]);
  });

  it('splits two corpora into shared, changed, removed and added probes', () => {
    const a = { hash: 'a', probes: { x: '1', y: '2', z: '3' } };
    const b = { hash: 'b', probes: { x: '1', y: '9', w: '4' } };
    expect(sharedProbes(a, b)).toEqual({ shared: ['x'], changed: ['y'], removed: ['z'], added: ['w'] });
  });
});

describe('recording a corpus', () => {
  it('keeps the history oldest first when the corpus at hand was shipped before the last one listed (a branch merged later)', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { recordCorpusHistory } = await import('./record-corpus-history.js');
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-history-test-'));
    try {
      const file = join(dir, 'corpus-history.json');
      const later = { hash: `sha256:${'f'.repeat(64)}`, date: '2999-01-01T00:00:00+00:00', probes: {} };
      writeFileSync(file, JSON.stringify({ corpora: [later] }));
      const { added, history } = await recordCorpusHistory({ file });
      expect(added).toEqual([corpus.hash]);
      expect(history.corpora.map((c) => c.hash)).toEqual([corpus.hash, later.hash]);
      expect(readCorpusHistory(file).corpora.map((c) => c.hash)).toEqual([corpus.hash, later.hash]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
