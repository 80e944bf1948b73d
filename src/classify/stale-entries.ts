/**
 * Stale registry entries: an entry that matches no current difference fails
 * `termprobe check`, like a known bug that unexpectedly passes, so the
 * registry cannot rot. An entry about a target with no results is not checked.
 *
 * An entry about a target other than the reference is live when that target's
 * answer differs from the reference's; an entry about the reference itself is
 * live when some other run differs from it. A bug or reference entry is also live
 * while the probe's spec still rejects the target's answer: the known bug is
 * there even when no other run at hand shows it. It is stale once it passes.
 */
import { makeSigner, type Signer } from './answer-signer.js';
import { answersDiffer } from './classify-cell.js';
import type { DivergenceEntry, DivergenceRegistry } from './load-divergences.js';
import type { RunView } from './run-view.js';
import type { SpecCheck } from './spec-check.js';

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

function liveOn(e: DivergenceEntry, id: string, run: RunView, ref: RunView, views: RunView[], signer: Signer, meetsSpec?: SpecCheck): boolean {
  const differs = run !== ref && ref.result(id) !== undefined ? answersDiffer(id, run, ref, signer) : views.some((o) => o !== run && answersDiffer(id, run, o, signer));
  return differs || (e.class !== 'deliberate' && meetsSpec?.(id, run) === false);
}

export function findStaleEntries(registry: DivergenceRegistry, views: RunView[], ref: RunView, meetsSpec?: SpecCheck): CheckOutcome {
  const all = views.includes(ref) ? views : [ref, ...views];
  const out: CheckOutcome = { live: [], stale: [], unchecked: [] };
  const signer = makeSigner(all);
  for (const e of registry.entries) {
    const runs = all.filter((v) => v.targetId === e.target && e.range.matches(v.version));
    if (runs.length === 0) {
      out.unchecked.push(e);
      continue;
    }
    const pairs = runs.flatMap((run) => run.run.probes.filter((p) => e.matchesProbe(p.id)).map((p) => ({ run, id: p.id })));
    if (pairs.length === 0) {
      out.stale.push({ entry: e, why: `matches no probe in the results of ${runs.map((r) => r.label).join(', ')}` });
      continue;
    }
    if (pairs.some(({ run, id }) => liveOn(e, id, run, ref, all, signer, meetsSpec))) {
      out.live.push(e);
      continue;
    }
    const who = [...new Set(runs.map((r) => r.label))].join(', ');
    const what = pairs.length === 1 ? pairs[0]!.id : `all ${pairs.length} matching probes`;
    const than = runs.every((r) => r === ref) ? 'every other run' : `the reference ${ref.label}`;
    const passes = meetsSpec && e.class !== 'deliberate' ? ', as the probe specifies' : '';
    out.stale.push({ entry: e, why: `${who} now answers ${what} the same as ${than}${passes}` });
  }
  return out;
}
