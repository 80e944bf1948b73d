/**
 * What the site says of a disagreeing item beside its code points: the name
 * and block of its code point (of the mark, after the base letter a zero-width
 * or spacing-mark item is written with; of each code point, joined, for a
 * sequence), or the language of a language line. Names come from the suite's
 * names file (dist/width-suite-names.json, Unicode 17.0); where it is not
 * built, they are left out, never guessed.
 */
import type { Disagreement } from '../../classify/unicode-verdict.js';
import { codePointInfo } from '../../corpus/width-suite/suite-names.js';

export interface ItemNames {
  name: string;
  block: string;
}

/** The code points an id names ("zero-width:0301" → [0x301]; "emoji-zwj:1F468-200D-1F469" → three). */
export function idCodePoints(id: string): number[] {
  const body = id.slice(id.indexOf(':') + 1);
  return /^[0-9A-F]{4,6}(-[0-9A-F]{4,6})*$/.test(body) ? body.split('-').map((h) => parseInt(h, 16)) : [];
}

export function itemNames(d: Pick<Disagreement, 'id' | 'category' | 'note'>): ItemNames {
  if (d.category === 'language') return { name: d.note ?? '', block: 'a line of text' };
  const cps = idCodePoints(d.id);
  const infos = cps.map((cp) => codePointInfo(cp));
  if (infos.some((i) => i === undefined)) return { name: '', block: '' };
  const blocks = [...new Set(infos.map((i) => i!.block))];
  return { name: infos.map((i) => i!.name).join(' + '), block: blocks.join(', ') };
}
