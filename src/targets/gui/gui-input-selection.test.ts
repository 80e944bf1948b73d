/**
 * A key that pastes finds nothing to paste: xterm's shift+Insert (insert-selection(SELECT, CUT_BUFFER0)) after the
 * selection read-back dragged across a screen (xterm then holds that screen in CUT_BUFFER0, pasted once PRIMARY is
 * refused), or after an earlier event selected text (a drag with mouse tracking off: xterm owns PRIMARY). Every byte
 * xterm sends during the run is kept, not only what lands between a probe's markers: before the fix such a paste
 * came after the markers around the key and fell into a later probe's answer or between two probes (the gate's
 * stray `X` and 23 CRs). The keys after shift+Insert give xterm several rounds of its event loop, so a paste it
 * was going to make has come by the end of the run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inputSchema, type InputEvent } from '../../corpus/input/input-schema.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { probeSession } from '../../engine/run-target.js';
import type { SessionHolder } from '../../engine/run-with-restarts.js';
import type { TargetSession } from '../target.js';
import { loadTarget } from '../registry.js';
import { guiLeftovers } from '../../test-support/gui-leftovers.js';
import { havePrograms } from '../../test-support/require-program.js';
import { findRecipe } from './gui-recipes.js';
import { requirements } from './gui-target.js';

/** xterm given as a command, as the gate runs it: its screens are read through the X selection. */
const TARGET = 'x11:xterm -geometry {cols}x{rows} -e {command}';

const base = { category: 'input-test', file: '(test)', description: 'a probe of the selection test', spec: 'xterm ctlseqs (test)' };

function key(id: string, input: InputEvent, send = ''): Probe {
  return { ...base, id: `input-test.${id}`, title: id, send, query: ['cursor'], input: inputSchema.parse(input), expect: { implements: { replies: { input: '' } } } };
}

/** A screen probe: the read-back drags across the whole screen, which shows `text` in its first row. */
function screen(text: string): Probe {
  return { ...base, id: 'input-test.screen', title: 'screen', send: text, query: ['cursor'], screen: { top: 1, left: 1, bottom: 1, right: text.length }, expect: { implements: { screen: [text] } } };
}

const KEYS = ['a', 'b', 'c', 'd'].map((k) => key(`key-${k}`, { key: k }));
const SHIFT_INSERT = key('shift-insert', { key: 'shift+Insert' });

/** Run the probes in one xterm; what it sent in the whole run besides, and each input probe's answer. */
async function run(probes: Probe[]): Promise<{ all: string; answers: Record<string, string | undefined> }> {
  const corpus: Corpus = { dir: '(test)', probes, byId: new Map(probes.map((p) => [p.id, p])), categories: ['input-test'], hash: `sha256:${'0'.repeat(64)}` };
  const factory = await loadTarget(TARGET);
  const open = async () => {
    const session = await factory.open({ cols: 80, rows: 24, options: {} });
    // Every chunk the terminal sends is also kept here (the engine sets the one listener).
    const tapped: TargetSession = Object.create(session) as TargetSession;
    tapped.onData = (listener) => session.onData((chunk) => {
      chunks.push(Buffer.from(chunk));
      listener(chunk);
    });
    return tapped;
  };
  const chunks: Buffer[] = [];
  const holder: SessionHolder = { current: await open(), reopen: open };
  try {
    const { results } = await probeSession('xterm', holder, corpus, probes, { cols: 80, rows: 24 });
    const answers = Object.fromEntries(results.probes.filter((r) => probes.find((p) => p.id === r.id)?.input).map((r) => [r.id.slice(11), r.replies.find((x) => x.query === 'input')?.value]));
    return { all: Buffer.concat(chunks).toString('latin1'), answers };
  } finally {
    await holder.current.close();
  }
}

afterEach(() => {
  expect(guiLeftovers()).toEqual([]);
});

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))('a key that pastes, in xterm, after something was selected', () => {
  const clean = { 'shift-insert': '', 'key-a': 'a', 'key-b': 'b', 'key-c': 'c', 'key-d': 'd' };

  it('pastes nothing after the selection read-back dragged across a screen (kept in CUT_BUFFER0)', async () => {
    const { all, answers } = await run([screen('read-back'), SHIFT_INSERT, ...KEYS]);
    expect(all).not.toContain('read-back');
    expect(answers).toEqual(clean);
  }, 60_000);

  it('pastes nothing after an earlier event selected text (a drag with mouse tracking off: xterm owns PRIMARY)', async () => {
    const drag = key('drag', { mouse: { action: 'drag', button: 'left', at: [1, 1], to: [8, 1] } }, '\\e[Hselected');
    const { all, answers } = await run([drag, SHIFT_INSERT, ...KEYS]);
    expect(all).not.toContain('selected');
    expect(answers).toEqual({ drag: '', ...clean });
  }, 60_000);
});
