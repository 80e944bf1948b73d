/**
 * A font-size shortcut in a real alacritty 0.11 under Xvfb: ctrl+minus makes the font smaller and the grid larger; the
 * input run puts it back with alacritty's own ctrl+0 (ResetFontSize) instead of starting the terminal afresh, and the
 * click after it lands in the cell it is made on, as in a fresh instance.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { runTarget } from '../../engine/run-target.js';
import { guiLeftovers } from '../../test-support/gui-leftovers.js';
import { havePrograms } from '../../test-support/require-program.js';
import { findRecipe } from './gui-recipes.js';
import { requirements } from './gui-target.js';

afterEach(() => {
  expect(guiLeftovers()).toEqual([]);
});

describe.skipIf(!havePrograms(requirements(findRecipe('alacritty')!)))('a font-size shortcut in alacritty', () => {
  it('is undone with the terminal\'s own reset key, with no fresh instance, and the clicks after it keep their cells', async () => {
    const corpus = await loadCorpus();
    const probes = ['keys-modifiers.ctrl-minus', 'mouse-encodings.sgr-click-left'].map((id) => corpus.byId.get(id)!);
    const { results } = await runTarget('alacritty', corpus, probes);
    const [minus, click] = results.probes;
    const told = JSON.stringify({ probes: results.probes.map((r) => ({ id: r.id, status: r.status, note: r.note, evidence: r.evidence, replies: r.replies })), restarts: results.run.restarts }, null, 1);
    // The key is alacritty's: it sends nothing, and the grid grew (from 24;80).
    expect([minus?.status, minus?.replies[0]?.value], told).toEqual(['ok', '']);
    expect(minus?.evidence?.['changed'], told).toMatch(/^the terminal changed its size \(its far corner was 24;80, now \d+;\d+: a font-size shortcut\); put back with ctrl\+0 \(alacritty 0\.11\.0/);
    expect(results.run.restarts, told).toBeUndefined();
    expect([click?.status, click?.replies[0]?.value], told).toEqual(['ok', '\\e[<0;3;2M\\e[<0;3;2m']);
  }, 60_000);
});
