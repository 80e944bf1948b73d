/**
 * Reply conventions: a rule about how one terminal spells every answer of one
 * kind, stated in the registry beside its entries. dvtm reports the cursor
 * 0-based (CSI 2;5H, then CSI 6n answers 1;4), so nearly every cursor-decided
 * probe would be an "other" answer, all for one reason. Under a convention the
 * terminal's cursor answers are judged after the stated correction — the support
 * mark, the registry entries and the comparisons see the corrected answer —
 * while every table still shows the raw report and says it was corrected
 * ("1;4→2;5"), and the raw replies stay as the terminal sent them. A corrected
 * answer is never the same answer as another terminal's (its signature says so),
 * so the same answer still gets the same mark for the same target.
 *
 * A convention names probes that show it directly, with the raw answer each
 * gives; `termprobe check` fails when a run it covers answers one of them
 * otherwise, or when that answer, corrected, does not implement the probe (or
 * uncorrected does): a terminal that starts reporting 1-based fails the check.
 */
import { answerSummary } from '../results/answer-key.js';
import type { ProbeResult } from '../results/results-schema.js';
import type { ReplyConventionData } from './divergence-schema.js';
import type { Answerer, DivergenceRegistry } from './load-divergences.js';
import type { VersionRange } from './version-range.js';

export interface ReplyConvention extends ReplyConventionData {
  /** 1-based position in its file's list of conventions, and the line it starts on. */
  index: number;
  line?: number;
  file: string;
  range: VersionRange;
  /** How messages name it: "convention 1 (dvtm)". */
  what: 'convention';
}

/** What the convention says, in words, for tables and pages (`who`: how to name the terminal, by default its target name). */
export function describeConvention(c: Pick<ReplyConvention, 'cursor' | 'target'>, who: string = c.target): string {
  return `${who} reports the cursor 0-based; judged with 1 added to row and column`;
}

/** The answer as judged under the convention: the cursor corrected (its raw report unchanged); the result itself when nothing changes. */
export function judgeByConvention(r: ProbeResult, c: Pick<ReplyConvention, 'cursor'>): ProbeResult {
  const cur = r.cursor;
  if (c.cursor !== 'zero-based' || !cur || cur.row === null || cur.col === null) return r;
  return { ...r, cursor: { ...cur, row: cur.row + 1, col: cur.col + 1 } };
}

/** Appended to a corrected answer's signature: it equals no answer given without the convention. */
export const CORRECTED_MARK = ' cursor-judged-as=zero-based+1';

/** The short answer of a corrected result: the raw report, an arrow, then the answer as judged ("1;4→2;5 ?2026=2"). */
export function correctedSummary(raw: ProbeResult, judged: ProbeResult): string {
  return `${raw.cursor!.row};${raw.cursor!.col}→${answerSummary(judged)}`;
}

/** Each run is judged under the convention the registry states for it (or none): call before marking its answers. */
export function applyConventions(views: Iterable<{ answerer: Answerer; useConvention(c: ReplyConvention | undefined): void }>, registry: Pick<DivergenceRegistry, 'conventionFor'>): void {
  for (const v of views) v.useConvention(registry.conventionFor(v.answerer));
}
