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
    ['\\e]52;c;aGk=\\e\\\\', /clipboard/],
    ['\\e]50;fixed\\a', /font/],
    ['\\e]105;1\\e\\\\', /special colours/],
    ['\\e[22;0t\\e[23;2t\\e[23;2t', /title stack/],
    ['\\e G', /8-bit/],
    ['\\e%@', /UTF-8/],
    ['\\e[?2l\\eA\\e<', /VT52/],
  ])('skips %s', (send, reason) => {
    expect(unsafeForSelf(probe(send))).toMatch(reason);
  });

  // Colours and titles are put back when the terminal reports them (self-outside-state.ts decides, once it knows).
  it.each(['\\e[10C', '\\e[?1049h', '\\e[?2026h', '\\e]11;?\\e\\\\', '\\e[18t', '\\e[14t', '\\e[?1047h', '\\e[c', '\\e]0;title\\a', '\\e]4;1;#123456\\e\\\\', '\\u{9D}2;x\\u{9C}', '\\e[>1u'])('runs %s', (send) => {
    expect(unsafeForSelf(probe(send))).toBeUndefined();
  });

  it('skips a probe tagged touches-main-screen, and checks cleanup bytes too', () => {
    expect(unsafeForSelf(probe('x', { tags: ['touches-main-screen'] }))).toMatch(/main screen/);
    expect(unsafeForSelf(probe('\\e[?1049h', { cleanup: '\\e[?1049l' }))).toMatch(/alternate screen/);
  });

  it('in the shipped corpus, skips probes for the reasons above only; colour and title probes are left to what the terminal reports', async () => {
    const corpus = await loadCorpus();
    const known = /main screen|alternate screen|RIS|DECCOLM|resize|title stack|font|clipboard|special colours|8-bit|UTF-8|VT52/;
    for (const p of corpus.probes) {
      const why = unsafeForSelf(p);
      if (why) expect(why, p.id).toMatch(known);
    }
    expect(unsafeForSelf(corpus.byId.get('osc-colours.query-11')!)).toBeUndefined();
    expect(unsafeForSelf(corpus.byId.get('osc-colours.set-11')!)).toBeUndefined();
    expect(unsafeForSelf(corpus.byId.get('window-ops.title-osc-2')!)).toBeUndefined();
    expect(unsafeForSelf(corpus.byId.get('window-ops.title-stack-pop-empty')!)).toMatch(/title stack/);
    expect(unsafeForSelf(corpus.byId.get('c1-controls.s8c1t-replies')!)).toMatch(/8-bit/);
  });
});
