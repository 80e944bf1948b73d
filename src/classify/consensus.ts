/**
 * Consensus counts engines, not packages: the six VTE front ends are one vote.
 * Per probe: each engine's support mark (the mark most of its runs give; "mixed"
 * when its front ends split evenly), how many engines implement the behaviour,
 * and the answer groups (at the level every run can be compared at).
 */
import { makeSigner, type Signer } from './answer-signer.js';
import type { Marker } from './marks.js';
import type { ProbeSlot, RunView } from './run-view.js';
import type { Support } from './support-mark.js';

export interface EngineMark {
  engine: string;
  labels: string[];
  support: Support | 'mixed';
}

export interface AnswerGroup {
  signature: string;
  summary: string;
  labels: string[];
  /** Distinct engines giving this answer. */
  engines: string[];
}

export interface Consensus {
  /** Engines with a conclusive mark on this probe. */
  engines: EngineMark[];
  implementing: number;
  /** Engines that answered, conclusively or not, grouped by answer (largest by engines first). */
  groups: AnswerGroup[];
}

function majority(marks: Support[]): Support | 'mixed' {
  // One front end, or all alike (most engines on most probes): that mark, without counting.
  const first = marks[0]!;
  if (marks.every((m) => m === first)) return first;
  const count = new Map<Support, number>();
  for (const m of marks) count.set(m, (count.get(m) ?? 0) + 1);
  const sorted = [...count].sort((a, b) => b[1] - a[1]);
  return sorted.length > 1 && sorted[0]![1] === sorted[1]![1] ? 'mixed' : sorted[0]![0];
}

export function consensusFor(id: string, views: RunView[], marker: Marker): Consensus {
  return consensusOf(id, views, views.map((v) => marker.mark(v, id).support), makeSigner(views));
}

/**
 * The same from marks already made (one per view, in order) and a signer shared across probes (build-comparison's
 * loop), and the probe's slot in each view when the caller has them (run-view.ts: no lookups by id).
 */
export function consensusOf(id: string, views: readonly RunView[], marks: readonly Support[], signer: Signer, slots?: readonly (ProbeSlot | undefined)[]): Consensus {
  const byEngine = new Map<string, { labels: string[]; marks: Support[] }>();
  for (let i = 0; i < views.length; i++) {
    const v = views[i]!;
    const support = marks[i]!;
    if (support === 'inconclusive') continue;
    let e = byEngine.get(v.engine.name);
    if (!e) byEngine.set(v.engine.name, (e = { labels: [], marks: [] }));
    e.labels.push(v.label);
    e.marks.push(support);
  }
  const engines = [...byEngine].map(([engine, e]) => ({ engine, labels: e.labels, support: majority(e.marks) }));
  const groups = new Map<string, AnswerGroup>();
  // The level once per probe, not once per view (signer.of would look it up for each).
  const level = slots ? signer.levelIn(id, slots) : signer.level(id);
  for (let i = 0; i < views.length; i++) {
    const v = views[i]!;
    const slot = slots?.[i];
    const sig = slots ? slot && v.signatureIn(slot, level) : v.signature(id, level);
    if (sig === undefined || sig === 'skipped') continue;
    let g = groups.get(sig);
    if (!g) groups.set(sig, (g = { signature: sig, summary: slot ? v.summaryIn(slot, level !== 'none') : v.summary(id, level !== 'none'), labels: [], engines: [] }));
    g.labels.push(v.label);
    if (!g.engines.includes(v.engine.name)) g.engines.push(v.engine.name);
  }
  const sorted = [...groups.values()].sort((a, b) => b.engines.length - a.engines.length || b.labels.length - a.labels.length || (a.summary < b.summary ? -1 : a.summary > b.summary ? 1 : 0));
  return { engines, implementing: engines.filter((e) => e.support === 'implements').length, groups: sorted };
}

/** "implemented by 9 of 13 engines", or "" when no engine's answer decides. */
export function describeImplemented(c: Consensus): string {
  return c.engines.length === 0 ? '' : `implemented by ${c.implementing} of ${c.engines.length} engine${c.engines.length === 1 ? '' : 's'}`;
}

/** "✓ 9/13": the same, short, for a table column. */
export function shortImplemented(c: Consensus): string {
  return c.engines.length === 0 ? '—' : `✓ ${c.implementing}/${c.engines.length}`;
}
