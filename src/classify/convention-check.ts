/**
 * Stale reply conventions. A convention (reply-convention.ts) names probes that
 * show it directly, with the raw answer each gives. It is stale, and `termprobe
 * check` fails, when a run it covers
 *   - gives one of those probes another raw answer (the terminal changed how it
 *     reports, or the probe's answer changed for another reason: look again), or
 *   - gives the stated answer, but corrected it does not implement the probe, or
 *     uncorrected it already does (the probe shows no convention).
 * A convention whose target has no results at hand is not checked.
 */
import { answerSummary } from '../results/answer-key.js';
import { entryCovers, type DivergenceRegistry } from './load-divergences.js';
import type { Marker } from './marks.js';
import { applyConventions, type ReplyConvention } from './reply-convention.js';
import type { RunView } from './run-view.js';
import { supportMark } from './support-mark.js';

export interface StaleConvention {
  convention: ReplyConvention;
  why: string;
}

export interface ConventionOutcome {
  live: ReplyConvention[];
  stale: StaleConvention[];
  unchecked: ReplyConvention[];
}

function checkConvention(c: ReplyConvention, runs: RunView[], marker: Marker): string | undefined {
  for (const { probe: id, answer } of c.measured) {
    const probe = marker.probe(id);
    for (const run of runs) {
      const raw = run.result(id);
      if (!raw) return `${run.label} has no answer to ${id}, which the convention is measured by`;
      const given = answerSummary(raw);
      if (given !== answer) return `${run.label} answers ${id} ${JSON.stringify(given)}, not ${JSON.stringify(answer)} as the convention states`;
      const judged = marker.mark(run, id).support;
      if (judged !== 'implements') return `${run.label}'s answer to ${id}, ${JSON.stringify(given)}, corrected as the convention says (${run.summary(id)}), does not implement the probe (${judged})`;
      if (supportMark(probe, raw, run.run.settings).support === 'implements') return `${run.label}'s answer to ${id}, ${JSON.stringify(given)}, implements the probe without correction: it shows no convention`;
    }
  }
  return undefined;
}

export function findStaleConventions(registry: DivergenceRegistry, views: RunView[], marker: Marker): ConventionOutcome {
  const out: ConventionOutcome = { live: [], stale: [], unchecked: [] };
  applyConventions(views, registry);
  for (const c of registry.conventions) {
    const runs = views.filter((v) => entryCovers(c, v.answerer) !== undefined && v.convention === c);
    if (runs.length === 0) {
      out.unchecked.push(c);
      continue;
    }
    const why = checkConvention(c, runs, marker);
    if (why) out.stale.push({ convention: c, why });
    else out.live.push(c);
  }
  return out;
}
