/**
 * Each hosted terminal's screen read-back against the real program: a screen
 * written with known text — a wide character, blanks inside a row, blank rows,
 * a row that wrapped, a wide character in the last columns — read whole and in
 * part; read by the engine straight after each probe's sentinel, probe after
 * probe, so a read that lagged behind would show the previous probe's screen;
 * and reads that leave the cursor and the SGR state as they were (the next
 * probe, without a prelude, writes on from there). Nothing is left behind: no
 * process, no socket, no file in a TMPDIR of this file's own.
 */
import { describe, expect, test } from 'vitest';
import type { Probe } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import { processesOfRun } from '../../test-support/processes.js';
import { useOwnTmpdir } from '../../test-support/own-tmpdir.js';
import { havePrograms } from '../../test-support/require-program.js';
import { KNOWN_SCREEN, KNOWN_ROWS } from '../common/known-screen.test-support.js';
import { findHostedRecipe } from './hosted-recipes.js';
import { hostedTarget } from './hosted-target.js';

const sessions = useOwnTmpdir('termprobe-hosted-screens-test-');

function probe(id: string, send: string, extra: Partial<Probe> = {}): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a read-back test probe', spec: 'xterm ctlseqs (test)', send, query: ['cursor'], expect: { implements: {} }, ...extra };
}


interface Case {
  id: string;
  via: 'host-view' | 'outer-screen';
  /** The host program's command line starts so (the process that draws or answers the read). */
  host: string;
  /** The CPR for row 4, column 7 (dvtm's is 0-based: measured, a dvtm bug). */
  cpr: string;
}

const CASES: Case[] = [
  { id: 'neovim', via: 'host-view', host: 'nvim ', cpr: '\\e[4;7R' },
  { id: 'vim', via: 'host-view', host: 'vim ', cpr: '\\e[4;7R' },
  { id: 'emacs', via: 'host-view', host: 'emacs ', cpr: '\\e[4;7R' },
  { id: 'dvtm', via: 'outer-screen', host: 'dvtm ', cpr: '\\e[3;6R' },
  { id: 'mosh', via: 'outer-screen', host: 'mosh-client ', cpr: '\\e[4;7R' },
];

for (const c of CASES) {
  const recipe = findHostedRecipe(c.id)!;
  describe.skipIf(!havePrograms(recipe.requirements))(`${c.id} screen read-back (${c.via})`, () => {
    test('reads a known screen whole and in part, and the engine reads each probe\'s own screen', async () => {
      const session = await hostedTarget(recipe).open({ cols: 80, rows: 24, options: {} });
      sessions.push(session);
      expect((await session.describe()).settings?.options?.['screen']).toMatch(new RegExp(`^${c.via} `));
      const whole = { top: 1, left: 1, bottom: 11, right: 80 };
      const run = await runProbes(session, [probe('test.known', KNOWN_SCREEN, { screen: whole })], { size: { cols: 80, rows: 24 } });
      expect(run.results[0]?.status).toBe('ok');
      expect(run.results[0]?.screen).toMatchObject({ via: c.via, region: whole, text: KNOWN_ROWS });
      expect((await session.readScreen!({ top: 2, left: 4, bottom: 2, right: 7 })).text).toEqual(['b中c']);
      expect((await session.readScreen!({ top: 10, left: 78, bottom: 10, right: 80 })).text).toEqual(['中q']);
      expect((await session.readScreen!({ top: 24, left: 1, bottom: 24, right: 80 })).text).toEqual(['']);
      // Probe after probe, each read straight after its sentinel: a lagging read would show the one before.
      const region = { top: 1, left: 1, bottom: 6, right: 80 };
      const steps = [1, 2, 3, 4, 5].map((i) => probe(`test.step-${i}`, `\\e[${i};${i}Hstep ${i} \\u{4E2D}|`, { screen: region }));
      const stepped = await runProbes(session, steps, { size: { cols: 80, rows: 24 } });
      stepped.results.forEach((r, n) => {
        const i = n + 1;
        expect(r.screen?.text, `step ${i}`).toEqual([1, 2, 3, 4, 5, 6].map((row) => (row === i ? `${' '.repeat(i - 1)}step ${i} 中|` : '')));
      });
    }, 90_000);

    test('a read leaves the cursor and the SGR state to the next probe', async () => {
      const session = await hostedTarget(recipe).open({ cols: 80, rows: 24, options: {} });
      sessions.push(session);
      const cell = { top: 4, left: 6, bottom: 4, right: 6 };
      const run = await runProbes(session, [
        probe('test.set', '\\e[H\\e[2J\\e[1;31m\\e[4;6H', { screen: cell }),
        probe('test.write-on', 'X', { screen: cell }),
      ], { size: { cols: 80, rows: 24 }, prelude: 'none' });
      const [, after] = run.results;
      expect(after?.cursor?.raw).toBe(c.cpr);
      expect(after?.screen?.text).toEqual(['X']);
      // The drawn cells carry styles (outer-screen); the host-view methods here give text only.
      if (c.via === 'outer-screen') expect(after?.screen?.cells?.[0]?.[0]).toEqual({ t: 'X', w: 1, s: { bold: true, fg: 'red' } });
      else expect(after?.screen?.cells).toBeUndefined();
      expect(run.droppedText).toBe(0);
    }, 90_000);

    test('a read that cannot finish (the host is stopped) ends on abort, with the abort\'s reason', async () => {
      const controller = new AbortController();
      const session = await hostedTarget(recipe).open({ cols: 80, rows: 24, options: {}, signal: controller.signal });
      sessions.push(session);
      const host = processesOfRun(process.env['TMPDIR']!, process.pid).find((p) => p.cmd.startsWith(c.host));
      expect(host, `a process running ${c.host}`).toBeDefined();
      process.kill(host!.pid, 'SIGSTOP');
      const reading = session.readScreen!({ top: 1, left: 1, bottom: 1, right: 80 });
      controller.abort(new Error('cancelled by the user'));
      await expect(reading).rejects.toThrow('cancelled by the user');
      await session.close(); // ends the stopped host too (its group gets SIGCONT with SIGTERM)
    }, 90_000);
  });
}
