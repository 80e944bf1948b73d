/**
 * Tests that need an installed program: when it is missing they are skipped
 * with a loud message naming the Debian package, except in CI
 * (process.env.CI === 'true'), where a missing program is a failing test.
 *
 *   describe.skipIf(!haveProgram('tmux', 'tmux'))('tmux target', () => { … });
 */
import { test } from 'vitest';
import { findProgram } from '../targets/common/find-program.js';

export function haveProgram(program: string, pkg: string): boolean {
  if (findProgram(program)) return true;
  const message = `${program} is not installed: apt-get install ${pkg} (or npm run install-terminals)`;
  if (process.env.CI === 'true') {
    test(`${program} is installed (required in CI)`, () => {
      throw new Error(message);
    });
  } else {
    process.stderr.write(`\n*** SKIPPING tests that need ${program}: ${message} ***\n\n`);
  }
  return false;
}

/** Every program present (each missing one reported as haveProgram does). */
export function havePrograms(requirements: readonly { program: string; pkg: string }[]): boolean {
  return requirements.map(({ program, pkg }) => haveProgram(program, pkg)).every(Boolean);
}
