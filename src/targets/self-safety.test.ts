import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { unsafeForSelf } from './self-safety.js';

const probe = (send: string, extra: Partial<Probe> = {}): Probe => ({ id: 't.x', category: 't', file: 't', title: 'x', description: 'test probe', spec: 'ECMA-48 x', send, query: ['cursor'], expect: { implements: {} }, ...extra });

describe('unsafeForSelf', () => {
  it.each([
    ['\\ec', /RIS/],
    ['x\\e[?1049l', /leaves the alternate screen/],
    ['\\e[?47;1049l', /leaves the alternate screen/],
    ['\\e[?3h', /DECCOLM/],
    ['\\e[8;30;100t', /resize/],
    ['\\e[3;0;0t', /move or resize/],
    ['\\e[30t', /resize/],
    ['\\e[132$|', /resize/],
    ['\\e]0;title\\a', /title/],
    ['\\e]52;c;aGk=\\e\\\\', /clipboard/],
  ])('skips %s', (send, reason) => {
    expect(unsafeForSelf(probe(send))).toMatch(reason);
  });

  it.each(['\\e[10C', '\\e[?1049h', '\\e[?2026h', '\\e]11;?\\e\\\\', '\\e[18t', '\\e[14t', '\\e[?1047h', '\\e[c'])('runs %s', (send) => {
    expect(unsafeForSelf(probe(send))).toBeUndefined();
  });

  it('skips a probe tagged touches-main-screen, and checks cleanup bytes too', () => {
    expect(unsafeForSelf(probe('x', { tags: ['touches-main-screen'] }))).toMatch(/main screen/);
    expect(unsafeForSelf(probe('\\e[?1049h', { cleanup: '\\e[?1049l' }))).toMatch(/alternate screen/);
  });

  it('in the shipped corpus, skips only alternate-screen probes that leave it', async () => {
    const skipped = (await loadCorpus()).probes.filter((p) => unsafeForSelf(p));
    for (const p of skipped) expect(p.tags?.includes('touches-main-screen') || /\?(47|1047|1049)l/.test(`${p.send} ${p.cleanup ?? ''}`), p.id).toBe(true);
  });
});
