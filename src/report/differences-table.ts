/**
 * The short report `termprobe run` (and the bare command without a terminal)
 * prints: the summary first — how many probes differ, and the command that
 * shows every difference with its verdict — then the probes where the targets'
 * answers differ, compared the way `termprobe compare` compares them (a target
 * that could not read its screen is compared on cursor and replies only).
 * With a limit, only the most telling differences are listed: those where one
 * target implements what another lacks first, then those where one gives an
 * answer neither expectation names, taken in turn from each category so a few
 * rows show the range. The table fits the width given (answers wrap; probe ids
 * are never cut, so they can be pasted into `termprobe show`). Past a few
 * targets the table is too wide to read: the count and the command instead.
 */
import Table from 'cli-table3';
import { makeSigner } from '../classify/answer-signer.js';
import { labelRuns, viewRun, type RunView } from '../classify/run-view.js';
import type { Support } from '../classify/support-mark.js';
import type { ResultsFile } from '../results/results-schema.js';
import { plural } from '../util/plural.js';
import { wrapLines } from './wrap-lines.js';

const MAX_COLUMNS = 4;
/** An answer column is never narrower than this (it wraps instead). */
const MIN_ANSWER = 8;
const DEFAULT_ANSWER = 24;

export interface DifferencesOptions {
  color?: boolean;
  /** The files the runs were written to (for the compare command it names). */
  files?: string[];
  /** List at most this many differences, the most telling first (undefined: all, in corpus order). */
  limit?: number;
  /** The option that lists them all, named in the line that counts the rest (e.g. "--all"). */
  allOption?: string;
  /** Fit the table to this many columns (undefined: no limit). */
  width?: number;
  /** A run's support mark on a probe, to find the most telling differences (without it: corpus order). */
  mark?: (run: ResultsFile, id: string) => Support;
}

function views(runs: ResultsFile[]): RunView[] {
  const list = runs.map((r) => viewRun(`(${r.target.id})`, r));
  labelRuns(list);
  return list;
}

/** 3: one implements what another lacks; 2: one answers what neither expectation names; 1: a different answer, same support; 0: one cannot tell. */
function tellingness(marks: readonly Support[]): number {
  const has = (s: Support) => marks.includes(s);
  if (has('implements') && has('lacks')) return 3;
  if (has('other') && (has('implements') || has('lacks'))) return 2;
  return has('inconclusive') ? 0 : 1;
}

/** The `limit` most telling ids: by tellingness, then one from each category in turn, then corpus order. */
export function mostTelling(ids: readonly string[], score: (id: string) => number, limit: number): string[] {
  const byScore = [...ids].map((id, i) => ({ id, i, s: score(id), cat: id.slice(0, id.indexOf('.')) })).sort((a, b) => b.s - a.s || a.i - b.i);
  const out: string[] = [];
  for (let s = 3; s >= 0 && out.length < limit; s--) {
    const tier = byScore.filter((x) => x.s === s);
    const byCat = new Map<string, string[]>();
    for (const x of tier) byCat.set(x.cat, [...(byCat.get(x.cat) ?? []), x.id]);
    for (let round = 0; out.length < limit && [...byCat.values()].some((l) => l.length > round); round++) {
      for (const list of byCat.values()) if (list[round] !== undefined && out.length < limit) out.push(list[round]!);
    }
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  return out.sort((a, b) => order.get(a)! - order.get(b)!);
}

export function differencesTable(runs: ResultsFile[], opts: DifferencesOptions = {}): string {
  if (runs.length < 2) return '';
  const list = views(runs);
  const signer = makeSigner(list);
  const ids = [...new Set(runs.flatMap((r) => r.probes.map((p) => p.id)))];
  const differing = ids.filter((id) => new Set(list.map((v) => signer.of(v, id) ?? 'absent')).size > 1);
  const names = list.map((v) => v.label);
  const among = runs.length === 2 ? `between ${names.join(' and ')}` : `among the ${runs.length} targets`;
  if (differing.length === 0) return `All ${runs.length} targets give the same answer to ${ids.length === 1 ? 'the one probe' : `all ${ids.length} probes`}.\n`;
  const files = opts.files?.length ? opts.files.join(' ') : 'results/*.json';
  const summary = `${differing.length} of ${plural(ids.length, 'probe')} ${differing.length === 1 ? 'differs' : 'differ'} ${among}.`;
  const next = `Every difference with its verdict (bug, deliberate, …): termprobe compare ${files} --only-differences`;
  if (runs.length > MAX_COLUMNS) return `${(opts.width === undefined ? [summary, next] : wrapLines([summary, next], opts.width)).join('\n')}\n`;
  const limited = opts.limit !== undefined && differing.length > opts.limit;
  const shown = limited ? mostTelling(differing, (id) => (opts.mark ? tellingness(runs.map((r) => opts.mark!(r, id))) : 1), opts.limit!) : differing;
  // The probe column fits the longest id: ids are never cut. The answers share what is left of the width.
  let idWidth = 'probe'.length;
  for (const id of shown) idWidth = Math.max(idWidth, id.length);
  const room = opts.width === undefined ? undefined : opts.width - (idWidth + 2) - (runs.length + 2);
  const answer = room === undefined ? DEFAULT_ANSWER : Math.max(MIN_ANSWER, Math.min(DEFAULT_ANSWER, Math.floor(room / runs.length)));
  const table = new Table({
    head: ['probe', ...names],
    style: { head: opts.color ? ['cyan'] : [], border: opts.color ? ['grey'] : [] },
    wordWrap: true,
    colWidths: [idWidth + 2, ...runs.map(() => answer)],
  });
  for (const id of shown) table.push([id, ...list.map((v) => signer.summary(v, id))]);
  const head = limited
    ? `The ${shown.length} most telling (one implements what another lacks, then answers no expectation names; across categories):`
    : undefined;
  const rest = limited ? `… ${differing.length - shown.length} more: ${opts.allOption ? `termprobe ${opts.allOption} lists them here, or ` : ''}the compare command above gives each its verdict.` : undefined;
  const fit = (lines: string[]) => (opts.width === undefined ? lines : wrapLines(lines, opts.width));
  return [...fit([summary, next, ...(head ? [head] : [])]), table.toString(), ...fit(rest ? [rest] : []), ''].join('\n');
}
