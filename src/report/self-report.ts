/**
 * The report `npx termprobe` prints on the normal screen once the terminal is
 * restored: who answered, the settings seen, the summary (how many probes
 * answered as the reference does, how many differ by class), the differences
 * grouped by class, where the results file went, and the summary again as the
 * last line, where it is seen after the report scrolls. Unless verbose it fits
 * in 40 screen rows (a few differences per class, and how many more).
 */
import type { Corpus } from '../corpus/load-corpus.js';
import type { ResultsFile } from '../results/results-schema.js';
import { plural } from '../util/plural.js';
import type { Comparison } from './self-report-compare.js';
import type { Classified, DifferenceClass } from './self-report-classes.js';
import { differenceLines, groupDifferences, LETTER, rowsOf } from './self-report-differences.js';
import type { WidthFit } from './self-report-widths.js';
import { inconclusiveLines, sizeLine } from './self-report-inconclusive.js';
import { wrapLines } from './wrap-lines.js';

export const REPORT_ROWS = 40;

export interface SelfReportInput {
  results: ResultsFile;
  corpus: Corpus;
  /** The identification line (identify-guess.ts), when there is one. */
  summary?: string;
  reference?: { label: string; comparison: Comparison; classes?: ReadonlyMap<string, DifferenceClass>; support?: Classified['support'] };
  widths?: WidthFit;
  /** With --unicode: the Unicode verdict's lines (unicode-report.ts). */
  unicode?: string[];
  /** Where the results file was written. */
  file?: string;
  notes?: string[];
  gaveUp?: string;
  verbose?: boolean;
  /** The terminal's width, for counting wrapped rows (default 80). */
  columns?: number;
}

const order = (m: string) => (m.startsWith('?') ? Number(m.slice(1)) : 100000 + Number(m)); // DEC modes, then ANSI

function settingsLine(r: ResultsFile, verbose: boolean): string {
  const s = r.settings;
  const reported = Object.entries(s.modes ?? {})
    .filter(([, v]) => v === 'set' || v === 'reset' || v.startsWith('permanently'))
    .sort(([a], [b]) => order(a) - order(b));
  const head = `  size ${s.cols}x${s.rows}${s.term ? `, TERM=${s.term}` : ''}`;
  if (reported.length === 0) return `${head}; no mode reported by DECRQM`;
  if (verbose) return `${head}; modes ${reported.map(([m, v]) => `${m}=${v}`).join(' ')}`;
  const set = reported.filter(([, v]) => v === 'set' || v === 'permanently-set').map(([m]) => m);
  return `${head}; ${plural(reported.length, 'mode')} reported, set: ${set.join(' ') || 'none'} (--verbose: each state)`;
}

/** The one-line summary, printed first and last. */
export function summaryLine(input: SelfReportInput): string {
  const ref = input.reference;
  if (!ref) return `Summary: ${input.gaveUp ?? 'nothing was compared'}`;
  const c = ref.comparison;
  const compared = c.matched.length + c.differ.length;
  const groups = groupDifferences({ differ: c.differ, classes: ref.classes ?? new Map(), corpus: input.corpus, results: input.results, refName: '' });
  const byClass = groups.map(([cls, list]) => `${LETTER[cls]} ${list.length}`).join(', ');
  const differ = c.differ.length === 0 ? 'none differ' : `${c.differ.length} differ (${byClass})`;
  const skipped = c.notCompared.length > 0 ? `; ${c.notCompared.length} not compared` : '';
  const gaveUp = input.gaveUp ? `; ${input.gaveUp}` : '';
  const s = ref.support;
  const decided = s ? s.implements + s.lacks + s.other : 0;
  const implemented = s && decided > 0 ? `your terminal implements ${s.implements} of ${plural(decided, 'probe')} its answers decide (score ${s.score!.toFixed(1)}, ${s.inconclusive} inconclusive); ` : '';
  return `Summary: ${implemented}${c.matched.length} of ${plural(compared, 'probe')} answer as ${ref.label} does; ${differ}${skipped}${gaveUp}.`;
}

function countBy<T>(items: T[], key: (t: T) => string): [string, number][] {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return [...m.entries()];
}

export function selfReport(input: SelfReportInput): string {
  const { results: r } = input;
  const id = r.target.identity;
  const verbose = input.verbose === true;
  const columns = Math.max(20, input.columns ?? 80);
  const summary = summaryLine(input);
  const head = [`termprobe: your terminal is ${input.summary ?? `${id.name} ${id.version} (${id.identifiedBy})`}`, settingsLine(r, verbose)];
  if (input.widths) head.push(`  ${input.widths.summary}`);
  if (input.unicode) head.push(...input.unicode);
  if (input.gaveUp) head.push(`termprobe: ${input.gaveUp}`);
  head.push('', summary);
  const ref = input.reference;
  const size = sizeLine(ref?.support?.inconclusiveWhy, r);
  if (size) head.push(size);
  if (ref?.support) head.push(...inconclusiveLines(ref.support.inconclusiveWhy, ref.support.inconclusive, r));
  // The ? line says why probes are inconclusive; the not-compared count repeats most of it: only verbose, then.
  if (ref && (verbose || !ref.support)) {
    const reasons = [...countBy(ref.comparison.notCompared, (x) => x.why)].sort((a, b) => b[1] - a[1]);
    // More than two reasons would take the rows the differences need: the most common one, and --verbose for the rest.
    if (verbose || reasons.length <= 2) for (const [why, n] of reasons) head.push(`  ${n} not compared: ${why}`);
    else head.push(`  ${ref.comparison.notCompared.length} not compared, for ${reasons.length} reasons (--verbose: each); ${reasons[0]![1]} of them ${reasons[0]![0]}`);
  }
  const end: string[] = [];
  if (ref && ref.comparison.differ.length > 0 && !verbose) end.push("`termprobe show <id>` prints a probe's bytes and a printf that shows it in any shell.");
  for (const note of input.notes ?? []) end.push(`note: ${note}`);
  if (input.file) end.push(`Results saved to ${input.file}`);
  // What is left of the 40 rows for the differences: after the head, a blank, the end block, a blank and the summary.
  const room = REPORT_ROWS - rowsOf(head, columns) - 1 - (end.length > 0 ? 1 + rowsOf(end, columns) : 0) - 1 - rowsOf([summary], columns);
  const diffs = ref ? differenceLines({ differ: ref.comparison.differ, classes: ref.classes ?? new Map(), corpus: input.corpus, results: r, refName: ref.label.split(' ')[0]! }, verbose, room, columns) : [];
  const out = [...head];
  if (diffs.length > 0) out.push('', ...diffs);
  if (end.length > 0) out.push('', ...end);
  out.push('', summary);
  // Every line fits the terminal's width: long ones break at spaces, continuations indented (never mid-word).
  return wrapLines(out, columns).join('\n') + '\n';
}
