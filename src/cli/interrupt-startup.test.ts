/**
 * Ctrl-C at a random moment of a run's start-up, for each kind of target: the
 * real CLI, SIGINT after a random delay. Whatever the moment — before the target
 * started, while it started, while it was probed, or after the run finished —
 * the CLI must end (a generous deadline catches a hang), exit 130 (or 0 if it
 * had finished; or die of the signal itself if it came before node had set up
 * its handlers or after the run was done, which a shell reports as 130 too),
 * write no file when it says it was interrupted and only whole files otherwise, and leave no process and nothing in its TMPDIR. How fast it
 * ends is measured by the bench (npm run bench -- interrupt), not here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRecipe } from '../targets/gui/gui-recipes.js';
import { requirements } from '../targets/gui/gui-target.js';
import { interruptCli } from '../test-support/interrupt-cli.js';
import { processesOfRun } from '../test-support/processes.js';
import { havePrograms } from '../test-support/require-program.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const TRIES = 4;
/** A hang, not a slow machine: far beyond any start-up. */
const DEADLINE_MS = 60_000;
/** Delays are drawn from 0 to this, from the moment the CLI is spawned: node start, start-up, probing. */
const SPREAD_MS = 1500;

const TARGETS: { target: string; needs: { program: string; pkg: string }[] }[] = [
  { target: 'xterm.js', needs: [] },
  { target: 'tmux', needs: [{ program: 'tmux', pkg: 'tmux' }] },
  { target: 'screen', needs: [{ program: 'screen', pkg: 'screen' }] },
  { target: 'xterm', needs: requirements(findRecipe('xterm')!) },
  { target: 'xfce4-terminal', needs: requirements(findRecipe('xfce4-terminal')!) },
];

async function interruptAfter(target: string, delayMs: number) {
  const tmp = tempDir('termprobe-int-tmp-');
  const out = tempDir('termprobe-int-out-');
  const r = await interruptCli(['run', '--target', target, '--out', out, '-q'], { cwd: tempDir('termprobe-int-cwd-'), tmp, delayMs, deadlineMs: DEADLINE_MS });
  return { ...r, tmp, out };
}

for (const { target, needs } of TARGETS) {
  describe.skipIf(!havePrograms(needs))(`Ctrl-C during ${target}'s start-up`, () => {
    const delays = Array.from({ length: TRIES }, () => Math.round(Math.random() * SPREAD_MS));
    it(`ends with 130 (or 0 when the run had finished) and leaves nothing behind, at ${delays.join(', ')} ms`, async () => {
      for (const delay of delays) {
        const r = await interruptAfter(target, delay);
        const at = `${target}, SIGINT after ${delay} ms`;
        expect(r.code, `${at}: ${r.stderr}`).not.toBe('hung');
        expect([130, 0], `${at}: ${r.stderr}`).toContain(r.code);
        // Interrupted (it says so): no results file. A file: the run had finished, and the file is whole
        // (the signal may still land while the finished process exits, ending it with 130).
        // Pictures (GUI targets) are part of the set: none without the file, each the file names there with it.
        const files = readdirSync(r.out);
        const json = files.filter((f) => f.endsWith('.json'));
        if (r.stderr.includes('termprobe: interrupted by SIGINT')) expect(files, at).toEqual([]);
        else if (r.code === 0) expect(json, at).toHaveLength(1);
        for (const file of json) {
          const probes = (JSON.parse(readFileSync(join(r.out, file), 'utf8')) as { probes: { picture?: { path: string } }[] }).probes;
          expect(probes.length, at).toBeGreaterThan(0);
          for (const p of probes) if (p.picture) expect(existsSync(join(r.out, p.picture.path)), at).toBe(true);
        }
        expect(processesOfRun(r.tmp, r.pid), at).toEqual([]);
        expect(existsSync(r.tmp) ? readdirSync(r.tmp) : [], at).toEqual([]);
      }
    }, TRIES * (DEADLINE_MS + 5000));
  });
}
