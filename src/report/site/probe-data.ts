/**
 * assets/probe-data.js: every probe × terminal cell as the probe matrix
 * (probes.html) and the compare view (compare.html) draw it, in one compact
 * script both load (a page opened from disk may not fetch() JSON, but may load
 * a script under the site's CSP). Per probe: id, page, title, the mnemonics of
 * its bytes, its distinct answers once, and per terminal one character each for
 * the cell's kind, its agreement class, its answer, the screen depth it was read
 * at and its answer group at each depth (SiteCell.group: the "differ" filter
 * compares two terminals at the deeper level both read; a field equal to an
 * earlier one of the row is that field's index). assets/probe-search.js,
 * loaded on the first search, adds each probe's description and spec.
 */
import { AGREEMENTS } from '../../classify/agreement.js';
import { mnemonicName } from '../../corpus/mnemonic-names.js';
import { AGREEMENT_LETTERS } from '../class-marks.js';
import { CELL_KINDS, KIND_STYLES } from './cell-kind.js';
import { dataScript } from './features-overview.js';
import { scoreText, terminalNames } from './matrix-page.js';
import type { SiteModel, SiteRow } from './site-model.js';

export const PROBE_DATA = 'assets/probe-data.js';
export const PROBE_SEARCH = 'assets/probe-search.js';

/** One character per small number: 0-9, a-z, A-Z (62), so a row of 28 cells is 28 characters. */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Small numbers as one character each, or as a plain list when one is past the alphabet (over 62 distinct answers). */
export function packDigits(values: readonly number[]): string | number[] {
  return values.every((v) => v >= 0 && v < DIGITS.length) ? values.map((v) => DIGITS[v]).join('') : [...values];
}

/** Each distinct sequence or mnemonic word once for the whole table (a row names its by two base-62 digits each: 564 strings were 120 KB said per probe). */
class Words {
  readonly list: string[] = [];
  readonly #index = new Map<string, number>();
  pack(words: readonly string[]): string {
    return words
      .map((w) => {
        let i = this.#index.get(w);
        if (i === undefined) this.#index.set(w, (i = this.list.push(w) - 1));
        if (i >= DIGITS.length * DIGITS.length) throw new Error(`probe data: over ${DIGITS.length * DIGITS.length} distinct sequences and words (two digits each)`);
        return DIGITS[Math.floor(i / DIGITS.length)]! + DIGITS[i % DIGITS.length]!;
      })
      .join('');
  }
}

/** The per-terminal fields (4 on) as packed, a field equal to an earlier one given as that field's index (a third of them are). */
function sameAsEarlier(row: unknown[]): unknown[] {
  const keys = row.map((v) => JSON.stringify(v));
  return row.map((v, i) => {
    if (i <= 4 || i === 7) return v;
    const j = [4, 5, 6, 8, 9, 10].find((k) => k < i && keys[k] === keys[i]);
    return j === undefined ? v : j;
  });
}

function packRow(r: SiteRow, words: Words): unknown[] {
  const answers: string[] = [];
  const index = new Map<string, number>();
  const answerOf = r.cells.map((cell) => {
    let a = index.get(cell.answer);
    if (a === undefined) index.set(cell.answer, (a = answers.push(cell.answer) - 1));
    return a;
  });
  const kinds = r.cells.map((c) => CELL_KINDS.indexOf(c.kind));
  const classes = r.cells.map((c) => (c.verdict.agreement ? AGREEMENTS.indexOf(c.verdict.agreement.class) + 1 : 0));
  // Screen depth per cell (0 none, 1 text, 2 cells; 3: no answer) and the answer group at each level.
  const parts = r.cells.map((c) => c.groupParts);
  const depth = parts.map((p) => (p ? p[0]! : 3));
  const level = (i: number) => parts.map((p) => (p ? p[1 + i]! : 0));
  const names = [...new Set(r.sequences.map(mnemonicName).filter((n): n is string => n !== undefined))];
  return sameAsEarlier([r.id, r.slug === r.id ? 0 : r.slug, r.title, words.pack([...r.sequences, ...names]), packDigits(kinds), packDigits(classes), packDigits(answerOf), answers, packDigits(depth), packDigits(level(0)), packDigits(level(1)), packDigits(level(2))]);
}

export function probeData(model: SiteModel): unknown {
  const words = new Words();
  const categories = model.categories.map((cat) => ({ name: cat.name, slug: cat.slug, probes: cat.rows.map((r) => packRow(r, words)) }));
  return {
    kinds: CELL_KINDS.map((k) => [k, KIND_STYLES[k].mark, KIND_STYLES[k].word]),
    classes: ['', ...AGREEMENTS.map((a) => `${AGREEMENT_LETTERS[a]} ${a}`)],
    reference: model.reference.index,
    terminals: model.columns.map((c) => ({ slug: c.slug, short: c.short, label: c.view.label, name: c.view.name, version: c.view.version, names: terminalNames(c), score: scoreText(c), engine: c.view.engine.name, how: c.view.run.target.identity.identifiedBy, platform: c.view.label.endsWith(` on ${c.view.platform}`) ? c.view.platform : '' })),
    words: words.list,
    categories,
  };
}

/** What the search adds once it is used: each probe's description and spec, in row order. */
export function probeSearchData(model: SiteModel): unknown {
  return model.rows.map((r) => [r.probe?.description, r.probe?.spec].filter(Boolean).join(' ').replace(/\s+/g, ' ').toLowerCase());
}

export const probeDataFiles = (model: SiteModel) => [
  { path: PROBE_DATA, content: () => dataScript('termprobeProbes', probeData(model), 'every probe × terminal cell, for probes.html and compare.html (probe-data.ts)') },
  { path: PROBE_SEARCH, content: () => dataScript('termprobeProbeSearch', probeSearchData(model), 'each probe’s description and spec, for the probe search (probe-data.ts)') },
];
