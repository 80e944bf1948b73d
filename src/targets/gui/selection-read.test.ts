/**
 * The X selection read-back against real terminals: a screen written with known
 * text — a wide character, blanks inside a row, blank rows, a row that wrapped, a
 * wide character in the last columns — read whole and in part, twice in a row,
 * with mouse reporting left on by the probe; then the screen is changed (a scroll
 * included) and read again, so a read that returns what was there before fails.
 * Afterwards the terminal still answers where its cursor is, its mouse reporting
 * is off, and PRIMARY holds no text of the terminal (the selection was taken
 * back). One terminal per way of reading (toolkit, click counting, curved screen)
 * and a terminal given by command; a read aborted halfway ends the session and,
 * like every session here, leaves no process and no temp dir behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Probe } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import { havePrograms } from '../../test-support/require-program.js';
import { useOwnTmpdir } from '../../test-support/own-tmpdir.js';
import { MARKER_VAR } from '../common/marked-processes.js';
import { customGuiRecipe } from './custom-gui.js';
import { findRecipe, type GuiRecipe } from './gui-recipes.js';
import { guiTarget, requirements } from './gui-target.js';
import type { GuiSession } from './gui-session.js';
import { X11Client } from './x11-client.js';
import { convertSelection, createHelperWindow, EV, internAtom } from './x11-requests.js';

/** Live processes of this test process's sessions, found by the marker in their environment. */
function leftovers(): string[] {
  const prefix = `${MARKER_VAR}=${process.pid}-`;
  return readdirSync('/proc').filter((pid) => {
    try {
      return !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) && readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').some((v) => v.startsWith(prefix));
    } catch {
      return false;
    }
  });
}

// A TMPDIR of this file's own: what the targets leave behind is theirs, never another run's on the machine.
const sessions = useOwnTmpdir('termprobe-selection-test-');

function probe(id: string, send: string, query: string[] = ['cursor']): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a read-back test probe', spec: 'xterm ctlseqs (test)', send, query, expect: { implements: {} } };
}

const KNOWN = `\\e[?1000h\\e[2;3Hab\\u{4E2D}c  d\\e[5;1Hxyz\\e[7;1H${'w'.repeat(80)}v\\e[10;78H\\u{4E2D}q`;
const WHOLE = ['', '  ab中c  d', '', '', 'xyz', '', 'w'.repeat(80), 'v', '', `${' '.repeat(77)}中q`, ''];
/**
 * Mouse reporting on again (the read must switch it off again), clear, three rows, then a scroll region at the top of
 * the screen scrolled by one (a line leaves into the scrollback).
 */
const CHANGED = '\\e[?1002h\\e[2J\\e[1;1Habc\\e[2;1Hdef\\e[3;1H\\u{FF21}gh\\e[1;3r\\e[3;1H\\n\\e[r';

/** Whatever PRIMARY holds now, as another client asking for UTF8_STRING sees it: undefined when refused. */
async function primaryText(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const x = await X11Client.open(env['DISPLAY']!);
  try {
    const window = createHelperWindow(x);
    const property = await internAtom(x, 'TEST_PRIMARY');
    const notified = new Promise<number>((resolve) => x.onEvent((ev) => ev.code === EV.SelectionNotify && resolve(ev.bytes.readUInt32LE(20))));
    convertSelection(x, window, await internAtom(x, 'UTF8_STRING'), property);
    return (await notified) === 0 ? undefined : 'some text';
  } finally {
    x.close();
  }
}

const CASES: { label: string; recipe: () => GuiRecipe }[] = [
  ...['st', 'zutty', 'alacritty', 'gnome-terminal', 'konsole', 'pterm', 'qterminal', 'cool-retro-term'].map((id) => ({ label: id, recipe: () => findRecipe(id)! })),
  { label: 'x11:xterm -e {command} (xterm, read by selection)', recipe: () => customGuiRecipe('x11:xterm -e {command}') },
];

const size = { cols: 80, rows: 24 };

for (const c of CASES) {
  describe.skipIf(!havePrograms(requirements(c.recipe())))(`selection read-back: ${c.label}`, () => {
    test('reads a known screen whole and in part, twice, then a changed one, and leaves the terminal as it was', async () => {
      const session = await guiTarget(c.recipe()).open({ ...size, options: {} });
      sessions.push(session);
      expect((await session.describe()).settings?.options?.['screen']).toMatch(/^selection/);
      const run = await runProbes(session, [probe('test.known', KNOWN)], { size });
      expect(run.results[0]?.status).toBe('ok');
      const whole = await session.readScreen!({ top: 1, left: 1, bottom: 11, right: 80 });
      // The text from the selection; every cell's style from the pixels, where the terminal draws text (not
      // cool-retro-term under the software renderer: its calibration fails), checked in pixels.test.ts.
      expect(whole).toMatchObject({ via: 'selection', region: { top: 1, left: 1, bottom: 11, right: 80 }, text: WHOLE });
      expect(whole.styles).toBe((session as GuiSession).pixels ? 'pixels' : undefined);
      expect((await session.readScreen!({ top: 2, left: 4, bottom: 2, right: 7 })).text).toEqual(['b中c']);
      expect((await session.readScreen!({ top: 10, left: 78, bottom: 10, right: 80 })).text).toEqual(['中q']);
      const changed = await runProbes(session, [probe('test.changed', CHANGED)], { size });
      expect(changed.results[0]?.status).toBe('ok');
      expect((await session.readScreen!({ top: 1, left: 1, bottom: 3, right: 6 })).text).toEqual(['def', 'Ａgh', '']);
      // Undisturbed: the cursor answers, mouse reporting is off, PRIMARY holds no text of the terminal.
      const after = await runProbes(session, [probe('test.after', '\\e[3;3H', ['cursor', 'decrqm:?1000'])], { size });
      expect(after.results[0]?.cursor?.raw).toBe('\\e[3;3R');
      const mode = after.results[0]?.replies.find((r) => r.query === 'decrqm:?1000')?.value;
      if (mode !== undefined) expect(mode).toBe('2');
      expect(await primaryText((session as GuiSession).parts.displayEnv!)).toBeUndefined();
    }, 90_000);
  });
}

/**
 * Reads that leave no after-effect a later probe sees, in the engine's own pipelined run. alacritty 0.11 checks that
 * it owns PRIMARY right after taking it, and a take-back before that check makes it warn in its message bar, which
 * takes rows from its grid (see XSelectionReader.afterClaim); st makes the same check; the VTE terminals are not
 * waited for. Screen probes in a row, each a few characters on a blank screen (quick to select and convert, so a
 * take-back comes soon after the terminal's claim); then CUD 999 must still reach the last row, 18 t (where answered)
 * report the full size, and the terminal's own output hold no warning, error, or word about the clipboard or selection.
 */
const READS = 40;
const AFTER_EFFECT_CASES = [
  { id: 'alacritty', answers18t: true },
  { id: 'st', answers18t: false },
  { id: 'gnome-terminal', answers18t: true },
];
for (const c of AFTER_EFFECT_CASES) {
  const recipe = findRecipe(c.id)!;
  describe.skipIf(!havePrograms(requirements(recipe)))(`selection read-back, after-effects: ${c.id}`, () => {
    test(`${READS} reads in a pipelined run leave the grid whole`, async () => {
      const session = await guiTarget(recipe).open({ ...size, options: {} });
      sessions.push(session);
      const probes: Probe[] = [];
      for (let i = 0; i < READS; i++) {
        const row = (i % 24) + 1;
        probes.push({ ...probe(`test.read-${i}`, `\\e[${row};1Hr${i}`), screen: { top: row, left: 1, bottom: row, right: 4 } });
      }
      probes.push(probe('test.after', '\\e[999B', ['cursor', 'xtwinops:18']));
      const t0 = performance.now();
      const run = await runProbes(session, probes, { size });
      // On a failure, each read's time and what the read-back said of it (a drag not taken, and after how long).
      const how = run.results.slice(0, READS).map((r) => `${r.id}: ${r.screen ? JSON.stringify(r.screen.text[0]) : 'no screen'} in ${r.elapsedMs} ms${r.evidence?.['screen'] ? ` (${r.evidence['screen']})` : ''}`).join('\n');
      expect(run.results.slice(0, READS).map((r) => r.screen?.text[0]), `${READS} reads in ${(performance.now() - t0).toFixed(0)} ms:\n${how}`).toEqual(probes.slice(0, READS).map((_, i) => `r${i}`));
      const after = run.results.at(-1)!;
      expect(after.cursor?.raw).toBe('\\e[24;1R');
      if (c.answers18t) expect(after.replies.find((r) => r.query === 'xtwinops:18')?.value).toBe('8;24;80');
      const log = readFileSync(join(dirname((session as GuiSession).parts.home), 'terminal.log'), 'utf8');
      expect(log.split('\n').filter((line) => /WARN|ERROR|[Cc]lipboard|[Ss]election/.test(line))).toEqual([]);
    }, 90_000);
  });
}

/**
 * Reads right after a switch from the alternate screen back to the main one. qtermwidget maps a selection through a
 * view that follows the screen only on a timer after output, and a switch of screens keeps the view's line: after a
 * read on the alternate screen (its timer then runs there, and puts the view on line 0), the main screen was read from
 * the oldest lines of the scrollback — blank — until the timer ran again (x-view-update.ts; qterminal now runs without
 * scrollback). In the engine's own run, ROUNDS times: a screen read on the alternate screen, then one of text written
 * before a visit to the alternate screen, then one of plain text on the main screen.
 */
const ROUNDS = 10;
for (const id of ['qterminal', 'cool-retro-term']) {
  const recipe = findRecipe(id)!;
  describe.skipIf(!havePrograms(requirements(recipe)))(`selection read-back after a switch of screens: ${id}`, () => {
    test(`${ROUNDS} rounds of alternate screen, back to main, main: every read shows the screen`, async () => {
      const session = await guiTarget(recipe).open({ ...size, options: {} });
      sessions.push(session);
      const region = { top: 1, left: 1, bottom: 2, right: 8 };
      const probes: Probe[] = [];
      const want: string[][] = [];
      for (let i = 0; i < ROUNDS; i++) {
        probes.push({ ...probe(`test.alt-${i}`, 'main\\e[?1049h'), screen: region }, { ...probe(`test.back-${i}`, 'main\\e[?1049hALT\\e[?1049l'), screen: region }, { ...probe(`test.main-${i}`, `p${i}`), screen: region });
        want.push(['', ''], ['main', ''], [`p${i}`, '']);
      }
      const run = await runProbes(session, probes, { size });
      // A read that failed shows why (its evidence) in place of its text.
      expect(run.results.map((r) => r.screen?.text ?? r.evidence?.screen)).toEqual(want);
    }, 90_000);
  });
}

describe.skipIf(!havePrograms(requirements(findRecipe('xfce4-terminal')!)))('selection read-back, aborted', () => {
  test('an abort during a read ends it with the abort, closes the session, and leaves nothing behind', async () => {
    const controller = new AbortController();
    const session = await guiTarget(findRecipe('xfce4-terminal')!).open({ ...size, options: {}, signal: controller.signal });
    sessions.push(session);
    await runProbes(session, [probe('test.known', KNOWN)], { size });
    // The first read connects to the display and finds the grid click by click: abort as it starts.
    const reading = session.readScreen!({ top: 1, left: 1, bottom: 3, right: 10 });
    controller.abort(new Error('cancelled'));
    await expect(reading).rejects.toThrow(/cancelled|closed/);
    await session.close();
    expect(leftovers()).toEqual([]);
  }, 60_000);
});
