import { describe, expect, it } from 'vitest';
import { ReplyParser } from '../protocol/reply-parser.js';
import { canonicalColour } from '../protocol/colour-spec.js';
import { querySpec } from './queries.js';

const encoder = new TextEncoder();

/** The value a query gets from a reply, through the real parser. */
function valueOf(query: string, reply: string): string | undefined {
  const spec = querySpec(query);
  const ev = new ReplyParser().feed(encoder.encode(reply)).find((e) => spec.matches(e));
  return ev ? spec.value(ev) : undefined;
}

describe('colour specifications in canonical form', () => {
  it('scales every X11 and # form to #rrggbb', () => {
    expect(canonicalColour('rgb:ffff/0000/8080')).toBe('#ff0080');
    expect(canonicalColour('rgb:cdcd/0000/0000')).toBe('#cd0000');
    expect(canonicalColour('rgb:f/0/8')).toBe('#ff0088');
    expect(canonicalColour('rgb:ff/00/80')).toBe('#ff0080');
    expect(canonicalColour('rgba:ffff/0000/8080/ffff')).toBe('#ff0080');
    expect(canonicalColour('#f08')).toBe('#f00080');
    expect(canonicalColour('#ff0080')).toBe('#ff0080');
    expect(canonicalColour('red')).toBeNull();
    expect(canonicalColour('rgb:fffff/0/0')).toBeNull();
  });
});

describe('the report queries', () => {
  it('canonicalise OSC colour replies, 7-bit or 8-bit, BEL or ST', () => {
    expect(valueOf('osc:11', '\x1b]11;rgb:ffff/ffff/ffff\x1b\\')).toBe('#ffffff');
    expect(valueOf('osc:10', '\u009d10;rgb:0000/0000/0000\x07')).toBe('#000000');
    expect(valueOf('osc4:1', '\x1b]4;1;rgb:cdcd/0000/0000\x1b\\')).toBe('#cd0000');
    expect(valueOf('osc4:1', '\x1b]4;12;rgb:cdcd/0000/0000\x1b\\')).toBeUndefined();
  });

  it('read XTWINOPS, XTGETTCAP, kitty, XTSMGRAPHICS, DECRQPSR, checksum and DSR replies', () => {
    expect(valueOf('xtwinops:18', '\x1b[8;24;80t')).toBe('8;24;80');
    expect(valueOf('xtwinops:14', '\x1b[8;24;80t')).toBeUndefined();
    expect(valueOf('xtwinops:21', '\x1b]lmy title\x1b\\')).toBe('my title');
    expect(valueOf('xtgettcap:544e', '\x1bP1+r544e=787465726d\x1b\\')).toBe('1=xterm');
    expect(valueOf('xtgettcap:736d637570', '\x1bP1+r736d637570=1b5b3f3130343968\x1b\\')).toBe('1=\\e[?1049h');
    expect(valueOf('xtgettcap:666f6f', '\x1bP0+r666f6f\x1b\\')).toBe('0');
    expect(valueOf('kitty-keyboard', '\x1b[?5u')).toBe('5');
    expect(valueOf('kitty-graphics', '\x1b_Gi=31;OK\x1b\\')).toBe('OK');
    expect(valueOf('xtsmgraphics:1;1', '\x1b[?1;0;1024S')).toBe('0;1024');
    expect(valueOf('deccir', '\x1bP1$u1;1;1;@;@;@;0;2;@;BB%5BB\x1b\\')).toBe('1;1;1;@;@;@;0;2;@;BB%5BB');
    expect(valueOf('dectabsr', '\x1bP2$u9/17\x1b\\')).toBe('9/17');
    expect(valueOf('decrqcra:1;1;1;10', '\x1bP1!~fa3c\x1b\\')).toBe('FA3C');
    expect(valueOf('dsr:?996', '\x1b[?997;2n')).toBe('997;2');
    expect(valueOf('c1-form', '\u009b0n')).toBe('8-bit');
    expect(valueOf('c1-form', '\x1b[0n')).toBe('7-bit');
  });
});
