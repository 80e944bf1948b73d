/**
 * How a feature's mark shows on the site: a symbol, a word and a one-letter
 * class (the overview's cells carry nothing else, to keep index.html small),
 * coloured from the same Okabe–Ito palette as the probe marks in light and dark.
 */
import { FEATURE_MARKS, FEATURE_SYMBOLS, FEATURE_WORDS, type FeatureMarkKind } from '../../classify/feature-marks.js';

export const MARK_CLASS: Record<FeatureMarkKind, string> = { supported: 'y', partial: 'p', unsupported: 'n', unmeasured: 'q' };

export const MARK_MEANING: Record<FeatureMarkKind, string> = {
  supported: 'every facet measured works',
  partial: 'the feature is there, and some facet fails: the notes say which',
  unsupported: 'the facets that show the feature is there all fail',
  unmeasured: 'no probe decides it for this terminal (no reply, screen not read, or no probe yet)',
};

/** Light and dark colours per mark: background, ink. */
export const MARK_COLOURS: Record<FeatureMarkKind, { light: [string, string]; dark: [string, string] }> = {
  supported: { light: ['#d4ede1', '#0f3b26'], dark: ['#1d4a35', '#e3f5ec'] },
  partial: { light: ['#f7e3a1', '#3d2f00'], dark: ['#5a4a12', '#fff3c4'] },
  unsupported: { light: ['#f4c6a8', '#4a1a00'], dark: ['#6a2e0c', '#ffe2cf'] },
  unmeasured: { light: ['#e6e6e6', '#3a3a3a'], dark: ['#30353b', '#c9ced3'] },
};

export const markSymbol = (k: FeatureMarkKind) => FEATURE_SYMBOLS[k];
export const markWord = (k: FeatureMarkKind) => FEATURE_WORDS[k];

/** The rules for the marks' colours (generated.css). */
export function featureMarkCss(): string {
  const light = FEATURE_MARKS.map((k) => `.fm-${MARK_CLASS[k]},.fgrid td.${MARK_CLASS[k]}{background-color:${MARK_COLOURS[k].light[0]};color:${MARK_COLOURS[k].light[1]}}`);
  const dark = FEATURE_MARKS.map((k) => `.fm-${MARK_CLASS[k]},.fgrid td.${MARK_CLASS[k]}{background-color:${MARK_COLOURS[k].dark[0]};color:${MARK_COLOURS[k].dark[1]}}`);
  return `${light.join('\n')}\n@media (prefers-color-scheme: dark){${dark.join('')}}`;
}
