/**
 * One fuzz case from the grammar: often a cursor position first (so relative
 * moves start away from the edges), then a few tokens — CSI sequences with
 * random parameters (omitted, 0, 1, small, the corpus's own values, huge),
 * ESC sequences, controls, and text with wide and combining characters.
 */
import type { CsiTemplate, Grammar } from './corpus-grammar.js';
import type { SeededRandom } from './seeded-random.js';

function param(t: CsiTemplate, rnd: SeededRandom): string {
  const r = rnd.int(10);
  if (r === 0) return '';
  if (r === 1) return '0';
  if (r === 2) return '1';
  if (r <= 4) return String(2 + rnd.int(9));
  if (r <= 7 && t.values.length > 0) return rnd.pick(t.values);
  // Huge counts are rare: xterm.js scrolls (SU, SD, IL, DL) one line per count through its 1000-line scrollback.
  if (r === 8) return String(rnd.int(16) === 0 ? rnd.pick([999, 9999, 65535, 65536]) : 99);
  return String(rnd.int(30));
}

function csi(t: CsiTemplate, rnd: SeededRandom): string {
  const count = Math.max(0, t.params + rnd.int(3) - 1);
  const params: string[] = [];
  for (let i = 0; i < count; i++) params.push(param(t, rnd));
  return `\x1b[${t.marker}${params.join(';')}${t.intermediates}${t.final}`;
}

function text(g: Grammar, rnd: SeededRandom): string {
  const r = rnd.int(10);
  if (r < 5 || g.text.ascii.length === 0) return rnd.pick(g.text.ascii.length > 0 ? g.text.ascii : ['x']).repeat(1 + rnd.int(3));
  if (r < 7 && g.text.wide.length > 0) return rnd.pick(g.text.wide);
  if (r < 9 && g.text.combining.length > 0) return rnd.pick(g.text.ascii.length > 0 ? g.text.ascii : ['e']) + rnd.pick(g.text.combining);
  return g.text.other.length > 0 ? rnd.pick(g.text.other) : 'x';
}

export function generateCase(g: Grammar, rnd: SeededRandom, size: { cols: number; rows: number }): string {
  let out = '';
  if (rnd.int(3) > 0) out += `\x1b[${1 + rnd.int(size.rows)};${1 + rnd.int(size.cols)}H`;
  const tokens = 1 + rnd.int(4);
  for (let i = 0; i < tokens; i++) {
    const r = rnd.int(20);
    if (r < 11 && g.csi.length > 0) out += csi(rnd.pick(g.csi), rnd);
    else if (r < 13 && g.esc.length > 0) out += rnd.pick(g.esc);
    else if (r < 15 && g.controls.length > 0) out += rnd.pick(g.controls);
    else out += text(g, rnd);
  }
  // Print after the case, so a cursor left in a pending-wrap or odd state shows on the screen too.
  if (rnd.int(2) === 0) out += 'Z';
  return out;
}
