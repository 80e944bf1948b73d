/**
 * konsole: a paste with control characters opens its confirmation dialog, which takes the keyboard; recovery closes
 * it with Escape and gives the focus back to konsole's window only once the dialog is unmapped. Given back at once,
 * the FocusIn reached konsole before the Escape had closed the dialog, and Qt handed the focus to the dialog
 * (gui-input.ts, recover): in 14 recoveries of 21 the focus then fell back to the root, and what followed
 * (a fresh instance, or shift+Insert and ctrl+shift+v passed on as keys in one full run) differed from run to run.
 * Here every focus change termprobe makes is checked against the windows konsole has mapped and not yet unmapped:
 * none may be open then. Without the wait, recovery's first focus change comes while the dialog is still mapped,
 * every time (it follows the Escape with no wait at all). The pastes after it paste, and no fresh instance is started.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inputSchema, type InputEvent } from '../../corpus/input/input-schema.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { runTarget } from '../../engine/run-target.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { guiLeftovers } from '../../test-support/gui-leftovers.js';
import { havePrograms } from '../../test-support/require-program.js';
import { findRecipe } from './gui-recipes.js';
import { requirements } from './gui-target.js';
import type { X11Client } from './x11-client.js';

/** termprobe's decoy window, the windows mapped and not yet unmapped, and what was open at each focus change. */
const state = vi.hoisted(() => ({ decoy: -1, open: new Set<number>(), opened: 0, focusChanges: [] as { to: number; open: number[] }[] }));

vi.mock('./x-input-requests.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./x-input-requests.js')>();
  return {
    ...real,
    createDecoyWindow: (x: X11Client) => (state.decoy = real.createDecoyWindow(x)),
    watchMaps: (x: X11Client) => {
      real.watchMaps(x);
      x.onEvent((ev) => {
        const window = real.mappedWindow(ev.bytes);
        if (ev.code === real.MAP_NOTIFY && window !== state.decoy) {
          state.open.add(window);
          state.opened++;
        }
        if (ev.code === real.UNMAP_NOTIFY || ev.code === real.DESTROY_NOTIFY) state.open.delete(window);
      });
    },
    setInputFocus: (x: X11Client, window: number) => {
      state.focusChanges.push({ to: window, open: [...state.open] });
      real.setInputFocus(x, window);
    },
  };
});

function probe(id: string, input: InputEvent): Probe {
  return {
    id: `input-test.${id}`, category: 'input-test', file: '(test)', title: id, description: 'an input probe of the dialog test', spec: 'xterm ctlseqs (test)',
    send: '', query: ['cursor'], input: inputSchema.parse(input), expect: { implements: { replies: { input: '' } } },
  };
}

const sent = (r: ProbeResult | undefined) => r?.replies.find((x) => x.query === 'input')?.value;

afterEach(() => {
  expect(guiLeftovers()).toEqual([]);
});

describe.skipIf(!havePrograms(requirements(findRecipe('konsole')!)))("konsole: recovery from its paste confirmation gives the focus back once the dialog is gone", () => {
  it('moves the focus with no dialog open, then pastes on shift+Insert and ctrl+shift+v, with no fresh instance', async () => {
    const probes = [
      probe('control-chars', { paste: { text: 'a\\bb\\ac' } }),
      probe('shift-insert', { paste: { text: 'hello', via: 'shift+Insert' } }),
      probe('ctrl-shift-v', { paste: { text: 'hello', via: 'ctrl+shift+v' } }),
    ];
    const corpus: Corpus = { dir: '(test)', probes, byId: new Map(probes.map((p) => [p.id, p])), categories: ['input-test'], hash: `sha256:${'0'.repeat(64)}` };
    const { results } = await runTarget('konsole', corpus, probes);
    // What happened, said on any failure below: each probe's status, what was sent and its evidence.
    const told = JSON.stringify({ opened: state.opened, focusChanges: state.focusChanges, probes: results.probes.map((r) => ({ id: r.id, status: r.status, note: r.note, sent: sent(r), evidence: r.evidence })), restarts: results.run.restarts }, null, 1);
    // The dialog opened (once per time the paste was made) and recovery moved the focus away and back.
    expect(state.opened, told).toBeGreaterThanOrEqual(1);
    expect(state.focusChanges.filter((c) => c.to === state.decoy).length, told).toBeGreaterThanOrEqual(1);
    expect(state.focusChanges.filter((c) => c.open.length > 0), told).toEqual([]);
    expect(results.probes.map((r) => [r.id.slice(11), r.status, sent(r)]), told).toEqual([
      ['control-chars', 'ok', ''],
      ['shift-insert', 'ok', 'hello'],
      ['ctrl-shift-v', 'ok', 'hello'],
    ]);
    expect(results.probes[0]?.evidence?.['kept'], told).toMatch(/did not come back/);
    expect(results.run.restarts ?? [], told).toEqual([]);
  }, 90_000);
});
