import { describe, expect, it } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import { answerSignature, answerSummary, behaviourOf, matchExpectation, valueMatches } from './answer-key.js';
import { styleText } from './style-text.js';
import type { ProbeResult } from './results-schema.js';

const size = { cols: 80, rows: 24 };
const probe = (expect: Probe['expect']): Probe => ({ id: 'r.x', category: 'r', file: 't', title: 'x', description: 'test probe', spec: 'ECMA-48 x', send: '', query: ['cursor', 'da1'], expect });
const result = (cursor: [number, number] | null, da1?: string): ProbeResult => ({
  id: 'r.x', status: 'ok', replies: [{ query: 'da1', ...(da1 !== undefined ? { value: da1, raw: `\\e[?${da1}c` } : {}) }],
  ...(cursor ? { cursor: { row: cursor[0], col: cursor[1], via: 'cpr' as const, raw: `\\e[${cursor[0]};${cursor[1]}R` } } : {}),
  elapsedMs: Math.random(),
});

describe('valueMatches', () => {
  it('compares exact strings, and /patterns/ whole, never matching a missing reply', () => {
    expect(valueMatches('1;2', '1;2')).toBe(true);
    expect(valueMatches('1;2', '1;22')).toBe(false);
    expect(valueMatches('/6[2-5](;[0-9]+)*/', '62;22;52')).toBe(true);
    expect(valueMatches('/6[2-5](;[0-9]+)*/', '1;2')).toBe(false);
    expect(valueMatches('/6[2-5](;[0-9]+)*/', 'x64;1')).toBe(false);
    expect(valueMatches('/.+/', 'none')).toBe(false);
    expect(valueMatches('/.*/', 'none')).toBe(false);
  });
});

describe('behaviourOf and answerSignature', () => {
  const p = probe({ implements: { cursor: '1;${cols}', replies: { da1: '/6[2-5](;[0-9]+)*/' } }, lacks: { cursor: '2;1' } });
  it('tells implements, lacks, other and no-reply apart, with size variables', () => {
    expect(behaviourOf(p, result([1, 80], '64;1'), size)).toBe('implements');
    expect(behaviourOf(p, result([1, 80], '1;2'), size)).toBe('other');
    expect(behaviourOf(p, result([2, 1], '1;2'), size)).toBe('lacks');
    expect(behaviourOf(p, result([1, 132], '64'), { cols: 132, rows: 24 })).toBe('implements');
    expect(behaviourOf(p, { id: 'r.x', status: 'no-reply', replies: [] }, size)).toBe('no-reply');
  });
  it('ignores timings and raw spellings, not values', () => {
    expect(answerSignature(result([1, 80], '1;2'))).toBe(answerSignature(result([1, 80], '1;2')));
    expect(answerSignature(result([1, 80], '1;2'))).not.toBe(answerSignature(result([1, 81], '1;2')));
    expect(answerSignature(result([1, 80]))).toBe('cursor=1;80 da1="none"');
  });
});

describe('style expectations', () => {
  const withCell = (s: Record<string, unknown> | undefined, untold?: ('underlineStyle' | 'underlineColor' | 'overline')[]): ProbeResult => ({
    id: 'x.y', status: 'ok', replies: [],
    screen: { via: 'hosted', region: { top: 1, left: 1, bottom: 1, right: 1 }, text: ['X'], cells: [[s ? { t: 'X', w: 1, s } : { t: 'X', w: 1 }]], ...(untold ? { untold } : {}) },
  });

  it('match the first cell of the region by its style text', () => {
    expect(styleText({ bold: true, underline: true, underlineStyle: 'curly', underlineColor: 196, fg: 'red' })).toBe('bold underline:curly ul=196 fg=red');
    expect(styleText(undefined)).toBe('plain');
    expect(matchExpectation(withCell({ bold: true }), { style: 'bold' }, size)).toBe('yes');
    expect(matchExpectation(withCell(undefined), { style: ['plain', 'bold'] }, size)).toBe('yes');
    expect(matchExpectation(withCell({ italic: true }), { style: 'bold' }, size)).toBe('no');
  });

  it('are unknown where the cells were not read, and alike where the read-back cannot tell what the expectation names', () => {
    expect(matchExpectation({ id: 'x.y', status: 'ok', replies: [] }, { style: 'bold' }, size)).toBe('unknown');
    expect(matchExpectation(withCell({ underline: true }, ['underlineStyle']), { style: 'underline:curly' }, size)).toBe('alike');
    expect(matchExpectation(withCell(undefined, ['underlineStyle']), { style: 'underline:curly' }, size)).toBe('no');
    expect(matchExpectation(withCell({ underline: true }, ['underlineStyle']), { style: 'bold' }, size)).toBe('no');
  });
});

describe('answers of probes with steps', () => {
  const stepped: ProbeResult = {
    id: 'r.s', status: 'ok', cursor: { row: 1, col: 1, via: 'cpr', raw: '\\e[1;1R' },
    replies: ['1', '0', '4'].map((v, k) => ({ query: `kitty-keyboard@${k + 1}`, value: v, raw: `\\e[?${v}u` })).concat([{ query: 'osc4:196@1', value: '#ff0000', raw: 'x' }, { query: 'osc4:196@3', value: '#ff0000', raw: 'x' }, { query: 'decrqm:?2026', value: '2', raw: 'x' }]),
  };
  it('summarise the same query at consecutive steps as one part, in step order', () => {
    expect(answerSummary(stepped)).toBe('1;1 kitty-keyboard@1-3=1,0,4 osc4:196@1=#ff0000 osc4:196@3=#ff0000 ?2026=2');
  });

  it('judge a reply equal to another one with { same }, never a missing one', () => {
    const p = probe({ implements: { replies: { 'osc4:196@3': { same: 'osc4:196@1' } } } });
    expect(matchExpectation(stepped, p.expect.implements, size)).toBe('yes');
    const missing: ProbeResult = { ...stepped, replies: [{ query: 'osc4:196@1' }, { query: 'osc4:196@3' }] };
    expect(matchExpectation(missing, p.expect.implements, size)).toBe('no');
  });
});
