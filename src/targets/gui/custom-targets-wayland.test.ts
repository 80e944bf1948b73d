/**
 * A Wayland terminal given by command, through the real CLI: the template runs
 * under a private weston, and the terminal is named from its XTVERSION; nothing
 * is left running or in TMPDIR (custom-run-test-support.ts). Apart from
 * custom-targets.test.ts so that the two whole-corpus runs (this one, and xterm's
 * there) run at the same time in two of vitest's workers.
 */
import { describe, expect, test } from 'vitest';
import { havePrograms } from '../../test-support/require-program.js';
import { useTempDirs } from '../../test-support/temp-dirs.js';
import { readResultsJson as read, runCustomTargets } from './custom-run-test-support.js';
import { findRecipe } from './gui-recipes.js';
import { requirements } from './gui-target.js';

const tempDir = useTempDirs();
const run = (targets: string[]) => runCustomTargets(tempDir, targets);

describe.skipIf(!havePrograms(requirements(findRecipe('foot')!)))("--target 'wayland:foot …' (the Wayland twin)", () => {
  test('runs foot under a private weston and names it from its XTVERSION', () => {
    const r = run(['wayland:foot --window-size-chars={cols}x{rows} {command}']);
    expect(r.code, r.stderr).toBe(0);
    const [file] = Object.values(r.files);
    const results = read(file!);
    expect(results.target.identity).toMatchObject({ name: 'foot', identifiedBy: 'xtversion' });
    expect(results.settings.options?.['display']).toMatch(/^weston/);
    expect(results.probes.filter((p) => p.status === 'ok').length).toBeGreaterThan(200);
    // A hang guard, not a speed bound: the whole corpus (input probes and the pixel calibration included) takes foot
    // under weston about 90 s on an idle 2-core machine (npm run regenerate-results), and more under load.
  }, 400_000);
});
