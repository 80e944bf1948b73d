import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { outsideChangesOf, outsideQueries, touchedOutside } from './self-outside.js';

const probe = (send: string, cleanup?: string): Probe => ({ id: 't.x', category: 't', file: 't', title: 'x', description: 'test probe', spec: 'ECMA-48 x', send, ...(cleanup ? { cleanup } : {}), query: ['cursor'], expect: { implements: {} } });
const changes = (send: string, cleanup?: string) => {
  const c = outsideChangesOf(probe(send, cleanup));
  return { palette: [...c.palette], dynamic: [...c.dynamic], title: c.title, icon: c.icon, keyboard: c.keyboard, apc: c.apc, unrestorable: c.unrestorable };
};

describe('outsideChangesOf', () => {
  it('finds palette entries set (pairs too) and reset, but not those only asked', () => {
    expect(changes('\\e]4;1;#111111;2;#222222\\e\\\\', '\\e]104;1;2\\e\\\\').palette).toEqual([1, 2]);
    expect(changes('\\e]4;3;?;7;rgb:1/2/3\\a').palette).toEqual([7]);
    expect(changes('\\e]104\\e\\\\').palette).toHaveLength(256);
  });

  it('finds dynamic colours, chained values going on to the next number, and their resets', () => {
    expect(changes('\\e]10;#111111;#222222\\e\\\\').dynamic).toEqual([10, 11]);
    expect(changes('\\e]10;?;#222222\\e\\\\').dynamic).toEqual([11]);
    expect(changes('', '\\e]117\\e\\\\').dynamic).toEqual([17]);
    expect(changes('\\e]11;?\\e\\\\').dynamic).toEqual([]);
  });

  it('finds the title and icon title set by OSC 0/1/2, in 7-bit or C1 form, also when the OSC is cut short', () => {
    expect(changes('\\e]0;x\\e\\\\')).toMatchObject({ title: true, icon: true });
    expect(changes('\\e]1;x\\a')).toMatchObject({ title: false, icon: true });
    expect(changes('\\u{9D}2;x\\u{9C}')).toMatchObject({ title: true, icon: false });
    expect(changes('\\e]2;x\\x18ab')).toMatchObject({ title: true });
    expect(changes('\\e]2;x\\e[3C')).toMatchObject({ title: true });
    expect(changes('\\e]2;x')).toMatchObject({ title: true });
  });

  it('counts pushes and pops of the title stack: pops within its own pushes change nothing, below them they are refused', () => {
    expect(changes('\\e[22;0t\\e[23;0t')).toMatchObject({ title: false, icon: false, unrestorable: undefined });
    expect(changes('\\e[22;2t\\e]2;a\\e\\\\', '\\e[23;2t')).toMatchObject({ title: true, icon: false, unrestorable: undefined });
    expect(changes('\\e[22;0t\\e[23;2t\\e[23;2t').unrestorable).toMatch(/title stack/);
    expect(changes('\\e[22;2t', '\\e[23;0t').unrestorable).toMatch(/title stack/); // the icon stack had no push
  });

  it('notes an APC string, in the bytes or the queries\' (the kitty graphics query)', () => {
    expect(changes('\\e_hello\\e\\\\ab')).toMatchObject({ title: false, apc: true });
    expect(outsideChangesOf({ ...probe(''), query: ['kitty-graphics'] }).apc).toBe(true);
    expect(changes('\\e]2;x\\a').apc).toBe(false);
  });

  it('finds kitty keyboard flag changes, not the query', () => {
    expect(changes('\\e[>1u', '\\e[<99u\\e[=0;1u').keyboard).toBe(true);
    expect(changes('\\e[?u').keyboard).toBe(false);
  });

  it.each([
    ['\\e]50;fixed\\a', /font/],
    ['\\e]52;c;aGk=\\e\\\\', /clipboard/],
    ['\\e]5;0;#123456\\e\\\\', /special colours/],
    ['\\e]4;258;#123456\\e\\\\', /special colours/],
  ])('names what no restoration can put back: %s', (send, why) => {
    expect(changes(send).unrestorable).toMatch(why);
  });
});

describe('touchedOutside and outsideQueries', () => {
  it('join what the probes change, leaving out probes with an unrestorable change, and ask for each', () => {
    const touched = touchedOutside([probe('\\e]4;5;#123456\\e\\\\'), probe('\\e]12;#123456\\e\\\\\\e]2;t\\a'), probe('\\e]52;c;aGk=\\e\\\\\\e]1;i\\a'), probe('\\e[>1u')]);
    expect(outsideQueries(touched)).toEqual(['osc4:5', 'osc:12', 'xtwinops:21', 'kitty-keyboard']);
  });

  it('in the shipped corpus: the colour, title and keyboard probes, and nothing else', async () => {
    const corpus = await loadCorpus();
    const touching = corpus.probes.filter((p) => {
      const c = outsideChangesOf(p);
      return c.palette.size + c.dynamic.size > 0 || c.title || c.icon || c.keyboard || c.unrestorable;
    });
    expect(new Set(touching.map((p) => p.category))).toEqual(new Set(['osc-colours', 'window-ops', 'kitty-keyboard', 'kitty-keyboard-events', 'parser', 'c1-controls']));
    expect(touching.filter((p) => p.category === 'parser' || p.category === 'c1-controls').map((p) => p.id).sort()).toEqual(['c1-controls.osc', 'parser.osc-cancelled-by-can', 'parser.osc-ended-by-bel', 'parser.osc-ended-by-esc-other']);
    expect(outsideChangesOf(corpus.byId.get('window-ops.title-osc-2')!)).toMatchObject({ title: true, icon: false });
    expect(outsideChangesOf(corpus.byId.get('window-ops.title-stack-pop-empty')!).unrestorable).toMatch(/title stack/);
    expect(outsideChangesOf(corpus.byId.get('osc-colours.query-11')!).dynamic.size).toBe(0);
  });
});
