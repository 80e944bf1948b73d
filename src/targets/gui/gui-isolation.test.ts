/**
 * Isolation on real terminals that keep a separate cursor and text on the
 * alternate screen (urxvt): the alternate-screen probes answer the same run
 * forwards and backwards, so no probe's answer depends on the one before it.
 * (The embedded emulators are checked the same way, and shuffled, in
 * corpus-claims.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { runTarget } from '../../engine/run-target.js';
import { answerSignature } from '../../results/answer-key.js';
import { havePrograms } from '../../test-support/require-program.js';
import { findRecipe } from './gui-recipes.js';
import { requirements } from './gui-target.js';

const corpus = await loadCorpus();
const probes = corpus.probes.filter((p) => p.category === 'alt-screen');

describe.skipIf(!havePrograms(requirements(findRecipe('urxvt')!)))('urxvt: alternate-screen probes are isolated', () => {
  it('answer the same forwards and backwards', async () => {
    const answers = async (list: typeof probes) => Object.fromEntries((await runTarget('urxvt', corpus, list)).results.probes.map((r) => [r.id, answerSignature(r)]));
    const forwards = await answers(probes);
    const backwards = await answers([...probes].reverse());
    expect(backwards).toEqual(forwards);
    expect(Object.keys(forwards)).toHaveLength(probes.length);
  }, 120_000);
});
