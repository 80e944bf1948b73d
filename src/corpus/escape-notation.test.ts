import { describe, expect, it } from 'vitest';
import { checkNotation, decodeNotation, decodeNotationFully, substituteSize } from './escape-notation.js';
import { loadCorpus } from './load-corpus.js';
import { escapeBytes, printfCommand } from './escape-bytes.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('decodeNotation', () => {
  it('decodes the named escapes, hex bytes and code points', () => {
    expect(hex(decodeNotation('\\e[6n'))).toBe('1b5b366e');
    expect(hex(decodeNotation('\\x1b\\a\\b\\t\\n\\v\\f\\r\\0\\\\'))).toBe('1b0708090a0b0c0d005c');
    expect(hex(decodeNotation('\\u{1F600}'))).toBe('f09f9880');
    expect(hex(decodeNotation('\\x9b'))).toBe('9b');
    expect(hex(decodeNotation('日'))).toBe('e697a5');
  });

  it('repeats groups, nested, with size variables', () => {
    expect(decodeNotation('\\{x*80}').length).toBe(80);
    expect(Buffer.from(decodeNotation('\\{a\\{b*2}*3}')).toString()).toBe('abbabbabb');
    expect(Buffer.from(decodeNotation('\\{x*${cols-1}}', { cols: 132, rows: 50 })).toString()).toBe('x'.repeat(131));
    expect(Buffer.from(decodeNotation('\\e[1;${cols}H', { cols: 100, rows: 30 })).toString()).toBe('\x1b[1;100H');
    expect(substituteSize('${rows+2}', { cols: 1, rows: 24 })).toBe('26');
  });

  it('rejects malformed notation with the place named', () => {
    expect(checkNotation('\\q')?.message).toMatch(/unknown escape "\\q"/);
    expect(checkNotation('abc\\')?.message).toMatch(/lone backslash/);
    expect(checkNotation('\\xZZ')?.message).toMatch(/two hex digits/);
    expect(checkNotation('\\u{D800}')?.message).toMatch(/not a Unicode scalar/);
    expect(checkNotation('\\{x*')?.message).toMatch(/not closed/);
    expect(checkNotation('${colz}')?.message).toMatch(/unknown variable/);
    expect(checkNotation('\\{x*99999999}')?.message).toMatch(/1 MiB/);
    expect(checkNotation('\\e[?2026$p')).toBeNull();
  });
});

describe('escapeBytes', () => {
  it('round-trips through decodeNotation', () => {
    const samples = ['\x1b[?1;2c', 'x'.repeat(80) + '\x1b[6n', '日本\u0301e\u200d', '\x1bP>|xterm(379)\x1b\\', '*'.repeat(9), 'a\\b'];
    for (const s of samples) {
      const bytes = new TextEncoder().encode(s);
      expect(hex(decodeNotation(escapeBytes(bytes)))).toBe(hex(bytes));
    }
    const raw = Uint8Array.from([0x9b, 0xff, 0xe2, 0x82]);
    expect(escapeBytes(raw)).toBe('\\x9b\\xff\\xe2\\x82');
    expect(hex(decodeNotation(escapeBytes(raw)))).toBe(hex(raw));
  });

  it('is readable: ESC as \\e, runs compressed, invisible code points escaped', () => {
    expect(escapeBytes(new TextEncoder().encode('\x1b[?2026;2$y'))).toBe('\\e[?2026;2$y');
    expect(escapeBytes(new TextEncoder().encode('x'.repeat(80)))).toBe('\\{x*80}');
    expect(escapeBytes(new TextEncoder().encode('e\u0301\u200d'))).toBe('e\\u{301}\\u{200D}');
  });
});

describe('printfCommand', () => {
  it('quotes for a POSIX shell with octal escapes', () => {
    expect(printfCommand(new TextEncoder().encode("\x1b[6n%'\\日"))).toBe("printf '\\033[6n%%\\047\\\\\\346\\227\\245'");
  });
});

describe('the fast path of decodeNotation', () => {
  it('gives the same bytes as the full decoder for every probe and for random notation', async () => {
    const size = { cols: 97, rows: 31 };
    for (const p of (await loadCorpus()).probes) {
      for (const text of [p.send, p.cleanup ?? '']) expect(hex(decodeNotation(text, size)), p.id).toBe(hex(decodeNotationFully(text, size)));
    }
    const pieces = ['\\e', '\\r', '\\0', '\\\\', 'x', '日', '😀', '[', '${cols}', '\\x41', '\\u{E9}', '*', '}', '{'];
    let seed = 3;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let k = (seed = (seed * 69069 + 1) % 2 ** 32) % 8; k >= 0; k--) text += pieces[(seed = (seed * 69069 + 1) % 2 ** 32) % pieces.length];
      expect(hex(decodeNotation(text, size)), text).toBe(hex(decodeNotationFully(text, size)));
    }
  });
});
