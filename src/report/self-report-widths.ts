/**
 * The Unicode width behaviour a terminal shows, read off its answers to the
 * width probes: the same probes run in emulators whose width tables are known
 * (xterm.js with Unicode 6 and with Unicode 11 tables, Ghostty with recent
 * tables and grapheme clusters), and the terminal's answers fit one of them
 * exactly, or come closest to one.
 */
import type { Probe } from '../corpus/probe-schema.js';
import type { ResultsFile } from '../results/results-schema.js';
import { compareResults } from './self-report-compare.js';

export const WIDTH_CATEGORY = /width|grapheme|emoji/;

export function isWidthProbe(p: Probe): boolean {
  return WIDTH_CATEGORY.test(p.category);
}

export interface WidthModel {
  /** What settings.unicode records when the answers fit it. */
  label: string;
  description: string;
  target: string;
  options: Record<string, string>;
}

export const WIDTH_MODELS: readonly WidthModel[] = [
  { label: '6', description: 'Unicode 6 tables (xterm.js unicode=6)', target: 'xterm.js', options: { unicode: '6' } },
  { label: '11', description: 'Unicode 11 tables (xterm.js unicode=11)', target: 'xterm.js', options: { unicode: '11' } },
  { label: '15+clusters', description: 'Unicode 15+ tables with grapheme clusters (Ghostty)', target: 'ghostty', options: {} },
];

export interface WidthScore {
  model: WidthModel;
  matched: number;
  total: number;
}

export interface WidthFit {
  /** For settings.unicode: "11", "closest 11 (28/32)", or "not observed". */
  label: string;
  /** One line for the report. */
  summary: string;
  scores: WidthScore[];
}

export function fitWidths(mine: ResultsFile, models: { model: WidthModel; results: ResultsFile }[], widthIds: ReadonlySet<string>): WidthFit {
  const onlyWidths = (r: ResultsFile): ResultsFile => ({ ...r, probes: r.probes.filter((p) => widthIds.has(p.id)) });
  const scores = models.map(({ model, results }) => {
    const c = compareResults(onlyWidths(mine), results);
    return { model, matched: c.matched.length, total: c.matched.length + c.differ.length };
  });
  const answered = scores.reduce((n, s) => Math.max(n, s.total), 0);
  if (answered === 0) return { label: 'not observed', summary: 'Unicode widths: not observed (no width probe was answered)', scores };
  const ratio = (s: WidthScore) => s.matched / (s.total || 1);
  const top = Math.max(...scores.map(ratio));
  const bests = scores.filter((s) => ratio(s) === top);
  const best = bests[0]!;
  const exact = best.matched === best.total;
  const others = scores.filter((s) => !bests.includes(s)).map((s) => `${s.model.label}: ${s.matched}/${s.total}`).join(', ');
  const names = bests.map((s) => s.model.label).join(' or ');
  const label = exact ? names : `closest ${names} (${best.matched}/${best.total})`;
  const described = bests.map((s) => s.model.description).join(' and ');
  const verb = exact ? `fit ${described} on all ${best.total} width probes` : `come closest to ${described}: ${best.matched} of ${best.total} width probes`;
  return { label, summary: `Unicode widths: the answers ${verb}${others ? ` (${others})` : ''}`, scores };
}
