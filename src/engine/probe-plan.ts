/**
 * A probe's plan: the exact bytes the engine writes for it (prelude, probe,
 * queries, cleanup, DA1 sentinel) and what closes its answer (the n-th DA1).
 * A probe whose screen is read keeps its cleanup until after the read
 * (`afterScreen`), so the cells are the probe's, not the cleanup's.
 */
import type { SizeVars } from '../corpus/escape-notation.js';
import { probeWire, textWire, type Wire } from '../corpus/probe-wires.js';
import { regionAt } from '../corpus/probe-needs.js';
import type { Probe, Region } from '../corpus/probe-schema.js';
import { preludeBytes, type PreludeKind } from '../corpus/prelude.js';
import { querySpec, SENTINEL, type QuerySpec } from '../corpus/queries.js';

export interface ProbePlan {
  probe: Probe;
  /** prelude + send + queries + cleanup + sentinel (cleanup moves to afterScreen when the screen is read) */
  wire: Wire;
  /** written once the screen has been read */
  afterScreen: Wire;
  /** Shared by every probe that asks the same list: never modify. */
  queries: readonly { query: string; spec: QuerySpec }[];
  /** DA1 replies that close the answer: 1, or 2 when the probe itself asks DA1. */
  da1Needed: number;
  needsScreen: boolean;
  /** The probe's screen region at the plan's size (its edges may follow the size). */
  region?: Region;
}

/** What every plan of a run shares: the size, the prelude and whether the session reads its screen back. */
export interface PlanContext {
  readonly size: SizeVars;
  readonly readsBack: boolean;
  readonly prelude: Wire;
  /** Identifies the context in the plan cache. */
  readonly key: string;
}

/**
 * `readsBack`: the session reads the screen (or its cursor) once the probe is
 * answered. When it cannot (the user's own terminal), a screen probe is planned
 * like any other: its cleanup stays inline and it is no barrier in the pipeline.
 */
export function planContext(size: SizeVars, prelude: PreludeKind | 'none' = 'default', restore = '', readsBack = true): PlanContext {
  return {
    size,
    readsBack,
    prelude: prelude === 'none' ? '' : textWire(preludeBytes(size, prelude, restore)),
    key: `${size.cols}x${size.rows}|${prelude}|${restore}|${readsBack}`,
  };
}

/** Plans depend only on the probe and the context: keep the last one per probe (runs repeat in benches, tests, reference runs). */
const planCache = new WeakMap<Probe, { key: string; plan: ProbePlan }>();

export function planProbe(probe: Probe, ctx: PlanContext): ProbePlan {
  const cached = planCache.get(probe);
  if (cached?.key === ctx.key) return cached.plan;
  const plan = buildPlan(probe, ctx);
  planCache.set(probe, { key: ctx.key, plan });
  return plan;
}

/** What a list of queries asks and sends, once per list (most probes ask just CSI 6n). */
const queryLists = new Map<string, { wire: Wire; queries: ProbePlan['queries'] }>();

function queryList(queries: readonly string[]): { wire: Wire; queries: ProbePlan['queries'] } {
  const key = queries.length === 1 ? queries[0]! : queries.join('\n');
  let list = queryLists.get(key);
  if (list === undefined) {
    const planned = queries.map((query) => ({ query, spec: querySpec(query) }));
    queryLists.set(key, (list = { wire: textWire(planned.map((q) => q.spec.bytes).join('')), queries: planned }));
  }
  return list;
}

function buildPlan(probe: Probe, ctx: PlanContext): ProbePlan {
  const held = probe.screen !== undefined && ctx.readsBack;
  const cleanup = probe.cleanup ? probeWire(probe, 'cleanup', ctx.size) : '';
  const asked = queryList(probe.query);
  // Order matters: the queries read the probe's effect before its cleanup undoes it; the sentinel closes the answer.
  const wire = ctx.prelude + probeWire(probe, 'send', ctx.size) + asked.wire + (held ? '' : cleanup) + SENTINEL;
  return {
    probe,
    wire,
    afterScreen: held ? cleanup : '',
    queries: asked.queries,
    da1Needed: 1 + (probe.query.includes('da1') ? 1 : 0),
    needsScreen: held,
    ...(probe.screen ? { region: regionAt(probe.screen, ctx.size) } : {}),
  };
}

