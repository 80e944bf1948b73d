/**
 * Input probes in a real xterm under Xvfb: real X events through termprobe's own X connection (XTEST), the bytes
 * xterm sent recorded raw between two markers. What xterm 379 sends is what ctlseqs says; modes set for one probe
 * never reach the next (each probe's cleanup and the input baseline reset them), whatever the order; the window
 * keeps the focus; nothing is left running.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inputSchema, type InputEvent } from '../../corpus/input/input-schema.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { runTarget } from '../../engine/run-target.js';
import { answerSignature } from '../../results/answer-key.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { guiLeftovers } from '../../test-support/gui-leftovers.js';
import { havePrograms } from '../../test-support/require-program.js';
import { findRecipe } from './gui-recipes.js';
import { requirements } from './gui-target.js';

function probe(id: string, input: InputEvent, send = '', cleanup?: string): Probe {
  return {
    id: `input-test.${id}`, category: 'input-test', file: '(test)', title: id, description: 'an input probe of the GUI test', spec: 'xterm ctlseqs (test)',
    send, ...(cleanup ? { cleanup } : {}), query: ['cursor'], input: inputSchema.parse(input), expect: { implements: { replies: { input: '' } } },
  };
}

const corpusOf = (probes: Probe[]): Corpus => ({ dir: '(test)', probes, byId: new Map(probes.map((p) => [p.id, p])), categories: ['input-test'], hash: `sha256:${'0'.repeat(64)}` });

async function run(probes: Probe[]): Promise<Map<string, ProbeResult>> {
  const { results } = await runTarget('xterm', corpusOf(probes), probes);
  return new Map(results.probes.map((r) => [r.id, r]));
}

const sent = (r: ProbeResult | undefined) => r?.replies.find((x) => x.query === 'input')?.value;

afterEach(() => {
  expect(guiLeftovers()).toEqual([]);
});

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))('input probes in xterm', () => {
  it('records what xterm sends for keys, a click, a paste and a focus change, as ctlseqs says', async () => {
    const results = await run([
      probe('ctrl-shift-f5', { key: 'ctrl+shift+F5' }),
      probe('decckm-up', { key: 'Up' }, '\\e[?1h', '\\e[?1l'),
      probe('keypad-1', { key: 'KP_1', numlock: true }, '\\e=', '\\e>'),
      probe('sgr-click', { mouse: { action: 'click', button: 'left', at: [3, 2] } }, '\\e[?1000h\\e[?1006h', '\\e[?1000l\\e[?1006l'),
      probe('x10-drag', { mouse: { action: 'drag', button: 'left', at: [3, 2], to: [6, 4] } }, '\\e[?1002h', '\\e[?1002l'),
      probe('bracketed-paste', { paste: { text: 'a\\nb' } }, '\\e[?2004h', '\\e[?2004l'),
      probe('focus', { focus: 'out-in' }, '\\e[?1004h', '\\e[?1004l'),
    ]);
    expect([...results.values()].map((r) => [r.id.slice(11), r.status, sent(r)])).toEqual([
      ['ctrl-shift-f5', 'ok', '\\e[15;6~'],
      ['decckm-up', 'ok', '\\eOA'],
      // NumLock on overrides application keypad mode in xterm's PC-style keyboard (ctlseqs, PC-Style Function Keys).
      ['keypad-1', 'ok', '1'],
      ['sgr-click', 'ok', '\\e[<0;3;2M\\e[<0;3;2m'],
      ['x10-drag', 'ok', '\\e[M #"\\e[M@&$\\e[M#&$'],
      ['bracketed-paste', 'ok', '\\e[200~a\\rb\\e[201~'],
      ['focus', 'ok', '\\e[O\\e[I'],
    ]);
    expect(results.get('input-test.ctrl-shift-f5')?.evidence?.['via']).toMatch(/^xtest: keycodes \d+ \d+ \d+$/);
  }, 60_000);

  it('lets no mode a probe set reach the next probe, in any order, also when a probe leaves its mode on', async () => {
    const probes = [
      probe('decckm-up', { key: 'Up' }, '\\e[?1h', '\\e[?1l'),
      probe('up', { key: 'Up' }),
      probe('leaves-decckm-on', { key: 'Down' }, '\\e[?1h'),
      probe('down', { key: 'Down' }),
      probe('mouse-click', { mouse: { action: 'click', button: 'left', at: [2, 2] } }, '\\e[?1000h', '\\e[?1000l'),
      probe('click', { mouse: { action: 'click', button: 'right', at: [2, 2] } }),
      probe('bracketed', { paste: { text: 'x' } }, '\\e[?2004h', '\\e[?2004l'),
      probe('paste', { paste: { text: 'x' } }),
      probe('focus-reports', { focus: 'out-in' }, '\\e[?1004h'),
      probe('focus', { focus: 'out-in' }),
    ];
    const forwards = await run(probes);
    expect(['up', 'down', 'click', 'paste', 'focus'].map((id) => sent(forwards.get(`input-test.${id}`)))).toEqual(['\\e[A', '\\e[B', '', 'x', '']);
    const backwards = await run([...probes].reverse());
    const shuffled = await run([probes[5]!, probes[0]!, probes[9]!, probes[2]!, probes[7]!, probes[1]!, probes[4]!, probes[8]!, probes[3]!, probes[6]!]);
    const sig = (m: Map<string, ProbeResult>) => Object.fromEntries([...m].map(([id, r]) => [id, answerSignature(r)]));
    expect(sig(backwards)).toEqual(sig(forwards));
    expect(sig(shuffled)).toEqual(sig(forwards));
  }, 90_000);

  it('starts afresh after a click that opened a menu (xterm\'s ctrl+click), so the clicks after it reach the terminal', async () => {
    const probes = [
      probe('ctrl-click', { mouse: { action: 'click', button: 'left', at: [3, 2], mods: ['ctrl'] } }),
      probe('sgr-click', { mouse: { action: 'click', button: 'left', at: [4, 3] } }, '\\e[?1000h\\e[?1006h', '\\e[?1000l\\e[?1006l'),
    ];
    const { results } = await runTarget('xterm', corpusOf(probes), probes);
    const [menu, click] = results.probes;
    // What happened, said on failure: each probe's status, note and evidence, and the restarts.
    const told = JSON.stringify({ probes: results.probes.map((r) => ({ id: r.id, status: r.status, note: r.note, evidence: r.evidence })), restarts: results.run.restarts }, null, 1);
    expect(String(menu?.evidence?.['opened']), told).toMatch(/mapped 1 window \(0x[0-9a-f]+[^)]*\) during the event .*a fresh instance started for the next probe/);
    expect(results.run.restarts?.map((r) => r.probe), told).toEqual(['input-test.ctrl-click']);
    expect([click?.status, sent(click)], told).toEqual(['ok', '\\e[<0;4;3M\\e[<0;4;3m']);
  }, 60_000);
});
