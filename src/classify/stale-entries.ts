/**
 * Stale registry entries. An entry speaks of answers: it names the target (or
 * engine), versions, probe (or glob) and the answer(s) it explains. It is stale,
 * and `termprobe check` fails, as soon as
 *   - a run it covers answers a probe it matches with a ✗ or ~ answer it does not
 *     name (the terminal's answer changed: the entry would silently absorb it), or
 *   - one of the answers it names is given by no run it covers, or
 *   - it classifies no cell at all (every matched answer now implements the probe, its screen agreeing).
 * An entry whose target has no results at hand is not checked.
 */
import type { DivergenceEntry, DivergenceRegistry } from './load-divergences.js';
import { entryCovers } from './load-divergences.js';
import type { Marker } from './marks.js';
import { applyConventions } from './reply-convention.js';
import type { RunView } from './run-view.js';

export interface StaleEntry {
  entry: DivergenceEntry;
  why: string;
}

export interface CheckOutcome {
  live: DivergenceEntry[];
  stale: StaleEntry[];
  /** Entries whose target (in their version range) has no results among the runs. */
  unchecked: DivergenceEntry[];
}

function quote(answer: string): string {
  return JSON.stringify(answer);
}

function checkEntry(e: DivergenceEntry, runs: RunView[], marker: Marker): string | undefined {
  const seen = new Set<string>();
  const wrong: string[] = [];
  let passing = '';
  for (const run of runs) {
    for (const p of run.run.probes) {
      if (!e.matchesProbe(p.id)) continue;
      const { support: mark, conflict } = marker.mark(run, p.id);
      const answer = run.summary(p.id);
      // A ✓ whose screen shows otherwise (a finding: support-mark.ts conflict) is an answer an entry may explain.
      if (mark === 'implements' && !conflict) passing ||= `${run.label} answers ${p.id} ${quote(answer)}, which implements it`;
      if (mark !== 'lacks' && mark !== 'other' && !conflict) continue;
      if (e.answers.includes(answer)) seen.add(answer);
      else wrong.push(`${run.label} answers ${p.id} ${quote(answer)}`);
    }
  }
  const stated = e.answers.length === 1 ? quote(e.answers[0]!) : `one of ${e.answers.map(quote).join(', ')}`;
  if (wrong.length > 0) return `${wrong[0]}${wrong.length > 1 ? ` (and ${wrong.length - 1} more)` : ''}, not ${stated} as the entry states`;
  if (seen.size === 0) return passing ? `classifies no cell: ${passing}` : 'classifies no cell: no run it covers gives a ✗ or ~ answer to a probe it matches';
  const unseen = e.answers.filter((a) => !seen.has(a));
  if (unseen.length > 0) return `no run it covers answers ${unseen.map(quote).join(', ')} any more`;
  return undefined;
}

export function findStaleEntries(registry: DivergenceRegistry, views: RunView[], marker: Marker): CheckOutcome {
  const out: CheckOutcome = { live: [], stale: [], unchecked: [] };
  applyConventions(views, registry);
  for (const e of registry.entries) {
    const runs = views.filter((v) => entryCovers(e, v.answerer) !== undefined);
    if (runs.length === 0) {
      out.unchecked.push(e);
      continue;
    }
    const why = checkEntry(e, runs, marker);
    if (why) out.stale.push({ entry: e, why });
    else out.live.push(e);
  }
  return out;
}
