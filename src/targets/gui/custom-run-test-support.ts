/**
 * Terminals given by command, run through the real CLI with a private TMPDIR (custom-targets*.test.ts): the
 * results files written, by name, after checking the run left nothing in TMPDIR and nothing running.
 * Pictures are tested in run-pictures.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ResultsFile } from '../../results/results-schema.js';
import { runCli } from '../../test-support/cli.js';
import { processesOfRun } from '../../test-support/processes.js';

export const readResultsJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as ResultsFile;

/** Run targets through the CLI with a private TMPDIR; `tempDir` makes the folders (test-support/temp-dirs.ts). */
export function runCustomTargets(tempDir: (prefix: string) => string, targets: string[]): { code: number | null; stderr: string; files: Record<string, string> } {
  const out = tempDir('termprobe-custom-out-');
  const tmp = tempDir('termprobe-custom-tmp-');
  const r = runCli(['run', ...targets.flatMap((t) => ['--target', t]), '--out', out, '-q'], { env: { TMPDIR: tmp }, timeoutMs: 580_000 });
  expect(readdirSync(tmp), 'nothing left in TMPDIR').toEqual([]);
  expect(processesOfRun(tmp, -1), 'nothing left running').toEqual([]);
  return { code: r.code, stderr: r.stderr, files: Object.fromEntries(readdirSync(out).filter((f) => f.endsWith('.json')).map((f) => [f, join(out, f)])) };
}
