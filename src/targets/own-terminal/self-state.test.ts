import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../../results/results-schema.js';
import { lacksAlternateScreen, readPriorState, readSeenReplies } from './self-state.js';
import { parseTmuxPane } from './self-tmux.js';

const alt: ProbeResult = {
  id: 'self.state',
  status: 'ok',
  replies: [
    { query: 'xtversion', value: 'XTerm(379)', raw: '\\eP>|XTerm(379)\\e\\\\' },
    { query: 'da2', value: '41;379;0', raw: '\\e[>41;379;0c' },
    { query: 'da1', value: '64;1;2', raw: '\\e[?64;1;2c' },
    { query: 'decrqm:?1', value: '1' },
    { query: 'decrqm:?7', value: '2' },
    { query: 'decrqm:?66', value: '1' },
    { query: 'decrqm:?2027', value: '0' },
    { query: 'decrqm:?2026' },
    { query: 'decrqss:m', value: '1$r0;1m' },
  ],
};

describe('readPriorState', () => {
  it('reads DECRQM states, the keypad (DECNKM), SGR and the main-screen cursor', () => {
    const p = readPriorState({ answered: true, cursor: { row: 7, col: 1 } }, alt, undefined);
    expect(p).toMatchObject({ answered: true, cursor: { row: 7, col: 1 }, keypad: 'application', sgr: '0;1' });
    expect(p.modes).toMatchObject({ '?1': 'set', '?7': 'reset', '?2027': 'not-recognized', '?2026': 'no-reply' });
    expect(p.sources).toEqual({ '?1': 'decrqm', '?7': 'decrqm', '?66': 'decrqm' });
  });

  it('fills what DECRQM left unanswered from tmux, never overriding DECRQM', () => {
    const tmux = parseTmuxPane('0\t1\t0\t1\t1\t0\t0\t0\t0\t0\t0\t0\t4\t9\t0\t23\txterm-kitty\tkitty(0.26.5)\t3.3a\n');
    const p = readPriorState({ answered: true }, { ...alt, replies: [{ query: 'decrqm:?1', value: '2' }, { query: 'decrqm:?25' }] }, tmux);
    expect(p.modes).toMatchObject({ '?1': 'reset', '?25': 'set', '?7': 'reset' });
    expect(p.sources).toMatchObject({ '?1': 'decrqm', '?25': 'tmux' });
    expect(p).toMatchObject({ keypad: 'application', alternateBefore: false, cursor: { row: 10, col: 5 }, scrollRegion: { top: 1, bottom: 24 } });
    expect(tmux.client).toEqual({ termname: 'xterm-kitty', termtype: 'kitty(0.26.5)' });
    expect(tmux.title).toBeUndefined();
    // The pane's title comes last, whatever it holds.
    expect(parseTmuxPane('0\t1\t0\t1\t1\t0\t0\t0\t0\t0\t0\t0\t4\t9\t0\t23\txterm-kitty\tkitty(0.26.5)\t3.3a\tvim: a\tb.txt\n').title).toBe('vim: a\tb.txt');
  });

  it('records the alternate screen as it was before the run: from DECRQM (read on the main screen), else from tmux', () => {
    const before = readPriorState({ answered: true }, { ...alt, replies: [{ query: 'decrqm:?1049', value: '2' }] }, undefined);
    expect(before.modes['?1049']).toBe('reset');
    expect(before.alternateBefore).toBe(false);
    expect(readPriorState({ answered: true }, { ...alt, replies: [{ query: 'decrqm:?1049', value: '1' }] }, undefined).alternateBefore).toBe(true);
    const tmux = parseTmuxPane('0\t1\t0\t1\t1\t0\t0\t0\t0\t0\t0\t0\t4\t9\t0\t23\txterm-kitty\tkitty(0.26.5)\t3.3a\n');
    const fromTmux = readPriorState({ answered: true }, { ...alt, replies: [] }, tmux);
    expect(fromTmux.modes['?1049']).toBe('reset');
    expect(fromTmux.sources['?1049']).toBe('tmux');
  });

  it('takes the identification replies as seen, and tells a terminal without an alternate screen', () => {
    expect(readSeenReplies(alt)).toEqual({ xtversion: 'XTerm(379)', da2: '\\e[>41;379;0c', da2Params: [41, 379, 0], da1: '\\e[?64;1;2c' });
    expect(lacksAlternateScreen(readPriorState({ answered: true }, { ...alt, replies: [{ query: 'decrqm:?1049', value: '0' }] }, undefined))).toBe(true);
    expect(lacksAlternateScreen(readPriorState({ answered: true }, { ...alt, replies: [{ query: 'decrqm:?1049' }] }, undefined))).toBe(false);
  });
});
