/**
 * Report formats: a map from name to a lazily loaded renderer, one map per
 * report (vitest's reporter registry, in small). A bad name lists the valid ones.
 */
import { BadInputError } from '../util/bad-input-error.js';
import type { Comparison } from '../classify/build-comparison.js';
import type { CompareRenderOptions } from './compare-rows.js';
import type { ResultsDiff } from './diff-results.js';

export const FORMATS = ['text', 'markdown', 'json'] as const;
export type Format = (typeof FORMATS)[number];

export class UnknownFormatError extends BadInputError {
  constructor(name: string) {
    super(`unknown format "${name}"; valid formats: ${FORMATS.join(', ')}`);
    this.name = 'UnknownFormatError';
  }
}

export function validateFormat(name: string | undefined): Format {
  const f = name ?? 'text';
  if (!(FORMATS as readonly string[]).includes(f)) throw new UnknownFormatError(f);
  return f as Format;
}

type CompareRenderer = (cmp: Comparison, opts: CompareRenderOptions) => string;
type DiffRenderer = (diff: ResultsDiff) => string;

export const COMPARE_RENDERERS: Record<Format, () => Promise<CompareRenderer>> = {
  text: async () => (await import('./compare-text.js')).renderCompareText,
  markdown: async () => (await import('./compare-markdown.js')).renderCompareMarkdown,
  json: async () => (await import('./compare-json.js')).renderCompareJson,
};

export const DIFF_RENDERERS: Record<Format, () => Promise<DiffRenderer>> = {
  text: async () => (await import('./diff-text.js')).renderDiffText,
  markdown: async () => (await import('./diff-markdown.js')).renderDiffMarkdown,
  json: async () => (await import('./diff-json.js')).renderDiffJson,
};
