/**
 * The report `npx termprobe` prints on the normal screen once the terminal is
 * restored: who answered, the settings seen, how many probes matched the
 * reference, each difference grouped by category with both answers and a
 * printf that reproduces it, and where the results file went.
 */
import { printfCommand } from '../corpus/escape-bytes.js';
import type { Corpus } from '../corpus/load-corpus.js';
import { reproBytes } from '../engine/probe-plan.js';
import { answerSummary } from '../results/answer-key.js';
import type { ResultsFile } from '../results/results-schema.js';
import type { Comparison, Difference } from './self-report-compare.js';
import type { WidthFit } from './self-report-widths.js';

export interface SelfReportInput {
  results: ResultsFile;
  corpus: Corpus;
  /** The identification line (identify-guess.ts), when there is one. */
  summary?: string;
  reference?: { label: string; comparison: Comparison };
  widths?: WidthFit;
  /** Where the results file was written. */
  file?: string;
  notes?: string[];
  gaveUp?: string;
}

function settingsLine(r: ResultsFile): string {
  const s = r.settings;
  const order = (m: string) => (m.startsWith('?') ? Number(m.slice(1)) : 100000 + Number(m)); // DEC modes, then ANSI
  const modes = Object.entries(s.modes ?? {})
    .filter(([, v]) => v === 'set' || v === 'reset' || v.startsWith('permanently'))
    .sort(([a], [b]) => order(a) - order(b))
    .map(([m, v]) => `${m}=${v}`);
  return `  size ${s.cols}x${s.rows}${s.term ? `, TERM=${s.term}` : ''}${modes.length > 0 ? `; modes ${modes.join(' ')}` : '; no mode reported by DECRQM'}`;
}

function countBy<T>(items: T[], key: (t: T) => string): [string, number][] {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return [...m.entries()];
}

function differenceLines(d: Difference, corpus: Corpus, r: ResultsFile, refName: string): string[] {
  const probe = corpus.byId.get(d.id);
  // Show the reference's screen only when yours was read too: it was not compared otherwise.
  const { screen: _screen, ...refNoScreen } = d.ref;
  const ref = d.mine.screen ? d.ref : refNoScreen;
  const lines = [`    ${d.id}${probe ? ` — ${probe.title}` : ''}`, `      yours: ${answerSummary(d.mine)}   ${refName}: ${answerSummary(ref)}`];
  if (probe) lines.push(`      ${printfCommand(reproBytes(probe, { cols: r.settings.cols, rows: r.settings.rows }))}`);
  return lines;
}

export function selfReport(input: SelfReportInput): string {
  const { results: r, corpus } = input;
  const id = r.target.identity;
  const out: string[] = [];
  out.push(`termprobe: your terminal is ${input.summary ?? `${id.name} ${id.version} (${id.identifiedBy})`}`);
  out.push(settingsLine(r));
  if (input.widths) out.push(`  ${input.widths.summary}`);
  if (input.gaveUp) out.push(`termprobe: ${input.gaveUp}`);
  const ref = input.reference;
  if (ref) {
    const c = ref.comparison;
    const compared = c.matched.length + c.differ.length;
    out.push('', `${c.matched.length} of ${compared} probes answered as ${ref.label} does; ${c.differ.length} differ.`);
    for (const [why, n] of countBy(c.notCompared, (x) => x.why)) out.push(`  ${n} not compared: ${why}`);
    const refName = ref.label.split(' ')[0]!;
    const byCategory = new Map<string, Difference[]>();
    for (const d of c.differ) {
      const cat = corpus.byId.get(d.id)?.category ?? d.id.split('.')[0]!;
      byCategory.set(cat, [...(byCategory.get(cat) ?? []), d]);
    }
    if (byCategory.size > 0) out.push('', 'Differences by category (each with a printf that shows it in any shell):');
    for (const [cat, diffs] of byCategory) {
      out.push(`  ${cat} (${diffs.length})`);
      for (const d of diffs) out.push(...differenceLines(d, corpus, r, refName));
    }
  }
  for (const note of input.notes ?? []) out.push(`note: ${note}`);
  if (input.file) out.push('', `Results saved to ${input.file}`);
  return out.join('\n') + '\n';
}
