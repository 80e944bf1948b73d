/**
 * Terminals whose DA1 sentinel termprobe's pipe answers (Emacs term.el, dvtm), fed
 * probes that make them swallow a query: dvtm keeps a CSI open until a letter
 * (CSI 1 ' } takes the CSI 6 n after it), term.el runs everything from SUB to the
 * next LF as an Emacs command. Pipelined, every other probe still gets its own
 * answer, the same as one at a time, and none waits for a sentinel that never comes
 * (the pipe once matched replies to queries by counting, and one swallowed query
 * shifted every later answer by a probe).
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import { findHostedRecipe } from '../targets/hosted/hosted-recipes.js';
import { hostedTarget } from '../targets/hosted/hosted-target.js';
import type { TargetSession } from '../targets/target.js';
import { havePrograms } from '../test-support/require-program.js';
import { runProbes } from './run-probes.js';

const size = { cols: 80, rows: 24 };
const probe = (id: string, send: string): Probe => ({ id, category: 't', file: 'test', title: id, description: 'test probe', spec: 'ECMA-48 test', send, query: ['cursor'], expect: { implements: {} } });

/** Moves to distinct places, with a swallowing probe between each two. */
const PROBES: Probe[] = Array.from({ length: 4 }, (_, i) => [
  probe(`move-${i}`, `\\e[${i + 2};${i + 5}H`),
  probe(`decic-${i}`, "\\e[2;4H\\e[1'}"),
  probe(`sub-${i}`, '\\e[5\\x1aC'),
  probe(`lf-${i}`, '\\e[1;10H\\e[5\\nC'),
]).flat();

const sessions: TargetSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

for (const [id, base] of [['dvtm', 1], ['emacs', 0]] as const) {
  const recipe = findHostedRecipe(id)!;
  describe.skipIf(!havePrograms(recipe.requirements))(`${id}, given probes that make it swallow a query`, () => {
    test('answers each other probe with its own reply, pipelined as one at a time', async () => {
      const answers: string[][] = [];
      for (const window of [64, 1]) {
        const session = await hostedTarget(recipe).open({ cols: 80, rows: 24, options: {} });
        sessions.push(session);
        const run = await runProbes(session, PROBES, { size, window });
        expect(run.stalled, `window ${window}`).toBeUndefined();
        expect(run.results.filter((r) => r.status !== 'ok').map((r) => r.id), `window ${window}`).toEqual([]);
        // dvtm reports 0-based: \e[2;5H answers 1;4.
        for (let i = 0; i < 4; i++) expect(run.results.find((r) => r.id === `move-${i}`)?.cursor?.raw, `window ${window}`).toBe(`\\e[${i + 2 - base};${i + 5 - base}R`);
        answers.push(run.results.map((r) => `${r.id} ${r.cursor?.raw ?? 'none'}`));
        await session.close();
      }
      expect(answers[0]).toEqual(answers[1]);
    }, 60_000);
  });
}
