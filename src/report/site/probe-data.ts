/**
 * assets/probe-data.js: every probe × terminal cell as the probe matrix
 * (probes.html) and the compare view (compare.html) draw it, in one compact
 * script both load (a page opened from disk may not fetch() JSON, but may load
 * a script under the site's CSP). Per probe: id, page, title, the mnemonics of
 * its bytes, its distinct answers once, and per terminal one character each for
 * the cell's kind, its agreement class, its answer, the screen depth it was read
 * at and its answer group at each depth (SiteCell.group: the "differ" filter
 * compares two terminals at the deeper level both read). assets/probe-search.js,
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

function packRow(r: SiteRow): unknown[] {
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
  const words = [...new Set(r.sequences.map(mnemonicName).filter((n): n is string => n !== undefined))];
  return [r.id, r.slug === r.id ? 0 : r.slug, r.title, [...r.sequences, ...words].join(' | '), packDigits(kinds), packDigits(classes), packDigits(answerOf), answers, packDigits(depth), packDigits(level(0)), packDigits(level(1)), packDigits(level(2))];
}

export function probeData(model: SiteModel): unknown {
  return {
    kinds: CELL_KINDS.map((k) => [k, KIND_STYLES[k].mark, KIND_STYLES[k].word]),
    classes: ['', ...AGREEMENTS.map((a) => `${AGREEMENT_LETTERS[a]} ${a}`)],
    reference: model.reference.index,
    terminals: model.columns.map((c) => ({ slug: c.slug, short: c.short, label: c.view.label, name: c.view.name, version: c.view.version, names: terminalNames(c), score: scoreText(c), engine: c.view.engine.name, how: c.view.run.target.identity.identifiedBy, platform: c.view.label.endsWith(` on ${c.view.platform}`) ? c.view.platform : '' })),
    categories: model.categories.map((cat) => ({ name: cat.name, slug: cat.slug, probes: cat.rows.map(packRow) })),
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
