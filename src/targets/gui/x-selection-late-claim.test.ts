/**
 * A drag the terminal takes only after the read-back stopped waiting for it (a loaded machine): the read-back must
 * not drag again over it. A second drag is then taken too, and termprobe, which takes PRIMARY back after the first,
 * is left without it: the terminal still owned PRIMARY after the read (alacritty in CI, selection-read.test.ts). Here
 * the read-back waits no time at all for a claim, so every claim comes late: each read must still give the screen's
 * text, and PRIMARY must be termprobe's again after each read, once the terminal has handled everything it was sent.
 * (Mostly the terminal claims once a read; beside the whole suite and two busy loops it once claimed twice, the read-back
 * having seen it asleep in its event loop before it handled the drag, and the read took PRIMARY back after both.)
 */
import { describe, expect, test } from 'vitest';
import type { Probe } from '../../corpus/probe-schema.js';
import { runProbes } from '../../engine/run-probes.js';
import { havePrograms } from '../../test-support/require-program.js';
import { useOwnTmpdir } from '../../test-support/own-tmpdir.js';
import { untilInEventLoop } from './event-loop-wait.js';
import { findRecipe } from './gui-recipes.js';
import { guiTarget, requirements } from './gui-target.js';
import type { GuiSession } from './gui-session.js';
import { MouseModeTracker } from './mouse-mode-tracker.js';
import { X11Client } from './x11-client.js';
import { createHelperWindow, getSelectionOwner, sync, watchSelectionOwner } from './x11-requests.js';
import { XSelectionReader } from './x-selection-read.js';

const sessions = useOwnTmpdir('termprobe-late-claim-test-');
const size = { cols: 80, rows: 24 };
const READS = 8;

function probe(id: string, send: string): Probe {
  return { id, category: 'test', file: '(test)', title: id, description: 'a read-back test probe', spec: 'xterm ctlseqs (test)', send, query: ['cursor'], expect: { implements: {} } };
}

const recipe = findRecipe('alacritty')!;
describe.skipIf(!havePrograms(requirements(recipe)))('selection read-back, a claim that comes late: alacritty', () => {
  test(`${READS} reads, each claim late: the screen's text, and PRIMARY termprobe's again after each`, async () => {
    const session = (await guiTarget(recipe).open({ ...size, options: {} })) as GuiSession;
    sessions.push(session);
    const display = session.parts.displayEnv!['DISPLAY']!;
    const ownPids = session.processes().filter((p) => p.own).map((p) => p.pid);
    expect(ownPids.length).toBeGreaterThan(0);
    const controller = new AbortController();
    const reader = new XSelectionReader({
      display,
      exchange: (bytes) => session.exchange(bytes, 10_000),
      listen: (sink) => session.listen(sink),
      multiClick: 'other-button',
      mouseModes: new MouseModeTracker(),
      ownPids: () => ownPids,
      takeLimitMs: 0,
      signal: controller.signal,
    });
    // PRIMARY's owners as they change, seen from a connection of the test's own.
    const watcher = await X11Client.open(display);
    try {
      const xfixes = (await watchSelectionOwner(watcher, createHelperWindow(watcher)))!;
      const owners: number[] = [];
      watcher.onEvent((ev) => ev.code === xfixes.firstEvent && owners.push(ev.bytes.readUInt32LE(8)));
      for (let i = 0; i < READS; i++) {
        expect((await runProbes(session, [probe(`test.line-${i}`, `\\e[2J\\e[1;1Hline ${i}`)], { size })).results[0]?.status).toBe('ok');
        expect((await reader.read({ top: 1, left: 1, bottom: 2, right: 10 }, size.cols, size.rows)).text).toEqual([`line ${i}`, '']);
        // Everything sent handled: the server has passed the events on, and the terminal sleeps in its event loop.
        await sync(watcher);
        await sync(watcher);
        expect(await untilInEventLoop(ownPids, 10_000)).toBe(true);
        const owner = await getSelectionOwner(watcher);
        // The read-back's helper window took PRIMARY first (when it connected); every other owner is the terminal.
        expect(owner, `owners so far: ${owners.map((o) => o.toString(16)).join(' ')}`).toBe(owners[0]);
      }
    } finally {
      watcher.close();
      reader.close();
      controller.abort();
    }
  }, 120_000);
});
