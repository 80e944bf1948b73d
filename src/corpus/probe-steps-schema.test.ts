import { describe, expect, it } from 'vitest';
import { hashProbe } from './corpus-hash.js';
import { askedReplyKeys, probeSchema, type Probe } from './probe-schema.js';

const base = { id: 't.steps', title: 'steps', description: 'a probe with steps', spec: 'ECMA-48 test', send: '' };

function problems(probe: object): string[] {
  const r = probeSchema.safeParse({ ...base, ...probe });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the step model in the probe schema', () => {
  it('names each step\'s replies <query>@<step>, then the probe\'s own queries', () => {
    const probe = probeSchema.parse({ ...base, steps: [{ query: ['osc4:1'] }, { send: '\\e]104;1\\e\\\\', query: ['osc4:1', 'cursor'] }], expect: { implements: {} } });
    expect(askedReplyKeys(probe)).toEqual(['osc4:1@1', 'osc4:1@2', 'cursor@2', 'cursor']);
    expect(probe.steps![0]!.send).toBe('');
  });

  it('accepts expectations on step replies, and one reply the same as another', () => {
    expect(problems({ steps: [{ query: ['osc4:1'] }, { query: ['osc4:1'] }], expect: { implements: { replies: { 'osc4:1@2': { same: 'osc4:1@1' } } }, lacks: { replies: { 'osc4:1@1': '#123456' } } } })).toEqual([]);
  });

  it('refuses an expected reply the probe does not ask, at the step it names', () => {
    expect(problems({ steps: [{ query: ['osc4:1'] }], expect: { implements: { replies: { 'osc4:1@2': '#123456' } } } })).toEqual([
      'expect.implements.replies.osc4:1@2: expects a reply to "osc4:1@2", which the probe does not ask (it asks osc4:1@1, cursor)',
    ]);
    expect(problems({ query: ['osc:10'], expect: { implements: { replies: { 'osc:11': '#000000' } } } })[0]).toMatch(/"osc:11", which the probe does not ask/);
    expect(problems({ steps: [{ query: ['osc4:1'] }], expect: { implements: { replies: { 'osc4:1@1': { same: 'osc4:1@3' } } } } })[0]).toMatch(/"same: osc4:1@3" names a reply the probe does not ask/);
  });

  it('refuses a step with no query, a query twice in one step, and an unknown form with the sentence for it', () => {
    expect(problems({ steps: [{ send: 'a', query: [] }], expect: { implements: {} } })[0]).toMatch(/^steps\.0\.query/);
    expect(problems({ steps: [{ query: ['cursor', 'cursor'] }], expect: { implements: {} } })[0]).toMatch(/listed twice/);
    expect(problems({ steps: [{ query: ['osc4:1,256'] }], expect: { implements: {} } })[0]).toMatch(/OSC 4 colour index out of range/);
    expect(problems({ query: ['kitty-graphics:a=q;AAAA'], expect: { implements: {} } })[0]).toMatch(/an image id i=N/);
    expect(problems({ query: ['xtgettcap:544E;zz'], expect: { implements: {} } })[0]).toMatch(/hex pairs/);
  });

  it('counts the steps in what a probe measures (its measurement hash), and leaves a probe without steps as it hashed before', () => {
    const parse = (extra: object) => ({ ...probeSchema.parse({ ...base, ...extra, expect: { implements: {} } }), category: 't', file: 'f' }) as Probe;
    const plain = parse({});
    const stepped = parse({ steps: [{ query: ['cursor'] }] });
    const other = parse({ steps: [{ send: 'x', query: ['cursor'] }] });
    expect(new Set([hashProbe(plain), hashProbe(stepped), hashProbe(other)]).size).toBe(3);
    // The hash of a probe without steps is the one it had before steps existed (send, query, screen, size, cleanup, tags).
    expect(hashProbe(plain)).toBe('be91eb12280f847b');
  });
});
