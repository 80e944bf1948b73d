/**
 * The X selection read-back against real terminals: a screen written with known
 * text — a wide character, blanks inside a row, blank rows, a row that wrapped, a
 * wide character in the last columns — read whole and in part, twice in a row,
 * with mouse reporting left on by the probe; afterwards the terminal still
 * answers where its cursor is, its mouse reporting is off, and PRIMARY no longer
 * holds its text (the selection was dropped). One terminal per toolkit that
 * uses this method, and a terminal given by command.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import type { Probe } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import { havePrograms } from '../../test-support/require-program.js';
import { customGuiRecipe } from './custom-gui.js';
import { findRecipe, type GuiRecipe } from './gui-recipes.js';
import { guiTarget, requirements } from './gui-target.js';
import type { GuiSession } from './gui-session.js';
import type { TargetSession } from '../target.js';

const HELPERS = [{ program: 'xdotool', pkg: 'xdotool' }, { program: 'xclip', pkg: 'xclip' }, { program: 'xwininfo', pkg: 'x11-utils' }];

const sessions: TargetSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
}, 30_000);

function probe(id: string, send: string, query: string[] = ['cursor']): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a read-back test probe', spec: 'xterm ctlseqs (test)', send, query, expect: { implements: {} } };
}

const KNOWN = `\\e[?1000h\\e[2;3Hab\\u{4E2D}c  d\\e[5;1Hxyz\\e[7;1H${'w'.repeat(80)}v\\e[10;78H\\u{4E2D}q`;
const WHOLE = ['', '  ab中c  d', '', '', 'xyz', '', 'w'.repeat(80), 'v', '', `${' '.repeat(77)}中q`, ''];

const CASES: { label: string; recipe: () => GuiRecipe }[] = [
  ...['st', 'alacritty', 'gnome-terminal', 'xfce4-terminal', 'konsole', 'pterm'].map((id) => ({ label: id, recipe: () => findRecipe(id)! })),
  { label: "x11:xterm -e {command} (xterm, read by selection)", recipe: () => customGuiRecipe('x11:xterm -e {command}') },
];

for (const c of CASES) {
  describe.skipIf(!havePrograms([...requirements(c.recipe()), ...HELPERS]))(`selection read-back: ${c.label}`, () => {
    test('reads a known screen whole and in part, twice, and leaves the terminal as it was', async () => {
      const session = await guiTarget(c.recipe()).open({ cols: 80, rows: 24, options: {} });
      sessions.push(session);
      expect((await session.describe()).settings?.options?.['screen']).toMatch(/^selection/);
      const run = await runProbes(session, [probe('test.known', KNOWN)], { size: { cols: 80, rows: 24 } });
      expect(run.results[0]?.status).toBe('ok');
      const whole = await session.readScreen!({ top: 1, left: 1, bottom: 11, right: 80 });
      expect(whole).toEqual({ via: 'selection', region: { top: 1, left: 1, bottom: 11, right: 80 }, text: WHOLE });
      expect((await session.readScreen!({ top: 2, left: 4, bottom: 2, right: 7 })).text).toEqual(['b中c']);
      expect((await session.readScreen!({ top: 10, left: 78, bottom: 10, right: 80 })).text).toEqual(['中q']);
      // Undisturbed: the cursor answers, mouse reporting is off, the selection is gone from PRIMARY.
      const after = await runProbes(session, [probe('test.after', '\\e[3;3H', ['cursor', 'decrqm:?1000'])], { size: { cols: 80, rows: 24 } });
      expect(after.results[0]?.cursor?.raw).toBe('\\e[3;3R');
      const mode = after.results[0]?.replies.find((r) => r.query === 'decrqm:?1000')?.value;
      if (mode !== undefined) expect(mode).toBe('2');
      const env = (session as GuiSession).parts.displayEnv!;
      expect(execFileSync('xclip', ['-o', '-selection', 'primary'], { env, encoding: 'utf8' })).toMatch(/^termprobe-[0-9a-f]{16}$/);
    }, 90_000);
  });
}
