/**
 * Test helpers: run the built CLI as a child process (what a user sees) and
 * compare its output with a golden file. UPDATE_GOLDEN=1 rewrites golden files;
 * without it a difference fails the test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { inScratchCwd } from '../test-support/scratch-cwd.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
export const FIX = 'src/report/fixtures';
export const FIXTURE_RUNS = ['xterm.js-6.0.0', 'ghostty-0.4.0', 'screen-4.09.00', 'tmux-3.3a', 'xterm-379'].map((n) => `${FIX}/${n}.json`);
/** Options that keep outputs independent of the shipped corpus and registry. */
export const FROZEN = ['--registry', `${FIX}/divergences.yaml`, '--probes', `${FIX}/probes`];

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string | undefined> = {}): CliRun {
  if (!existsSync(`${ROOT}dist/cli/main.js`)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  // No COLUMNS from the shell that runs the tests: reports fit it when set (width-option.ts).
  const merged: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, COLUMNS: undefined, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  // In a scratch folder of its own: what a user left in the repository root (termprobe-results/) must not change the output.
  const r = inScratchCwd((cwd) => spawnSync(process.execPath, [`${ROOT}bin/termprobe.js`, ...args], { cwd, env: merged, encoding: 'utf8', timeout: 60_000 }));
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function expectGolden(name: string, actual: string): void {
  const file = `${GOLDEN_DIR}${name}`;
  if (process.env.UPDATE_GOLDEN) {
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`golden file src/report/golden/${name} is missing; create it with UPDATE_GOLDEN=1 and review it line by line`);
  expect(actual, `output differs from src/report/golden/${name} (UPDATE_GOLDEN=1 rewrites it; say why in the commit)`).toBe(readFileSync(file, 'utf8'));
}
