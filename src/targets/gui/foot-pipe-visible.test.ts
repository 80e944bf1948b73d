/**
 * foot's pipe-visible read-back against the real foot under weston: a screen
 * written with known text (a wide character, blanks, blank rows, a wrapped row,
 * a wide character in the last columns) read whole and in part, and by the
 * engine straight after each probe's sentinel, probe after probe; the key that
 * asks for the text never reaches the program inside (no keystroke arrives) and
 * leaves the cursor and the SGR state to the next probe. Nothing is left behind.
 */
import { describe, expect, test } from 'vitest';
import type { Probe } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import { useOwnTmpdir } from '../../test-support/own-tmpdir.js';
import { havePrograms } from '../../test-support/require-program.js';
import { KNOWN_ROWS, KNOWN_SCREEN } from '../common/known-screen.test-support.js';
import { findRecipe } from './gui-recipes.js';
import { guiTarget, requirements } from './gui-target.js';

const sessions = useOwnTmpdir('termprobe-foot-screen-test-');

function probe(id: string, send: string, extra: Partial<Probe> = {}): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a read-back test probe', spec: 'xterm ctlseqs (test)', send, query: ['cursor'], expect: { implements: {} }, ...extra };
}

const recipe = findRecipe('foot')!;

describe.skipIf(!havePrograms([...requirements(recipe), { program: 'xdotool', pkg: 'xdotool' }]))('foot screen read-back (pipe-visible)', () => {
  test('reads a known screen whole and in part, each probe\'s own, and leaves the terminal as it was', async () => {
    const session = await guiTarget(recipe).open({ cols: 80, rows: 24, options: {} });
    sessions.push(session);
    expect((await session.describe()).settings?.options?.['screen']).toMatch(/^hardcopy \(foot's pipe-visible/);
    const whole = { top: 1, left: 1, bottom: 11, right: 80 };
    const run = await runProbes(session, [probe('test.known', KNOWN_SCREEN, { screen: whole })], { size: { cols: 80, rows: 24 } });
    expect(run.results[0]?.screen).toEqual({ via: 'hardcopy', region: whole, text: KNOWN_ROWS });
    expect((await session.readScreen!({ top: 2, left: 4, bottom: 2, right: 7 })).text).toEqual(['b中c']);
    expect((await session.readScreen!({ top: 10, left: 78, bottom: 10, right: 80 })).text).toEqual(['中q']);
    // Probe after probe, each read straight after its sentinel.
    const region = { top: 1, left: 1, bottom: 4, right: 80 };
    const steps = [1, 2, 3].map((i) => probe(`test.step-${i}`, `\\e[${i};${i}Hstep ${i} \\u{4E2D}|`, { screen: region }));
    const stepped = await runProbes(session, steps, { size: { cols: 80, rows: 24 } });
    stepped.results.forEach((r, n) => {
      const i = n + 1;
      expect(r.screen?.text, `step ${i}`).toEqual([1, 2, 3, 4].map((row) => (row === i ? `${' '.repeat(i - 1)}step ${i} 中|` : '')));
    });
    // Undisturbed: the next probe, without a prelude, writes on from the cursor and in the SGR state left before the read.
    const cell = { top: 4, left: 6, bottom: 4, right: 6 };
    const on = await runProbes(session, [
      probe('test.set', '\\e[H\\e[2J\\e[4;6H\\e[4m', { screen: cell }),
      probe('test.write-on', 'X', { screen: cell, query: ['cursor', 'decrqss:m'] }),
    ], { size: { cols: 80, rows: 24 }, prelude: 'none' });
    expect(on.results[1]?.cursor?.raw).toBe('\\e[4;7R');
    expect(on.results[1]?.screen?.text).toEqual(['X']);
    expect(on.results[1]?.replies.find((r) => r.query === 'decrqss:m')?.raw).toMatch(/^\\eP1\$r0?;?4m\\e\\\\$/);
    expect(run.droppedText + stepped.droppedText + on.droppedText).toBe(0);
  }, 90_000);
});
