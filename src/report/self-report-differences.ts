/**
 * The differences part of the your-terminal report: grouped by class (the
 * class letter before every probe id, ids always whole), each with both
 * answers. Within a line budget the groups share the room, a few probes each,
 * and say how many more there are; verbose shows them all, with a printf each.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import { reproCommand } from '../corpus/repro-bytes.js';
import { answerSummary } from '../results/answer-key.js';
import type { ResultsFile } from '../results/results-schema.js';
import type { Difference } from './self-report-compare.js';
import type { DifferenceClass } from './self-report-classes.js';
import { AGREEMENT_LETTERS } from './class-marks.js';
import { wrapLine } from './wrap-lines.js';

export const CLASS_ORDER: readonly DifferenceClass[] = ['bug', 'unexplained', 'deliberate', 'reference', 'variant', 'inconclusive'];
export const LETTER: Record<DifferenceClass, string> = AGREEMENT_LETTERS;
const MEANING: Record<DifferenceClass, string> = {
  bug: 'bug: lacks what the probe specifies (or an entry says it is wrong)',
  deliberate: 'deliberate: differs on purpose (a registry entry says so)',
  reference: 'reference: implements what the reference lacks',
  unexplained: 'unexplained: an answer no expectation names, no entry explains',
  variant: 'variant: another answer, with the same support as the reference',
  inconclusive: 'inconclusive: one side cannot tell (no reply, screen not read, …)',
};

export interface DifferenceInput {
  differ: Difference[];
  classes: ReadonlyMap<string, DifferenceClass>;
  corpus: Corpus;
  results: ResultsFile;
  refName: string;
}

export function groupDifferences(input: DifferenceInput): [DifferenceClass, Difference[]][] {
  const groups = new Map<DifferenceClass, Difference[]>();
  for (const d of input.differ) {
    const cls = input.classes.get(d.id) ?? 'unexplained';
    let list = groups.get(cls);
    if (!list) groups.set(cls, (list = []));
    list.push(d);
  }
  return CLASS_ORDER.filter((c) => groups.has(c)).map((c) => [c, groups.get(c)!]);
}

function probeLines(d: Difference, cls: DifferenceClass, input: DifferenceInput, verbose: boolean): string[] {
  const probe = input.corpus.byId.get(d.id);
  // Show the reference's screen only when yours was read too: it was not compared otherwise.
  const { screen: _screen, ...refNoScreen } = d.ref;
  const ref = d.mine.screen ? d.ref : refNoScreen;
  const lines = [`    ${LETTER[cls]} ${d.id}${probe ? ` — ${probe.title}` : ''}`, `        yours: ${answerSummary(d.mine)}   ${input.refName}: ${answerSummary(ref)}`];
  if (verbose && probe) lines.push(`        ${reproCommand(probe, { cols: input.results.settings.cols, rows: input.results.settings.rows })}`);
  return lines;
}

/** Screen rows the lines take at `columns`, wrapped at spaces as the report is (wrap-lines.ts). */
export function rowsOf(lines: readonly string[], columns: number): number {
  let n = 0;
  for (const line of lines) n += wrapLine(line, columns).length;
  return n;
}

/** Classes listed probe by probe in the short report; the rest are counted (verbose lists them too). */
const LISTED: ReadonlySet<DifferenceClass> = new Set(['bug', 'unexplained', 'deliberate', 'reference']);

/** The lines, fitted to `rows` screen rows (at `columns`) unless verbose: the listed groups take turns adding a probe while it fits. */
export function differenceLines(input: DifferenceInput, verbose: boolean, rows: number, columns = 80): string[] {
  const groups = groupDifferences(input);
  if (groups.length === 0) return [];
  const title = `Differences by class (${groups.map(([c]) => `${LETTER[c]} ${c}`).join(' · ')}):`;
  const shownGroups = verbose ? groups : groups.filter(([cls]) => LISTED.has(cls));
  const unlisted = groups.filter(([cls]) => !shownGroups.some(([c]) => c === cls));
  const parts = shownGroups.map(([cls, list]) => ({
    head: `  ${LETTER[cls]} ${MEANING[cls]} (${list.length})`,
    probes: list.map((d) => probeLines(d, cls, input, verbose)),
    shown: verbose ? list.length : 0,
  }));
  const tail = (): string[] => {
    const hidden = parts.reduce((n, p) => n + p.probes.length - p.shown, 0) + unlisted.reduce((n, [, list]) => n + list.length, 0);
    if (hidden === 0) return [];
    const counts = unlisted.map(([cls, list]) => `${LETTER[cls]} ${list.length}`).join(', ');
    return [`  … ${hidden} more not listed${counts ? ` (with ${counts})` : ''}: \`termprobe --verbose\` lists every difference`];
  };
  if (!verbose) {
    const used = () => rowsOf([title, ...tail()], columns) + parts.reduce((n, p) => n + rowsOf([p.head], columns) + p.probes.slice(0, p.shown).reduce((m, lines) => m + rowsOf(lines, columns), 0), 0);
    // Too little room even for the class headings (long notes took it): one line with the counts, or nothing (the summary has them).
    if (used() > rows) {
      const counts = groups.map(([cls, list]) => `${LETTER[cls]} ${list.length}`).join(', ');
      const line = `Differences by class: ${counts}; \`termprobe --verbose\` lists every difference`;
      return rowsOf([line], columns) <= rows ? [line] : [];
    }
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of parts) {
        if (p.shown >= p.probes.length) continue;
        p.shown++;
        if (used() <= rows) grew = true;
        else p.shown--;
      }
    }
  }
  const out = [title];
  for (const p of parts) {
    out.push(p.head);
    for (const lines of p.probes.slice(0, p.shown)) out.push(...lines);
  }
  out.push(...tail());
  return out;
}
