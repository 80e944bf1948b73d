/**
 * A probe's plan: the exact bytes the engine writes for it (prelude, probe,
 * queries, cleanup, DA1 sentinel) and what closes its answer (the n-th DA1).
 * A probe whose screen is read keeps its cleanup until after the read
 * (`afterScreen`), so the cells are the probe's, not the cleanup's.
 */
import { decodeNotation, notationText, type SizeVars } from '../corpus/escape-notation.js';
import type { Probe } from '../corpus/probe-schema.js';
import { preludeBytes, type PreludeKind } from './prelude.js';
import { querySpec, SENTINEL, type QuerySpec } from './queries.js';

/**
 * Bytes as a JS string with one character per byte (latin1), the form the
 * engine plans in: joining strings costs nothing per probe, and a whole batch
 * becomes bytes in one native call (`wireBytes`).
 */
export type Wire = string;

export interface ProbePlan {
  probe: Probe;
  /** prelude + send + queries + cleanup + sentinel (cleanup moves to afterScreen when the screen is read) */
  wire: Wire;
  /** written once the screen has been read */
  afterScreen: Wire;
  queries: { query: string; spec: QuerySpec }[];
  /** DA1 replies that close the answer: 1, or 2 when the probe itself asks DA1. */
  da1Needed: number;
  needsScreen: boolean;
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
    prelude: prelude === 'none' ? '' : toWire(preludeBytes(size, prelude, restore)),
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

/** Text → its UTF-8 bytes as a Wire (ASCII, by far the usual case, is already one). */
function toWire(text: string): Wire {
  return ASCII.test(text) ? text : Buffer.from(text, 'utf8').toString('latin1');
}
const ASCII = /^[\x00-\x7f]*$/;

/** Notation → Wire: plain text directly (the usual case); \x, \u and repeat groups through the full decoder. */
function notationWire(notation: string, size: SizeVars): Wire {
  const text = notationText(notation, size);
  if (text !== null) return toWire(text);
  const bytes = decodeNotation(notation, size);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** The queries' bytes, once per list of queries (most probes ask just CSI 6n). */
const queryWires = new Map<string, Wire>();

function queryWire(queries: readonly string[]): Wire {
  const key = queries.join('\n');
  let wire = queryWires.get(key);
  if (wire === undefined) queryWires.set(key, (wire = toWire(queries.map((q) => querySpec(q).bytes).join(''))));
  return wire;
}

function buildPlan(probe: Probe, ctx: PlanContext): ProbePlan {
  const held = probe.screen !== undefined && ctx.readsBack;
  const cleanup = probe.cleanup ? notationWire(probe.cleanup, ctx.size) : '';
  // Order matters: the queries read the probe's effect before its cleanup undoes it; the sentinel closes the answer.
  const wire = ctx.prelude + notationWire(probe.send, ctx.size) + queryWire(probe.query) + (held ? '' : cleanup) + SENTINEL;
  return {
    probe,
    wire,
    afterScreen: held ? cleanup : '',
    queries: probe.query.map((query) => ({ query, spec: querySpec(query) })),
    da1Needed: 1 + (probe.query.includes('da1') ? 1 : 0),
    needsScreen: held,
  };
}

/** Wires → one byte array to write. */
export function wireBytes(wire: Wire): Uint8Array {
  return Buffer.from(wire, 'latin1');
}

/** The bytes a person pastes to see the probe: a clear screen, the probe, and CSI 6n. */
export function reproBytes(probe: Probe, size: SizeVars): Uint8Array {
  return wireBytes('\x1b[2J\x1b[H' + notationWire(probe.send, size) + queryWire(probe.query));
}
