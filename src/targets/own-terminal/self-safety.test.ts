import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
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
    ['\\e]4;1;#123456\\e\\\\', /colours/],
    ['\\u{9D}2;x\\u{9C}', /title/],
    ['\\e G', /8-bit/],
    ['\\e%@', /UTF-8/],
    ['\\e[?2l\\eA\\e<', /VT52/],
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

  it('in the shipped corpus, skips probes for the reasons above only, and runs the colour and title queries that change nothing', async () => {
    const corpus = await loadCorpus();
    const known = /main screen|alternate screen|RIS|DECCOLM|resize|title, colours|8-bit|UTF-8|VT52/;
    for (const p of corpus.probes) {
      const why = unsafeForSelf(p);
      if (why) expect(why, p.id).toMatch(known);
    }
    expect(unsafeForSelf(corpus.byId.get('osc-colours.query-11')!)).toBeUndefined();
    expect(unsafeForSelf(corpus.byId.get('osc-colours.set-11')!)).toMatch(/colours/);
    expect(unsafeForSelf(corpus.byId.get('window-ops.title-osc-2')!)).toMatch(/title/);
    expect(unsafeForSelf(corpus.byId.get('c1-controls.s8c1t-replies')!)).toMatch(/8-bit/);
  });
});
