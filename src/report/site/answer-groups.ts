/**
 * A probe's answers grouped for its page: one group per distinct answer (the
 * answer as shown, its support mark and its class against the reference), with
 * every terminal that gave it, and inside the group each distinct reason once
 * (a reply convention it was judged under, a registry entry's reason and
 * sources, or why the cell is inconclusive), with
 * the terminals it applies to. Largest group first; ties keep column order.
 */
import type { DivergenceEntry } from '../../classify/load-divergences.js';
import type { ReplyConvention } from '../../classify/reply-convention.js';
import type { SiteCell, SiteColumn, SiteModel, SiteRow } from './site-model.js';

export interface GroupReason {
  /** The reply convention the answer was judged under (shown raw→judged). */
  convention?: ReplyConvention;
  /** The registry entry, when one explains the answer. */
  entry?: DivergenceEntry;
  /** Otherwise a sentence: why the cell is inconclusive, or that it needs triage. */
  text?: string;
  columns: SiteColumn[];
}

export interface AnswerGroupView {
  answer: string;
  cell: SiteCell;
  columns: SiteColumn[];
  reasons: GroupReason[];
}

function reasonKeys(cell: SiteCell): { key: string; reason: Omit<GroupReason, 'columns'> }[] {
  const c = cell.verdict.corrected;
  const keys: { key: string; reason: Omit<GroupReason, 'columns'> }[] = c ? [{ key: `convention:${c.file}:${c.line ?? ''}`, reason: { convention: c } }] : [];
  const entry = cell.verdict.entry;
  const s = cell.verdict.support;
  if (entry) keys.push({ key: `entry:${entry.file}:${entry.line ?? ''}:${entry.reason}`, reason: { entry } });
  else if (s.support === 'inconclusive' && s.detail) keys.push({ key: `detail:${s.detail}`, reason: { text: s.detail } });
  else if (s.support === 'other') keys.push({ key: 'triage', reason: { text: 'No registry entry explains this answer yet: it needs triage.' } });
  return keys;
}

export function groupAnswers(r: SiteRow, model: SiteModel): AnswerGroupView[] {
  const groups = new Map<string, AnswerGroupView & { reasonMap: Map<string, GroupReason> }>();
  r.cells.forEach((cell, i) => {
    const col = model.columns[i]!;
    // The reference has no class against itself; it shares the group of those answering the same.
    const agreement = cell.verdict.agreement?.class;
    const key = `${cell.kind} ${agreement === 'same' ? '' : (agreement ?? '')} ${cell.answer}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { answer: cell.answer, cell, columns: [], reasons: [], reasonMap: new Map() }));
    g.columns.push(col);
    for (const why of reasonKeys(cell)) {
      let reason = g.reasonMap.get(why.key);
      if (!reason) {
        g.reasonMap.set(why.key, (reason = { ...why.reason, columns: [] }));
        g.reasons.push(reason);
      }
      reason.columns.push(col);
    }
  });
  return [...groups.values()]
    .map(({ reasonMap: _, ...g }) => g)
    .sort((a, b) => b.columns.length - a.columns.length || a.columns[0]!.index - b.columns[0]!.index);
}
