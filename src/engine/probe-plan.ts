/**
 * A probe's plan: the exact bytes the engine writes for it (prelude, probe,
 * queries, cleanup, DA1 sentinel) and what closes its answer (the n-th DA1).
 * A probe whose screen is read keeps its cleanup until after the read
 * (`afterScreen`), so the cells are the probe's, not the cleanup's.
 */
import type { SizeVars } from '../corpus/escape-notation.js';
import { notationWire, probeWire, textWire, type Wire } from '../corpus/probe-wires.js';
import { regionAt } from '../corpus/probe-needs.js';
import type { Probe, Region } from '../corpus/probe-schema.js';
import { preludeBytes, type PreludeKind } from '../corpus/prelude.js';
import { querySpec, SENTINEL, type QuerySpec } from '../corpus/queries.js';
import { interruptsSequence } from '../corpus/interrupted-sequence.js';

/** A query as the answer names it (`<query>@<step>` for one asked at a step), and its spec. */
export interface PlannedQuery {
  query: string;
  spec: QuerySpec;
}

/**
 * The replies between two DA1s the engine asked for: a step's (closed by the DA1 written after its
 * queries) or, last, the probe's own (closed by the sentinel). A reply is counted to the segment it
 * arrives in, so the same query asked at two steps gets each step's own reply.
 */
export interface AnswerSegment {
  /** Shared by every probe that asks the same list: never modify. */
  queries: readonly PlannedQuery[];
  /** DA1 replies that close the segment: 1, or 2 when it asks DA1 itself. */
  da1Needed: number;
}

export interface ProbePlan {
  probe: Probe;
  /** prelude + send + each step (bytes, queries, DA1) + queries + cleanup + sentinel (cleanup moves to afterScreen when the screen is read) */
  wire: Wire;
  /** written once the screen has been read */
  afterScreen: Wire;
  /** The steps' segments, then the probe's own (always last; the only one of a probe without steps). */
  segments: readonly AnswerSegment[];
  /** DA1 replies that close the whole answer: every segment's. */
  da1Needed: number;
  needsScreen: boolean;
  /**
   * The probe's bytes interrupt a sequence they opened, or leave one open (interrupted-sequence.ts): a terminal may
   * still be inside it afterwards. Nothing goes out after it until it is answered, and then the engine closes what
   * may be open and waits for a reply of its own before the next probe (run-probes.ts, resync).
   */
  resync: boolean;
  /** The probe's screen region at the plan's size (its edges may follow the size). */
  region?: Region;
}

/** What every plan of a run shares: the size, the prelude and whether the session reads its screen back. */
export interface PlanContext {
  readonly size: SizeVars;
  readonly readsBack: boolean;
  readonly prelude: Wire;
  /**
   * Written after a probe that may leave a sequence open (ProbePlan.resync), once it is answered: ST, then a home
   * and a `~` (in a parser still inside a CSI, its final byte, which no terminal gives a meaning; in the ground state
   * a character the prelude's erase takes away), the prelude, and a CSI 6n after a move to `resyncAt` (the last row,
   * one column from the right, where none of the probes that interrupt a sequence leaves the cursor): the replies
   * before that report are the terminal's second thoughts about the probe.
   */
  readonly resync: Wire;
  readonly resyncAt: { row: number; col: number };
  /** Identifies the context in the plan cache. */
  readonly key: string;
}

/**
 * `readsBack`: the session reads the screen (or its cursor) once the probe is
 * answered. When it cannot (the user's own terminal), a screen probe is planned
 * like any other: its cleanup stays inline and it is no barrier in the pipeline.
 */
export function planContext(size: SizeVars, prelude: PreludeKind | 'none' = 'default', restore = '', readsBack = true): PlanContext {
  const preludeWire = prelude === 'none' ? '' : textWire(preludeBytes(size, prelude, restore));
  const resyncAt = { row: size.rows, col: Math.max(1, size.cols - 1) };
  return {
    size,
    readsBack,
    prelude: preludeWire,
    resync: `\x1b\\\x1b[H~${preludeWire}\x1b[${resyncAt.row};${resyncAt.col}H\x1b[6n`,
    resyncAt,
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

/** What a list of queries asks and sends, once per list (most probes ask just CSI 6n); `step` names the step asking it. */
const queryLists = new Map<string, { wire: Wire; segment: AnswerSegment }>();

function queryList(queries: readonly string[], step?: number): { wire: Wire; segment: AnswerSegment } {
  const key = (queries.length === 1 ? queries[0]! : queries.join('\n')) + (step === undefined ? '' : `\n@${step}`);
  let list = queryLists.get(key);
  if (list === undefined) {
    const planned = queries.map((query) => ({ query: step === undefined ? query : `${query}@${step}`, spec: querySpec(query) }));
    const da1Needed = 1 + (queries.includes('da1') ? 1 : 0);
    queryLists.set(key, (list = { wire: textWire(planned.map((q) => q.spec.bytes).join('')), segment: { queries: planned, da1Needed } }));
  }
  return list;
}

function buildPlan(probe: Probe, ctx: PlanContext): ProbePlan {
  const held = probe.screen !== undefined && ctx.readsBack;
  const cleanup = probe.cleanup ? probeWire(probe, 'cleanup', ctx.size) : '';
  const segments: AnswerSegment[] = [];
  let steps = '';
  probe.steps?.forEach((step, k) => {
    const asked = queryList(step.query, k + 1);
    // Each step ends with a DA1 of its own, so its replies are told from the next step's.
    steps += notationWire(step.send, ctx.size) + asked.wire + SENTINEL;
    segments.push(asked.segment);
  });
  const asked = queryList(probe.query);
  segments.push(asked.segment);
  // Order matters: the queries read the probe's effect before its cleanup undoes it; the sentinel closes the answer.
  const own = probeWire(probe, 'send', ctx.size) + steps + asked.wire + (held ? '' : cleanup) + SENTINEL;
  const wire = ctx.prelude + own;
  return {
    probe,
    wire,
    afterScreen: held ? cleanup : '',
    segments,
    da1Needed: segments.reduce((n, s) => n + s.da1Needed, 0),
    needsScreen: held,
    resync: interruptsSequence(own + (held ? cleanup : '')),
    ...(probe.screen ? { region: regionAt(probe.screen, ctx.size) } : {}),
  };
}
