import { describe, expect, it } from 'vitest';
import { escapeText } from '../../corpus/escape-bytes.js';
import { querySpec } from '../../corpus/queries.js';
import { parseReplies } from '../../protocol/reply-parser.js';
import type { ProbeResult } from '../../results/results-schema.js';
import { NOTHING_OUTSIDE, type OutsideChanges } from './self-outside.js';
import { colourNames, effectiveChanges, readOutsideState, unreportedChange } from './self-outside-state.js';
import { judgeTitleCheck, TITLE_MARKER, titleCheckFor } from './self-title-check.js';
import { unreportedLine } from './self-unreported.js';

/** A probe's answer whose replies are these raw texts, each to its query (a missing text: no reply). */
function answerOf(replies: Record<string, string | undefined>): ProbeResult {
  return {
    id: 'self.test',
    status: 'ok',
    replies: Object.entries(replies).map(([query, raw]) => {
      if (raw === undefined) return { query };
      const ev = parseReplies(new TextEncoder().encode(raw)).find((e) => querySpec(query).matches(e))!;
      return { query, value: querySpec(query).value(ev), raw: escapeText(raw) };
    }),
  };
}

const touched = (t: Partial<OutsideChanges>): OutsideChanges => ({ ...NOTHING_OUTSIDE, ...t });

describe('readOutsideState', () => {
  it('keeps each colour as the terminal spelled it, 16-bit or not, with either terminator', () => {
    const state = readOutsideState(
      answerOf({ 'osc4:1': '\x1b]4;1;rgb:cdcd/0000/0000\x1b\\', 'osc4:200': '\x1b]4;200;rgb:ff/87/00\x07', 'osc:11': '\x1b]11;rgb:1010/2020/3030\x1b\\', 'osc:17': undefined }),
      touched({ palette: new Set([1, 200]), dynamic: new Set([11, 17]) }),
    );
    expect([...state.palette]).toEqual([[1, 'rgb:cdcd/0000/0000'], [200, 'rgb:ff/87/00']]);
    expect([...state.dynamic]).toEqual([[11, 'rgb:1010/2020/3030']]);
  });

  it('takes no colour it could not write back as it came (no colour spec, a separator inside)', () => {
    const state = readOutsideState(answerOf({ 'osc4:1': '\x1b]4;1;DarkOrange\x1b\\', 'osc:10': '\x1b]10;rgb:1/2/3;x\x1b\\' }), touched({ palette: new Set([1]), dynamic: new Set([10]) }));
    expect(state.palette.size + state.dynamic.size).toBe(0);
  });

  it('takes a title and icon title reported with text; says why when not reported, empty, or with control characters', () => {
    const titles = touched({ title: true, icon: true });
    expect(readOutsideState(answerOf({ 'xtwinops:21': '\x1b]lmy title ✓\x1b\\', 'xtwinops:20': '\x1b]Licon\x1b\\' }), titles)).toMatchObject({ title: 'my title ✓', icon: 'icon', why: {} });
    expect(readOutsideState(answerOf({ 'xtwinops:21': undefined, 'xtwinops:20': '\x1b]L\x1b\\' }), titles)).toMatchObject({ why: { title: 'not-reported', icon: 'empty' } });
    expect(readOutsideState(answerOf({ 'xtwinops:21': '\x1b]la\tb\x1b\\' }), touched({ title: true })).why.title).toBe('controls');
  });

  it('reads the keyboard flags only when the run changes them', () => {
    expect(readOutsideState(answerOf({ 'kitty-keyboard': '\x1b[?5u' }), touched({ keyboard: true })).keyboard).toBe(5);
    expect(readOutsideState(answerOf({ 'kitty-keyboard': '\x1b[?5u' }), touched({})).keyboard).toBeUndefined();
  });
});

describe('inside a multiplexer', () => {
  const apc = touched({ apc: true });

  it('an APC string changes the title inside tmux and GNU screen only', () => {
    expect(effectiveChanges(apc, { tmux: true, screen: false }).title).toBe(true);
    expect(effectiveChanges(apc, { tmux: false, screen: true }).title).toBe(true);
    expect(effectiveChanges(apc, { tmux: false, screen: false }).title).toBe(false);
  });

  it('takes tmux\'s record of the pane title, with no check; takes no title inside GNU screen, whose CSI 21 t names its window', () => {
    const inTmux = readOutsideState(answerOf({ 'xtwinops:21': undefined }), touched({ title: true }), { tmux: true, tmuxTitle: 'my pane', screen: false });
    expect(inTmux).toMatchObject({ title: 'my pane', titleFrom: 'tmux', apcSetsTitle: true });
    expect(titleCheckFor(inTmux)).toBeUndefined();
    expect(unreportedChange(apc, inTmux)).toBeUndefined();
    const inScreen = readOutsideState(answerOf({ 'xtwinops:21': '\x1b]lsh\x1b\\' }), touched({ title: true }), { tmux: false, screen: true });
    expect(inScreen.title).toBeUndefined();
    expect(unreportedChange(apc, inScreen)?.reason).toBe("it changes your window title, which GNU screen reports as its window's name (CSI 21 t), not as the title it sets, so it could not be put back");
    expect(unreportedChange(apc, readOutsideState(undefined, touched({}), { tmux: false, screen: false }))).toBeUndefined();
  });
});

describe('unreportedChange', () => {
  const state = readOutsideState(answerOf({ 'osc4:1': '\x1b]4;1;rgb:cd/00/00\x1b\\', 'xtwinops:21': '\x1b]l\x1b\\' }), touched({ palette: new Set([1, 2]), dynamic: new Set([17]), title: true }));

  it('names the title first, with why it was not taken', () => {
    expect(unreportedChange(touched({ title: true, palette: new Set([2]) }), state)).toMatchObject({ kind: 'title', reason: 'it changes your window title, which your terminal reports as empty (CSI 21 t; some terminals do so whatever it is), so it could not be put back' });
  });

  it('names the colours not reported, and none when every change was reported', () => {
    expect(unreportedChange(touched({ palette: new Set([1, 2]), dynamic: new Set([17]) }), state)).toEqual({ kind: 'colour', reason: 'it changes colours your terminal did not report (palette 2 and OSC 17), so they could not be put back', colours: { palette: [2], dynamic: [17] } });
    expect(unreportedChange(touched({ palette: new Set([1]), keyboard: true }), state)).toBeUndefined();
  });

  it('counts many palette entries instead of listing them', () => {
    expect(colourNames(Array.from({ length: 256 }, (_, i) => i), [10, 11])).toBe('256 palette entries and OSC 10, 11');
  });
});

describe('the title check', () => {
  const state = readOutsideState(answerOf({ 'xtwinops:21': '\x1b]lprior\x1b\\', 'xtwinops:20': undefined }), touched({ title: true, icon: true }));
  const check = titleCheckFor(state)!;

  it('pushes the title, sets the marker and asks, then pops, all in one probe; asks again after', () => {
    expect(check.kinds).toEqual(['title']);
    expect(check.change).toMatchObject({ send: `\\e[22;2t\\e]2;${TITLE_MARKER}\\e\\\\`, query: ['xtwinops:21'], cleanup: '\\e[23;2t' });
    expect(check.reread.query).toEqual(['xtwinops:21']);
    expect(titleCheckFor(readOutsideState(answerOf({ 'xtwinops:21': '\x1b]l\x1b\\' }), touched({ title: true })))).toBeUndefined();
  });

  it('takes the title when the report follows the marker; writes it back at once when the stack did not', () => {
    const marker = `\x1b]l${TITLE_MARKER}\x1b\\`;
    const withStack = judgeTitleCheck(state, check, answerOf({ 'xtwinops:21': marker }), answerOf({ 'xtwinops:21': '\x1b]lprior\x1b\\' }));
    expect(withStack).toEqual({ state: expect.objectContaining({ title: 'prior' }), rewrite: '' });
    const noStack = judgeTitleCheck(state, check, answerOf({ 'xtwinops:21': marker }), answerOf({ 'xtwinops:21': marker }));
    expect(noStack.rewrite).toBe('\x1b]2;prior\x1b\\');
    expect(noStack.note).toBeUndefined();
  });

  it('drops a title whose report did not follow, and says what the check may have left', () => {
    const fake = judgeTitleCheck(state, check, answerOf({ 'xtwinops:21': '\x1b]lprior\x1b\\' }), answerOf({ 'xtwinops:21': '\x1b]lprior\x1b\\' }));
    expect(fake.state.title).toBeUndefined();
    expect(fake.state.why.title).toBe('did-not-follow');
    expect(fake.rewrite).toBe('');
    expect(fake.note).toMatch(/did not follow a change.*set it again/);
  });

  it('uses another marker when the title already is the marker', () => {
    const again = titleCheckFor(readOutsideState(answerOf({ 'xtwinops:21': `\x1b]l${TITLE_MARKER}\x1b\\` }), touched({ title: true })))!;
    expect(again.marker).not.toBe(TITLE_MARKER);
  });
});

describe('unreportedLine', () => {
  it('says in one line what was skipped for want of a report, by what', () => {
    const state = readOutsideState(answerOf({ 'xtwinops:21': undefined, 'osc:17': undefined }), touched({ title: true, dynamic: new Set([17, 19]) }));
    const title = unreportedChange(touched({ title: true }), state)!;
    const colour = (n: number) => unreportedChange(touched({ dynamic: new Set([n]) }), state)!;
    expect(unreportedLine([title, title, colour(17), colour(19), colour(17)], state)).toBe('title not reported by your terminal: 2 probes skipped; colours not reported (OSC 17, 19): 3 probes skipped');
    expect(unreportedLine([], state)).toBeUndefined();
  });
});
