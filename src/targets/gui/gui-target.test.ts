/**
 * GUI terminal targets against the real programs, for a sample of terminals (all
 * 17 run in the bench and in `run --target all`): each opens at 80x24 verified
 * from inside, answers `\e[1;80Hx` + CSI 6n the way that terminal really does,
 * and leaves no process behind — after a normal close and after an abort.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { Probe } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import { havePrograms } from '../../test-support/require-program.js';
import { guiLeftovers as leftovers } from '../../test-support/gui-leftovers.js';
import { findRecipe, type GuiRecipe } from './gui-recipes.js';
import { guiTarget, openGui, requirements, WrongSizeError } from './gui-target.js';
import type { TargetSession } from '../target.js';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const recipe = (id: string): GuiRecipe => findRecipe(id)!;

const sessions: TargetSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  expect(leftovers()).toEqual([]);
}, 30_000);

async function open(id: string): Promise<TargetSession> {
  const session = await guiTarget(recipe(id)).open({ cols: 80, rows: 24, options: {} });
  sessions.push(session);
  return session;
}

function probe(id: string, send: string): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a GUI target test probe', spec: 'xterm ctlseqs (test)', send, query: ['cursor'], expect: { implements: {} } };
}

/** `\e[1;80Hx` then CSI 6n through the engine: the raw CPR. */
async function lastColumnCpr(session: TargetSession): Promise<string | undefined> {
  const run = await runProbes(session, [probe('test.last-column', '\\e[1;80Hx')], { size: { cols: 80, rows: 24 } });
  return run.results[0]?.cursor?.raw;
}

/**
 * What each sampled terminal answers, seen by running them (DESIGN.md's split):
 * xterm, foot, VTE and konsole stay in column 80; qterminal and cool-retro-term
 * report column 81; kitty reports the start of the next row.
 */
const SAMPLE: { id: string; cpr: string; name: string; identifiedBy: string }[] = [
  { id: 'xterm', cpr: '\\e[1;80R', name: 'xterm', identifiedBy: 'xtversion' },
  { id: 'kitty', cpr: '\\e[2;1R', name: 'kitty', identifiedBy: 'xtversion' },
  { id: 'foot', cpr: '\\e[1;80R', name: 'foot', identifiedBy: 'xtversion' },
  { id: 'xfce4-terminal', cpr: '\\e[1;80R', name: 'xfce4-terminal', identifiedBy: 'dpkg' },
  { id: 'konsole', cpr: '\\e[1;80R', name: 'konsole', identifiedBy: 'xtversion' },
  { id: 'qterminal', cpr: '\\e[1;81R', name: 'qterminal', identifiedBy: 'dpkg' },
  { id: 'cool-retro-term', cpr: '\\e[1;81R', name: 'cool-retro-term', identifiedBy: 'dpkg' },
];

for (const sample of SAMPLE) {
  describe.skipIf(!havePrograms(requirements(recipe(sample.id))))(`${sample.id} target`, () => {
    test(`starts at 80x24, identifies itself, and answers \\e[1;80Hx + CSI 6n with ${sample.cpr}`, async () => {
      const session = await open(sample.id);
      const described = await session.describe();
      expect(described.settings).toMatchObject({ cols: 80, rows: 24 });
      expect(described.name).toBe(sample.name);
      expect(described.identifiedBy).toBe(sample.identifiedBy);
      expect(described.chain?.dpkg).toMatch(new RegExp(`^${recipe(sample.id).pkg}=\\S+`));
      expect(described.version).toMatch(/^\d/);
      expect(await lastColumnCpr(session)).toBe(sample.cpr);
    }, 60_000);
  });
}

describe.skipIf(!havePrograms(requirements(recipe('xterm'))))('xterm at the largest --size', () => {
  test('opens at 1000x1000, verified from inside (the check sends the cursor past 999)', async () => {
    const session = await guiTarget(recipe('xterm')).open({ cols: 1000, rows: 1000, options: {} });
    sessions.push(session);
    expect((await session.describe()).settings).toMatchObject({ cols: 1000, rows: 1000 });
    const run = await runProbes(session, [probe('test.corner', '\\e[9999;9999H')], { size: { cols: 1000, rows: 1000 } });
    expect(run.results[0]?.cursor?.raw).toBe('\\e[1000;1000R');
  }, 60_000);
});

describe.skipIf(!havePrograms(requirements(recipe('xterm'))))('xterm screen readback', () => {
  test('DECRQCRA reads text, wide characters, and is not fooled by origin mode', async () => {
    const session = await open('xterm');
    expect((await session.describe()).settings?.options?.['screen']).toMatch(/^decrqcra/);
    const run = await runProbes(session, [probe('test.screen', '\\e[2;5r\\e[?6h\\e[2;2HX\\e[1;1Hab\\u{4E2D}c')], { size: { cols: 80, rows: 24 } });
    expect(run.results[0]?.status).toBe('ok');
    const screen = await session.readScreen!({ top: 1, left: 1, bottom: 3, right: 6 });
    // The text from DECRQCRA, each cell's style from the pixels (pixels.test.ts checks those).
    expect(screen).toMatchObject({ via: 'decrqcra', styles: 'pixels', region: { top: 1, left: 1, bottom: 3, right: 6 }, text: ['', 'ab中c', ' X'] });
    expect(screen.cells?.[1]?.map((c) => c.t)).toEqual(['a', 'b', '中', '', 'c', ' ']);
  }, 60_000);
});

describe.skipIf(!havePrograms(requirements(recipe('kitty'))))('kitty screen readback', () => {
  test('remote control get-text reads the region, columns counted by width', async () => {
    const session = await open('kitty');
    expect((await session.describe()).settings?.options?.['screen']).toMatch(/^remote-control/);
    await runProbes(session, [probe('test.screen', '\\e[2;3Hab\\u{4E2D}cd')], { size: { cols: 80, rows: 24 } });
    expect((await session.readScreen!({ top: 2, left: 4, bottom: 2, right: 7 })).text).toEqual(['b中c']);
    expect((await session.readScreen!({ top: 1, left: 1, bottom: 2, right: 8 }))).toMatchObject({ via: 'remote-control', styles: 'pixels', region: { top: 1, left: 1, bottom: 2, right: 8 }, text: ['', '  ab中cd'] });
  }, 60_000);
});

describe.skipIf(!havePrograms(requirements(recipe('mlterm'))))('mlterm screen readback', () => {
  test('OSC 5379 snapshot: rows counted from the bottom (the file drops leading blank lines and holds the scrollback)', async () => {
    const session = await open('mlterm');
    expect((await session.describe()).settings?.options?.['screen']).toMatch(/^hardcopy/);
    const region = { top: 1, left: 1, bottom: 3, right: 7 };
    await runProbes(session, [probe('test.screen', '\\e[2;2Hab\\u{4E2D}c\\e(0q\\e(B')], { size: { cols: 80, rows: 24 } });
    expect(await session.readScreen!(region)).toMatchObject({ via: 'hardcopy', styles: 'pixels', region, text: ['', ' ab中c─', ''] });
    // Scroll 30 lines into the scrollback, then clear: the screen alone is read.
    await runProbes(session, [probe('test.scroll', `\\e[24;1H${'\\n'.repeat(30)}\\e[2J\\e[3;1Hz`)], { size: { cols: 80, rows: 24 } });
    expect((await session.readScreen!(region)).text).toEqual(['', '', 'z']);
  }, 60_000);
});

describe.skipIf(!havePrograms(requirements(recipe('urxvt'))))('urxvt screen readback', () => {
  test('the perl extension dumps every cell: wide characters, line drawing, a combining mark', async () => {
    const session = await open('urxvt');
    expect((await session.describe()).settings?.options?.['screen']).toMatch(/^hardcopy \(a perl extension/);
    const region = { top: 1, left: 1, bottom: 2, right: 8 };
    await runProbes(session, [probe('test.screen', '\\e[2;2Hab\\u{4E2D}c\\e(0q\\e(Be\\u{301}')], { size: { cols: 80, rows: 24 } });
    const screen = await session.readScreen!(region);
    expect(screen.via).toBe('hardcopy');
    expect(screen.text.map((row) => row.normalize('NFC'))).toEqual(['', ' ab中c─é']);
  }, 60_000);
});

describe.skipIf(!havePrograms(requirements(recipe('xterm'))))('failures end every process', () => {
  test('a terminal at the wrong size fails to open, naming the size it got', async () => {
    const small: GuiRecipe = { ...recipe('xterm'), args: (ctx) => ['-geometry', '70x20', '-e', ...ctx.argv] };
    const error = await openGui(small, { cols: 80, rows: 24, options: {} }, { sizeWaitMs: 300 }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(WrongSizeError);
    expect((error as WrongSizeError).got).toEqual({ cols: 70, rows: 20 });
    expect((error as Error).message).toMatch(/70x20, not 80x24/);
    expect(leftovers()).toEqual([]);
  }, 60_000);

  test('an abort while the terminal starts ends it, its display and its bus', async () => {
    // How far the start has got when the abort lands depends on the machine's load,
    // so abort at several moments: each must leave nothing behind, whether open()
    // rejected or had just resolved (then the abort closes the session).
    for (const id of ['xterm', 'xfce4-terminal']) {
      if (!havePrograms(requirements(recipe(id)))) continue;
      for (const delayMs of [0, 40, 150]) {
        const controller = new AbortController();
        const opening = guiTarget(recipe(id)).open({ cols: 80, rows: 24, options: {}, signal: controller.signal });
        setTimeout(() => controller.abort(new Error('cancelled')), delayMs);
        const outcome: TargetSession | Error = await opening.then((session) => session, (error: unknown) => (error instanceof Error ? error : new Error(String(error))));
        if (outcome instanceof Error) expect(outcome.message).toMatch(/cancelled|abort/i);
        else await outcome.close(); // the abort already started closing it; this waits for that
        expect(leftovers(), `${id}, abort after ${delayMs} ms`).toEqual([]);
      }
    }
  }, 90_000);

  test('an abort during the start-up check (a terminal that runs its command but never answers) ends the open at once', async () => {
    // script(1) gives the relay a pty of the right size and answers nothing: the check waits for a DA1 that never comes.
    const silent: GuiRecipe = { ...recipe('xterm'), id: 'silent', program: 'script', screen: 'none', args: (ctx) => ['-qfec', `stty rows ${ctx.rows} cols ${ctx.cols}; exec ${ctx.command}`, '/dev/null'] };
    const controller = new AbortController();
    // A start-up limit far beyond the test's own timeout: only the abort can end this open.
    const opening = openGui(silent, { cols: 80, rows: 24, options: {}, signal: controller.signal }, { startTimeoutMs: 3_600_000 }).then(() => undefined, (e: unknown) => e);
    // The relay writes its size file once the pty has the size, just before it reports ready.
    while (!readdirSync(tmpdir()).some((d) => d.startsWith('termprobe-silent-relay-') && existsSync(join(tmpdir(), d, 'size')))) await new Promise((r) => setTimeout(r, 20));
    controller.abort(new Error('cancelled'));
    expect(((await opening) as Error).message).toBe('cancelled');
    expect(leftovers()).toEqual([]);
    expect(readdirSync(tmpdir()).filter((d) => d.startsWith('termprobe-silent-'))).toEqual([]);
  }, 60_000);

  test('an abort after the start closes the session', async () => {
    const controller = new AbortController();
    const session = await guiTarget(recipe('xterm')).open({ cols: 80, rows: 24, options: {}, signal: controller.signal });
    sessions.push(session);
    controller.abort(new Error('cancelled'));
    await session.close(); // the same promise the abort started
    expect(leftovers()).toEqual([]);
  }, 60_000);

  test('a terminal that runs at one size only here refuses another up front, saying why', async () => {
    await expect(guiTarget(recipe('terminology')).open({ cols: 100, rows: 30, options: {} })).rejects.toThrow(/^terminology runs only at 80x24 here, not 100x30: under Xvfb its terminal goes to 80x24/);
  });

  test('unknown options are refused, listing none', async () => {
    await expect(guiTarget(recipe('xterm')).open({ cols: 80, rows: 24, options: { colour: 'x' } })).rejects.toThrow(/takes no options/);
  });
});
