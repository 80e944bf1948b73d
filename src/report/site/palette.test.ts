/**
 * The cell colours stay apart for colour-blind readers: simulate protanopia and
 * deuteranopia (Machado, Oliveira & Fernandes 2009, severity 1) and require every
 * pair of coloured kinds to differ by a clear CIELAB distance. Ink must contrast
 * with its background (WCAG ratio ≥ 4.5) so the mark is always readable.
 */
import { describe, expect, it } from 'vitest';
import { KIND_STYLES, type CellKind } from './cell-kind.js';

type Matrix = [number, number, number][];
const VISION: Record<string, Matrix> = {
  typical: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
};

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const linearRgb = (hex: string) => [1, 3, 5].map((i) => toLinear(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];

function lab(hex: string, m: Matrix): [number, number, number] {
  const rgb = linearRgb(hex);
  const [r, g, b] = m.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]))) as [number, number, number];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function luminance(hex: string): number {
  const [r, g, b] = linearRgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const COLOURED: CellKind[] = ['implements', 'lacks', 'other', 'unexplained', 'inconclusive'];

describe('cell palette', () => {
  for (const [vision, m] of Object.entries(VISION)) {
    it(`keeps every pair of kinds apart under ${vision} vision (ΔE ≥ 15)`, () => {
      for (const a of COLOURED) {
        for (const b of COLOURED) {
          if (a >= b) continue;
          const [p, q] = [lab(KIND_STYLES[a].background, m), lab(KIND_STYLES[b].background, m)];
          const distance = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
          expect(distance, `${a} vs ${b}`).toBeGreaterThanOrEqual(15);
        }
      }
    });
  }

  it('gives every kind a distinct mark and readable ink', () => {
    const marks = Object.values(KIND_STYLES).map((s) => s.mark);
    expect(new Set(marks).size).toBe(marks.length);
    for (const [kind, s] of Object.entries(KIND_STYLES)) {
      const [hi, lo] = [luminance(s.background), luminance(s.ink)].sort((x, y) => y - x) as [number, number];
      expect((hi + 0.05) / (lo + 0.05), kind).toBeGreaterThanOrEqual(4.5);
    }
  });
});
