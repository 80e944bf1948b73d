import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { displayWidth, NARROW_TEXT } from './display-width.js';

const { strlen } = createRequire(import.meta.url)('cli-table3/src/utils.js') as { strlen: (s: string) => number };

describe('displayWidth', () => {
  it('measures as cli-table3 does: the symbols it counts by length, mixed with ASCII in any order', () => {
    const symbols = '✓✗⏎…→–·—';
    for (const ch of symbols) {
      expect(NARROW_TEXT.test(ch)).toBe(true);
      expect(strlen(ch)).toBe(1);
    }
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const alphabet = [...symbols, ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i))];
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: rand(30) }, () => alphabet[rand(alphabet.length)]!).join('');
      expect(NARROW_TEXT.test(text)).toBe(true);
      expect(displayWidth(text)).toBe(strlen(text));
    }
  });

  it('leaves colour codes out, and hands any other text to cli-table3', () => {
    for (const text of ['\x1b[32m✓= 1;80\x1b[0m', '\x1b[1;33m~U 2;1\x1b[0m', '日本', '😀 wide', 'e\u0301', 'a\nlonger line', '\x1b[2m? no-reply\x1b[0m', '♥', '中 ⏎', '\u0007bell', '']) {
      expect(displayWidth(text)).toBe(strlen(text));
    }
  });
});
