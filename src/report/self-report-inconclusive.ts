/**
 * What "?" means in the your-terminal report, and what would decide more. The
 * score counts only the probes your terminal's answers decide; the rest are
 * inconclusive, for reasons the report names with their counts, each with what
 * would decide it (a larger window, a screen termprobe can read, running
 * outside a multiplexer) or why nothing on termprobe's side would.
 */
import type { ResultsFile } from '../results/results-schema.js';
import { plural } from '../util/plural.js';
import type { InconclusiveCounts } from './self-report-classes.js';

type Why = keyof InconclusiveCounts;

/** Why each is inconclusive, short, after a count ("180 …"). */
const CLAUSE: Record<Why, string> = {
  'screen-unread': 'need the screen (unreadable here)',
  'no-reply': 'no reply',
  unobservable: 'query unanswered',
  skipped: 'unsafe here (notes)',
  'too-small': 'window too small',
  crashed: 'terminal crashed',
  hung: 'terminal hung',
  incomplete: 'incomplete',
  'host-reply': "termprobe's pipe answered",
  'not-run': 'not run',
  error: 'no result',
  'unknown-probe': 'not in this corpus',
  untold: 'the screen read cannot tell (drawn alike)',
};

const AS_TARGET = "termprobe run --target 'x11:<your terminal> -e {command}' (a private X display)";

/** What would decide them, where something would: the reasons it covers, and how. */
function advice(whys: ReadonlySet<Why>, results: ResultsFile): string[] {
  const out: string[] = [];
  const asTarget = (['screen-unread', 'skipped'] as const).filter((w) => whys.has(w));
  if (asTarget.length > 0) out.push(`${asTarget.map((w) => (w === 'screen-unread' ? 'screen' : 'unsafe')).join(', ')}: ${AS_TARGET}`);
  if (whys.has('too-small')) out.push(`too small: a window over ${results.settings.cols}x${results.settings.rows}`);
  if (whys.has('no-reply') || whys.has('unobservable')) out.push('unanswered: nothing (your terminal does not answer)');
  const name = results.target.identity.name;
  if (results.target.identity.outer || name === 'tmux' || name === 'screen') out.push(`your terminal itself: run outside ${name}`);
  return out;
}

export function inconclusiveLines(counts: InconclusiveCounts | undefined, total: number, results: ResultsFile): string[] {
  if (!counts || total === 0) return [];
  const whys = (Object.entries(counts) as [Why, number][]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const lines = [`  ? inconclusive, in no score (${total}): ${whys.map(([why, n]) => `${n} ${CLAUSE[why]}`).join('; ')}.`];
  const helps = advice(new Set(whys.map(([w]) => w)), results);
  if (helps.length > 0) lines.push(`  To decide more: ${helps.join('; ')}.`);
  return lines;
}

/** The size line: how many probes the window was too small for, or that every probe fitted. */
export function sizeLine(counts: InconclusiveCounts | undefined, results: ResultsFile): string | undefined {
  const { cols, rows } = results.settings;
  const small = counts?.['too-small'] ?? 0;
  if (small === 0) return cols < 80 || rows < 24 ? `  size ${cols}x${rows}: every probe fitted, none was skipped for size` : undefined;
  const example = results.probes.find((p) => p.note?.includes('needs at least'));
  const need = example?.note ? /needs at least (\d+x\d+)/.exec(example.note)?.[1] : undefined;
  return `  ${plural(small, 'probe')} skipped for size: your window is ${cols}x${rows}, and they need more rows or columns${example && need ? ` (e.g. ${example.id} needs ${need})` : ''}`;
}
