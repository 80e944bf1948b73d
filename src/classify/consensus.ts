/**
 * Consensus across real terminals (embedded emulators do not vote): for a
 * probe, the groups of terminals giving the same answer, largest first.
 * Triage suggestions come from it; they are printed, never written.
 */
import type { Signer } from './answer-signer.js';
import type { RunView } from './run-view.js';

export interface AnswerGroup {
  signature: string;
  summary: string;
  labels: string[];
}

export interface Consensus {
  /** Real terminals that answered the probe. */
  total: number;
  groups: AnswerGroup[];
}

/** A clear majority: at least 3 terminals giving the same answer, and at least two thirds of those that answered. */
export const MAJORITY = { min: 3, share: 2 / 3 } as const;

export function consensusFor(id: string, views: RunView[], signer: Signer): Consensus {
  const groups = new Map<string, AnswerGroup>();
  let total = 0;
  for (const v of views) {
    if (!v.real) continue;
    const sig = signer.of(v, id);
    if (sig === undefined || sig === 'skipped') continue;
    total++;
    const g = groups.get(sig) ?? { signature: sig, summary: signer.summary(v, id), labels: [] };
    g.labels.push(v.label);
    groups.set(sig, g);
  }
  const sorted = [...groups.values()].sort((a, b) => b.labels.length - a.labels.length || (a.summary < b.summary ? -1 : a.summary > b.summary ? 1 : 0));
  return { total, groups: sorted };
}

/** "1;80 (5 of 7)" or "" when no real terminal answered. */
export function describeConsensus(c: Consensus): string {
  const top = c.groups[0];
  if (!top) return '';
  const tie = c.groups[1]?.labels.length === top.labels.length ? ', tied' : '';
  return `${top.summary} (${top.labels.length} of ${c.total}${tie})`;
}

export interface Suggestion {
  /** "reference": the reference is the odd one; "bug-or-deliberate": the target is. */
  class?: 'reference' | 'bug-or-deliberate';
  text: string;
}

/** What triage suggests for an unexplained difference between `view` and the reference on a probe. */
export function suggestClass(id: string, view: RunView, ref: RunView, views: RunView[], signer: Signer): Suggestion {
  const voters = consensusFor(id, views.filter((v) => v !== ref), signer);
  const top = voters.groups[0];
  const refSig = signer.of(ref, id);
  if (top && top.signature !== refSig && top.labels.length >= MAJORITY.min && top.labels.length >= MAJORITY.share * voters.total) {
    return { class: 'reference', text: `${top.labels.length} of ${voters.total} real terminals answer ${top.summary}, unlike the reference ${ref.label}` };
  }
  const others = consensusFor(id, views.filter((v) => v !== view), signer);
  const only = others.groups[0];
  if (others.groups.length === 1 && only && others.total >= 2 && only.signature !== signer.of(view, id)) {
    return { class: 'bug-or-deliberate', text: `${view.label} is the only one to differ: all ${others.total} other real terminals answer ${only.summary}` };
  }
  const real = consensusFor(id, views, signer);
  if (real.total === 0) return { text: 'no real-terminal results to form a consensus' };
  return { text: `no clear majority among ${real.total} real terminal${real.total === 1 ? '' : 's'}: ${real.groups.map((g) => `${g.summary} ×${g.labels.length}`).join(', ')}` };
}
