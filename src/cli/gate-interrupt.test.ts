/**
 * A gate interrupted: Ctrl-C (SIGINT) at a random moment of `termprobe gate` —
 * loading, starting the terminal (for an x11: command, twelve xterms on twelve
 * displays at once), probing — ends the CLI with 130 (0 when it had finished),
 * leaves no process of the run, nothing in its TMPDIR and no partial results:
 * the output folder is absent unless the gate finished, and then it is whole.
 * The profiles hold answers for one probe (every other probe is new to them), so
 * a gate starts at once and runs the whole corpus.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRecipe } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import { ROOT, runCli } from '../test-support/cli.js';
import { interruptCli } from '../test-support/interrupt-cli.js';
import { processesOfRun } from '../test-support/processes.js';
import { havePrograms } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const TRIES = 3;
/** A hang, not a slow machine. */
const DEADLINE_MS = 60_000;

const TARGETS = [
  { target: `stdio:node ${join(ROOT, 'dist/adapters/xterm-js-adapter.js')}`, needs: [], spreadMs: 2500 },
  { target: 'x11:xterm -geometry {cols}x{rows} -e {command}', needs: requirements(findRecipe('xterm')!), spreadMs: 4000 },
];

/** A profile holding the target to its answer for one probe. */
function profileFor(target: string): string {
  const dir = tempDir('termprobe-gate-int-');
  const r = runCli(['run', '--target', target, '--probe', 'reports.da1', '--out', join(dir, 'answers.json'), '-q'], { cwd: dir, timeoutMs: 120_000 });
  expect(r.stderr).toBe('');
  writeFileSync(join(dir, 'termprobe.yaml'), `profile: 1\ntarget: ${JSON.stringify(target)}\nanswers: answers.json\n`);
  return dir;
}

async function interruptAfter(dir: string, delayMs: number) {
  const tmp = tempDir('termprobe-gate-int-tmp-');
  const out = join(dir, `out-${delayMs}`);
  const r = await interruptCli(['gate', '--out', out], { cwd: dir, tmp, delayMs, deadlineMs: DEADLINE_MS });
  return { ...r, tmp, out };
}

for (const { target, needs, spreadMs } of TARGETS) {
  describe.skipIf(!havePrograms(needs))(`Ctrl-C during termprobe gate on ${target.split(' ')[0]}`, () => {
    let dir: string;
    beforeAll(() => {
      dir = profileFor(target);
    }, 180_000);
    const delays = Array.from({ length: TRIES }, () => Math.round(Math.random() * spreadMs));
    it(`ends with 130 (or 0 or 1 when it had finished), leaving no process and no partial results, at ${delays.join(', ')} ms`, async () => {
      for (const delay of delays) {
        const r = await interruptAfter(dir, delay);
        const at = `SIGINT after ${delay} ms: ${r.stderr}`;
        expect(r.code, at).not.toBe('hung');
        expect([130, 0, 1], at).toContain(r.code);
        // Interrupted (it says so): no output folder. Finished: the folder is whole, also when the signal landed as the
        // finished process exited (Node has let go of its handlers then, and the signal ends it with 130, unheard).
        const whole = ['gate.sarif', 'junit.xml', 'results.json', 'summary.md'];
        if (r.stderr.includes('termprobe: interrupted by SIGINT')) expect(existsSync(r.out), at).toBe(false);
        else if (r.code !== 130 || existsSync(r.out)) expect(readdirSync(r.out).sort(), at).toEqual(whole);
        expect(processesOfRun(r.tmp, r.pid), at).toEqual([]);
        expect(readdirSync(r.tmp), at).toEqual([]);
      }
    }, TRIES * (DEADLINE_MS + 5000));
  });
}
