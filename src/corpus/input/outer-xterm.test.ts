/**
 * The outer-xterm model (what tmux and screen are typed into) against the real xterm 379 under Xvfb: for the key,
 * keypad, mouse and paste probes of the corpus that the model covers, the bytes the model writes for a probe's event
 * under the probe's modes are the bytes xterm sent. Left out: what the model sets otherwise on purpose (alt sends ESC,
 * not xterm's default eighth bit), what xterm keeps for itself (its translations: shift+Insert, Alt+Return …), the
 * modes the model does not follow (xterm's function-key modes, VT52, readline paste modes, 1016's pixels) and the
 * kitty and modifyOtherKeys probes (the model is plain xterm, as a multiplexer's outer terminal sees it).
 */
import { describe, expect, it } from 'vitest';
import { decodeNotation } from '../escape-notation.js';
import { escapeBytes } from '../escape-bytes.js';
import { loadCorpus } from '../load-corpus.js';
import { runTarget } from '../../engine/run-target.js';
import { findRecipe } from '../../targets/gui/gui-recipes.js';
import { requirements } from '../../targets/gui/gui-target.js';
import { havePrograms } from '../../test-support/require-program.js';
import { planEvent } from './event-plan.js';
import { OuterXterm } from './outer-xterm.js';

const corpus = await loadCorpus();
const OUT_OF_MODEL = /alt|meta|mode-10[3-6]|sun-|vt220-|vt52|hp-|sco-|super|shift-insert|shift-pageup|ctrl-shift-v|ctrl-click|shift-click|pixels|mode-200[56]|control-chars|bracketed-escape|alternate-scroll|focus|numlock-off-application|x10-then|normal-then|ctrl-grave|lnm|decbkm/;
const covered = corpus.probes.filter((p) => p.input && ['keys-legacy', 'keys-modifiers', 'keys-keypad', 'mouse-tracking', 'mouse-encodings', 'paste-and-focus'].includes(p.category) && !OUT_OF_MODEL.test(p.id));

function modelAnswer(id: string): string {
  const p = corpus.byId.get(id)!;
  const outer = new OuterXterm();
  outer.see(Buffer.from(decodeNotation(p.send)).toString('latin1'));
  const plan = planEvent(p.input!);
  for (const a of plan.before) outer.encode(a);
  const bytes = plan.during.map((a) => outer.encode(a)).join('');
  return escapeBytes(Buffer.from(bytes, 'latin1'));
}

describe.skipIf(!havePrograms(requirements(findRecipe('xterm')!)))('the outer-xterm model', () => {
  it(`sends what xterm 379 sends, on the ${covered.length} probes it covers`, async () => {
    expect(covered.length).toBeGreaterThan(150);
    const { results } = await runTarget('xterm', corpus, covered);
    const differ = results.probes.filter((r) => r.status === 'ok' && r.replies[0]?.value !== modelAnswer(r.id)).map((r) => `${r.id}: xterm ${r.replies[0]?.value}, model ${modelAnswer(r.id)}`);
    expect(differ).toEqual([]);
    expect(results.probes.filter((r) => r.status !== 'ok')).toEqual([]);
  }, 120_000);
});
