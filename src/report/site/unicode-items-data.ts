/**
 * A Unicode drill-down page's table of disagreeing items, as data drawn by
 * assets/unicode.js: each row says only what is the terminal's own (the run's
 * first and last id, count, text, version, pass, what was specified and what
 * was drawn); the names and blocks of its code points are looked up in
 * assets/unicode-names.js, written once for every page (the same items
 * disagree in most terminals), and the printf is made in the browser from the
 * text and the pass, byte for byte as item-printf.ts makes it. Drawn as HTML,
 * the 300 rows of each of 28 pages weighed 4.1 MB, mostly the same names,
 * blocks and octal escapes 28 times over.
 */
import { CATEGORY_LABELS } from '../../corpus/width-suite/width-item.js';
import { codePointInfo } from '../../corpus/width-suite/suite-names.js';
import { dataScript } from './features-overview.js';
import type { DisagreementRun } from './unicode-ranges.js';
import { idCodePoints } from './unicode-names.js';

export const UNICODE_NAMES = 'assets/unicode-names.js';

/**
 * [first id, last id's code points ('' for one item; its category is the first's), count, text, last text, version,
 * pass, specified, drawn (null: no answer), language ('' unless a language line)]. A text that is its id's code
 * points is 0, and 1 when it is "a" and them (a spacing mark after a letter): the script makes it (7,800 of the 8,400
 * rows; 0.11 MB of the 28 pages' data).
 */
export type ItemRow = [string, string, number, string | 0 | 1, string | 0 | 1, string, string, string, number | null, string];

/** The text as a row holds it: 0 or 1 when the script can make it from the id (see ItemRow). */
function textField(text: string | undefined, id: string): string | 0 | 1 {
  const cps = idCodePoints(id);
  if (text === undefined || cps.length === 0) return text ?? '';
  const made = String.fromCodePoint(...cps);
  return text === made ? 0 : text === `a${made}` ? 1 : text;
}

/** The names and blocks of the code points the pages show, gathered as they are written. */
export class UnicodeNameTable {
  readonly #blocks = new Map<string, number>();
  readonly #names = new Map<string, [string, number]>();

  #add(id: string): void {
    for (const cp of idCodePoints(id)) {
      const key = cp.toString(16).toUpperCase().padStart(4, '0');
      if (this.#names.has(key)) continue;
      const info = codePointInfo(cp);
      // Without the names file (not built), names are left out, never guessed: the page shows none.
      if (!info) return;
      let b = this.#blocks.get(info.block);
      if (b === undefined) this.#blocks.set(info.block, (b = this.#blocks.size));
      this.#names.set(key, [info.name, b]);
    }
  }

  row({ first: d, last, count }: DisagreementRun): ItemRow {
    const language = d.category === 'language';
    if (!language) {
      this.#add(d.id);
      if (count > 1) this.#add(last.id);
    }
    const specified = `${d.expected}${d.convention ? (d.convention === 'advance' ? ' (Mc 1)' : ' (Mc 0)') : ''}`;
    const version = d.emoji && d.category !== 'wide' ? `emoji ${d.emoji}` : (d.unicode ?? '');
    const lastId = count > 1 ? (last.id.startsWith(`${d.category}:`) ? last.id.slice(d.category.length + 1) : last.id) : '';
    return [d.id, lastId, count, textField(d.text, d.id), count > 1 ? textField(last.text, last.id) : '', version, d.pass, specified, d.got, language ? (d.note ?? '') : ''];
  }

  script(): string {
    const names = Object.fromEntries([...this.#names].sort((a, b) => parseInt(a[0], 16) - parseInt(b[0], 16)));
    return dataScript('termprobeUnicode', { labels: CATEGORY_LABELS, blocks: [...this.#blocks.keys()], names }, 'the names and blocks of the code points the Unicode pages list, by code point as ids write it (unicode-items-data.ts)');
  }
}
