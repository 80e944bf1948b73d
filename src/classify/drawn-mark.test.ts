/**
 * Marks of probes that have `drawn` answers: where the replies cannot tell, the
 * screen decides and the mark says so; where both decide and disagree, the mark
 * follows the replies and carries the screen's as a finding; a style read from
 * the pixels that the terminal draws like both answers is "untold".
 */
import { describe, expect, it } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import type { PixelModel, ProbeResult } from '../results/results-schema.js';
import { supportMark } from './support-mark.js';

const BOLD: Probe = {
  id: 'sgr.attr-1', category: 'sgr', file: 'sgr.yaml', title: 'SGR 1', description: 'test probe', spec: 'ECMA-48 8.3.117 SGR', send: '\\e[1mX', query: ['decrqss:m'],
  screen: { top: 1, left: 1, bottom: 1, right: 1 },
  expect: {
    implements: { replies: { 'decrqss:m': '/1[$]r(?:[^m]*;)?1(?:;[^m]*)?m/' } },
    lacks: { replies: { 'decrqss:m': '/1[$]r.*/' } },
    inconclusive: [{ replies: { 'decrqss:m': ['none', '0$r'] }, why: 'No SGR report: the terminal does not answer DECRQSS for SGR.' }],
    drawn: { implements: { style: 'bold' }, lacks: { style: 'plain' } },
  },
};

function answer(reply: string | undefined, style: Record<string, unknown> | undefined, pixels = false): ProbeResult {
  return {
    id: BOLD.id, status: 'ok', replies: [{ query: 'decrqss:m', ...(reply ? { value: reply } : {}) }],
    screen: { via: 'selection', ...(pixels ? { styles: 'pixels' as const } : {}), region: { top: 1, left: 1, bottom: 1, right: 1 }, text: ['X'], cells: [[{ t: 'X', w: 1, ...(style ? { s: style } : {}) }]] },
  };
}
const settings = { cols: 80, rows: 24 };

describe('probes with drawn answers', () => {
  it('are decided by the screen where the replies cannot tell, and say so', () => {
    expect(supportMark(BOLD, answer(undefined, { bold: true }), settings)).toMatchObject({ support: 'implements', drawn: true });
    expect(supportMark(BOLD, answer(undefined, undefined), settings)).toMatchObject({ support: 'lacks', drawn: true });
    expect(supportMark(BOLD, answer('1$r0;1m', undefined), settings).drawn).toBeUndefined();
  });

  it('follow the replies where both decide, with a disagreement as a finding', () => {
    expect(supportMark(BOLD, answer('1$r0m', { bold: true }), settings)).toMatchObject({ support: 'lacks', conflict: { drawn: 'implements' } });
    expect(supportMark(BOLD, answer('1$r0;1m', { bold: true }), settings).conflict).toBeUndefined();
  });

  it('are "untold" where the terminal draws the answer that implements it like the one that lacks it', () => {
    // A terminal whose bold is neither heavier nor another colour: nothing a read could show.
    const model = { fg: { default: '#000000' }, bg: { default: '#ffffff' }, bold: { weight: false }, italic: true, blink: { text: false }, untold: ['bold'], notes: [], cell: { width: 6, height: 13, x0: 0, y0: 0 } } as unknown as PixelModel;
    expect(supportMark(BOLD, answer(undefined, undefined, true), { ...settings, pixels: model })).toMatchObject({ support: 'inconclusive', why: 'untold' });
  });
});
