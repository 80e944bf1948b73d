import { describe, expect, it } from 'vitest';
import Table from 'cli-table3';
import { displayWidth } from './display-width.js';
import { renderBoxTable } from './box-table.js';

function cliTable3(head: string[], rows: string[][], colWidths: number[]): string {
  const t = new Table({ head, colWidths, style: { head: [], border: [], compact: true } });
  for (const r of rows) t.push(r);
  return t.toString();
}

describe('renderBoxTable', () => {
  it('draws exactly what cli-table3 draws for compact fixed-width tables (columns wide enough, as compare sizes them)', () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const words = ['1;80', '= 1;81', 'U 2;1', 'B decrqss:m=none', '日本', 'R 1;3 [ab   fghij]', '', 'x'.repeat(40), '😀 wide', 'e\u0301'];
    for (let n = 0; n < 200; n++) {
      const cols = 1 + rand(6);
      const head = Array.from({ length: cols }, (_, i) => `${words[rand(words.length)]} h${i}`);
      const rows = Array.from({ length: rand(5) }, () => Array.from({ length: cols }, () => words[rand(words.length)]!));
      const colWidths = head.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i]!))) + 2 + rand(4));
      expect(renderBoxTable(head, rows, { colWidths })).toBe(cliTable3(head, rows, colWidths));
    }
  });

  it('cuts text wider than its column with an ellipsis, never inside a character', () => {
    expect(renderBoxTable(['head'], [['😀😀😀'], ['abcdefgh']], { colWidths: [6] })).toBe(
      ['┌──────┐', '│ head │', '├──────┤', '│ 😀…  │', '│ abc… │', '└──────┘'].join('\n'),
    );
  });

  it('colours the border and head when asked, and only then', () => {
    const plain = renderBoxTable(['a'], [['b']], { colWidths: [5] });
    const coloured = renderBoxTable(['a'], [['b']], { colWidths: [5], color: true });
    expect(plain).not.toMatch(/\x1b/);
    expect(coloured).toMatch(/\x1b\[36ma\x1b\[39m/);
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain);
  });
});
