import { describe, expect, it } from 'vitest';
import { outsideBytes, restoration } from './self-restore.js';
import type { PriorState } from './self-state.js';
import { emptyOutsideState, type OutsideState } from './self-outside-state.js';

const size = { cols: 80, rows: 24 };
const prior = (p: Partial<PriorState>): PriorState => ({ answered: true, modes: {}, sources: {}, ...p });

describe('restoration', () => {
  it('puts modes back while still in the alternate screen, then leaves it, DECRC, cursor, SGR, cursor visibility last', () => {
    const { bytes } = restoration(prior({ modes: { '?1': 'set', '?7': 'set', '?25': 'set', '?2004': 'set' }, keypad: 'application', cursor: { row: 5, col: 3 }, sgr: '0;1' }), ['?1', '?7', '?25', '?2004'], size);
    const tail = bytes.slice(bytes.lastIndexOf('\x1b[2J\x1b[H') + '\x1b[2J\x1b[H'.length);
    expect(tail).toBe('\x1b[?1h\x1b[?7h\x1b[?2004h\x1b=\x1b[?1049l\x1b8\x1b[5;3H\x1b[0;1m\x1b[?25h');
    expect(bytes).not.toContain('\x1bc');
  });

  it('never sets or resets modes with side effects (VT52, DECCOLM, screen switches)', () => {
    const { bytes } = restoration(prior({ modes: { '?2': 'set', '?3': 'reset', '?47': 'reset', '?1049': 'reset' } }), ['?2', '?3', '?47', '?1049'], size);
    expect(bytes).not.toMatch(/\x1b\[\?(2|3|47)[hl]/);
    expect(bytes.match(/\x1b\[\?1049[hl]/g)).toEqual(['\x1b[?1049h', '\x1b[?1049l']); // the prelude's (in alt) and the way out
  });

  it('assumes the usual prompt state for modes the terminal did not report, and names them', () => {
    const r = restoration(prior({ modes: { '?1': 'no-reply', '?1007': 'no-reply', '?2027': 'not-recognized' } }), ['?1', '?1007', '?2027'], size);
    expect(r.assumed).toEqual(['?1', 'keypad']);
    expect(r.unknown).toEqual(['?1007']);
    expect(r.bytes).toContain('\x1b[?1l');
    expect(r.bytes).not.toMatch(/\?(1007|2027)[hl]/);
  });

  it('counts a permanently set or reset mode as reported: neither assumed, nor unknown, nor written', () => {
    const r = restoration(prior({ modes: { '?1': 'permanently-reset', '?25': 'permanently-set', '?1007': 'no-reply' } }), ['?1', '?25', '?1007'], size);
    expect(r.assumed).toEqual(['keypad']);
    expect(r.unknown).toEqual(['?1007']);
    expect(r.bytes).not.toMatch(/\x1b\[\?1[hl]/);
  });

  it('stays in the alternate screen when the user was already there; restores tmux\'s scroll region only with a known cursor', () => {
    const r = restoration(prior({ alternateBefore: true, scrollRegion: { top: 2, bottom: 20 }, cursor: { row: 4, col: 1 } }), [], size);
    expect(r.bytes).not.toContain('\x1b[?1049l');
    expect(r.bytes).toContain('\x1b[2;20r\x1b[4;1H');
    expect(restoration(prior({ scrollRegion: { top: 2, bottom: 20 } }), [], size).bytes).not.toContain('\x1b[2;20r');
  });

  it('after queries only (no probe sent), just leaves the alternate screen and restores the cursor', () => {
    expect(restoration(prior({ cursor: { row: 3, col: 1 } }), ['?1'], size).queriesOnly).toBe('\x1b[?1049l\x1b8\x1b[3;1H');
    expect(restoration(prior({}), ['?1'], size).queriesOnly).toBe('\x1b[?1049l\x1b8');
  });

  it('sets back each colour, title and the keyboard flags as reported, while still in the alternate screen', () => {
    const outside: OutsideState = { ...emptyOutsideState(), palette: new Map([[1, 'rgb:cdcd/0000/0000'], [200, '#ff8700']]), dynamic: new Map([[11, 'rgb:1010/2020/3030']]), title: 'my title', icon: 'icon', keyboard: 1 };
    expect(outsideBytes(outside)).toBe('\x1b]4;1;rgb:cdcd/0000/0000\x1b\\\x1b]4;200;#ff8700\x1b\\\x1b]11;rgb:1010/2020/3030\x1b\\\x1b]1;icon\x1b\\\x1b]2;my title\x1b\\\x1b[=1;1u');
    const { bytes } = restoration(prior({ modes: { '?2004': 'set' }, outside }), ['?2004'], size);
    const at = bytes.indexOf(outsideBytes(outside));
    expect(at).toBeGreaterThan(bytes.indexOf('\x1b[?2004h'));
    expect(at).toBeLessThan(bytes.lastIndexOf('\x1b[?1049l'));
    expect(outsideBytes(emptyOutsideState())).toBe('');
    expect(restoration(prior({ outside }), [], size).queriesOnly).not.toContain('\x1b]');
  });
});
