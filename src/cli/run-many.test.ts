import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resultsFileFor } from '../results/write-results.js';
import { beforeEach, expect, test, vi } from 'vitest';
import type { ResultsFile } from '../results/results-schema.js';
import { TargetStartError, wrongSizeMessage } from '../targets/target-start-error.js';
import { runMany, TargetsFailedError, validateOutcomes, type RunManyOptions } from './run-many.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();

let running = 0;
let most = 0;
const started: string[] = [];

vi.mock('../engine/run-target.js', () => ({
  async runTarget(target: string): Promise<{ results: ResultsFile }> {
    started.push(target);
    most = Math.max(most, ++running);
    await new Promise((r) => setTimeout(r, 20));
    running--;
    if (target === 'narrow') throw new TargetStartError(wrongSizeMessage('narrow', { cols: 79, rows: 23 }, { cols: 80, rows: 24 }));
    const results = {
      schema: 'termprobe-results/1',
      tool: { name: 'termprobe', version: '0' },
      corpus: { hash: `sha256:${'0'.repeat(64)}`, probes: 0 },
      target: { id: target, identity: { name: target, version: '1.0', identifiedBy: 'command', chain: {} } },
      settings: { cols: 80, rows: 24 },
      run: { startedAt: new Date(0).toISOString(), elapsedMs: 1 },
      probes: [],
    } as ResultsFile;
    return { results };
  },
}));

beforeEach(() => {
  running = 0;
  most = 0;
  started.length = 0;
});

function options(outDir: string, extra: Partial<RunManyOptions> = {}): RunManyOptions {
  return { corpus: { probes: [] } as never, probes: [], size: { cols: 80, rows: 24 }, options: new Map(), fileFor: (r) => join(outDir, resultsFileFor(r)), jobs: 2, quiet: true, signal: new AbortController().signal, ...extra };
}

test('runs every target, at most two at once, and reports a wrongly sized one with the size it got while the others run', async () => {
  const out = tempDir('termprobe-many-');
  const outcomes = await runMany(['a', 'narrow', 'b', 'c', 'd'], options(out));
  expect(most).toBe(2);
  expect(outcomes.map((o) => [o.target, o.status])).toEqual([['a', 'done'], ['narrow', 'failed'], ['b', 'done'], ['c', 'done'], ['d', 'done']]);
  expect(outcomes[1]!.reason).toBe('narrow started at the wrong size: 79x23, not 80x24');
  expect(readdirSync(out).sort()).toEqual(['a-1.0.json', 'b-1.0.json', 'c-1.0.json', 'd-1.0.json']);
  expect(() => validateOutcomes(outcomes)).toThrow(new TargetsFailedError('1 of 5 targets failed: narrow (narrow started at the wrong size: 79x23, not 80x24)'));
});

test('targets known to be unavailable are listed, not run, and not failures', async () => {
  const out = tempDir('termprobe-many-');
  const outcomes = await runMany(['a', 'gone'], options(out, { unavailable: new Map([['gone', 'gone is not on PATH (install: apt-get install gone)']]) }));
  expect(started).toEqual(['a']);
  expect(outcomes[1]).toMatchObject({ target: 'gone', status: 'unavailable' });
  expect(() => validateOutcomes(outcomes)).not.toThrow();
});

test('an abort stops starting new targets, and the target it interrupted writes no file', async () => {
  const controller = new AbortController();
  const out = tempDir('termprobe-many-');
  // The abort lands while the first target (20 ms each) is still running.
  setTimeout(() => controller.abort(new Error('interrupted')), 5);
  await expect(runMany(['a', 'b', 'c', 'd'], options(out, { signal: controller.signal, jobs: 1 }))).rejects.toThrow('interrupted');
  expect(started).toEqual(['a']);
  expect(readdirSync(out)).toEqual([]);
});
