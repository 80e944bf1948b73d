/**
 * A run spread over instances answers as one run does: the corpus against the
 * embedded xterm.js in one instance and in three, merged in corpus order, gives
 * the same answer to every probe; screen probes are dealt out evenly; instances
 * that told different terminals apart are refused rather than merged.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/load-corpus.js';
import { answerSignature } from '../results/answer-key.js';
import { dealProbes, mergeShards, runSharded } from './run-sharded.js';

describe('a run spread over several instances', () => {
  it('gives every probe the answer one instance gives, in corpus order', async () => {
    const corpus = await loadCorpus();
    const signal = new AbortController().signal;
    const one = await runSharded('xterm.js', corpus, corpus.probes, { cols: 80, rows: 24, jobs: 1, signal });
    const three = await runSharded('xterm.js', corpus, corpus.probes, { cols: 80, rows: 24, jobs: 3, signal });
    expect(three.probes.map((p) => p.id)).toEqual(corpus.probes.map((p) => p.id));
    expect(three.probes.map(answerSignature)).toEqual(one.probes.map(answerSignature));
    expect(three.settings.options?.['instances']).toBe('3 at once, each on its share of the probes');
    expect(one.settings.options?.['instances']).toBeUndefined();
  }, 120_000);

  it('deals the screen probes out evenly, then the rest', async () => {
    const corpus = await loadCorpus();
    const shares = dealProbes(corpus.probes, 12);
    expect(shares).toHaveLength(12);
    const screens = shares.map((s) => s.filter((p) => p.screen).length);
    expect(Math.max(...screens) - Math.min(...screens)).toBeLessThanOrEqual(1);
    const sizes = shares.map((s) => s.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(shares.flat().map((p) => p.id).sort()).toEqual(corpus.probes.map((p) => p.id).sort());
  });

  it('refuses to merge instances that told different terminals apart', async () => {
    const corpus = await loadCorpus();
    const probes = corpus.probes.slice(0, 4);
    const signal = new AbortController().signal;
    const a = await runSharded('xterm.js', corpus, probes.slice(0, 2), { cols: 80, rows: 24, jobs: 1, signal });
    const b = await runSharded('ghostty', corpus, probes.slice(2), { cols: 80, rows: 24, jobs: 1, signal });
    expect(() => mergeShards([a, b], probes, 1)).toThrow(/told different terminals apart \(xterm\.js 6\.0\.0, ghostty 0\.4\.0\): run it with --instances 1/);
  });
});
