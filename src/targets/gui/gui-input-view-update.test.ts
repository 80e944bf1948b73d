/**
 * The wheel in a real cool-retro-term 1.2.0 under Xvfb, whose view follows its screen only on a timer after output
 * (x-view-update.ts): on the alternate screen, which has no scrollback, the wheel sends cursor keys. A wheel made
 * right after CSI ? 1049 h met the view of the main screen and its 1,000 lines of scrollback, scrolled it, and sent
 * nothing (3 runs of 3 of mouse-tracking before the input probes waited for the view). Each probe of the pair below
 * sets its own screen first, so each wheel follows a switch of screens.
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

describe.skipIf(!havePrograms(requirements(findRecipe('cool-retro-term')!)))('the wheel in cool-retro-term', () => {
  it('meets the view of the screen shown: cursor keys on the alternate screen, after the main one', async () => {
    const corpus = await loadCorpus();
    const ids = ['mouse-tracking.normal-wheel-up', 'mouse-tracking.alternate-scroll-up', 'mouse-tracking.alternate-scroll-decckm', 'mouse-tracking.alternate-scroll-reset'];
    const { results } = await runTarget('cool-retro-term', corpus, ids.map((id) => corpus.byId.get(id)!));
    const told = JSON.stringify(results.probes.map((r) => ({ id: r.id, status: r.status, note: r.note, evidence: r.evidence, replies: r.replies })), null, 1);
    expect(results.probes.map((r) => [r.id, r.status, r.replies.find((x) => x.query === 'input')?.value]), told).toEqual([
      ['mouse-tracking.normal-wheel-up', 'ok', '\\e[M`!"'],
      ['mouse-tracking.alternate-scroll-up', 'ok', '\\e[A\\e[A\\e[A'],
      ['mouse-tracking.alternate-scroll-decckm', 'ok', '\\eOA\\eOA\\eOA'],
      ['mouse-tracking.alternate-scroll-reset', 'ok', '\\e[A\\e[A\\e[A'],
    ]);
  }, 120_000);
});
