/**
 * A probe's plan: the exact bytes the engine writes for it (prelude, probe,
 * queries, cleanup, DA1 sentinel) and what closes its answer (the n-th DA1).
 * A probe whose screen is read keeps its cleanup until after the read
 * (`afterScreen`), so the cells are the probe's, not the cleanup's.
 */
import { decodeNotation, type SizeVars } from '../corpus/escape-notation.js';
import type { Probe } from '../corpus/probe-schema.js';
import { concatBytes as concat } from './bytes.js';
import { preludeBytes, type PreludeKind } from './prelude.js';
import { querySpec, SENTINEL, type QuerySpec } from './queries.js';

export interface ProbePlan {
  probe: Probe;
  /** prelude + send + queries + cleanup + sentinel (cleanup moves to afterScreen when the screen is read) */
  bytes: Uint8Array;
  /** written once the screen has been read */
  afterScreen: Uint8Array;
  /** just the probe's own bytes (for repro and evidence) */
  sendBytes: Uint8Array;
  queries: { query: string; spec: QuerySpec }[];
  /** DA1 replies that close the answer: 1, or 2 when the probe itself asks DA1. */
  da1Needed: number;
  needsScreen: boolean;
}

const encoder = new TextEncoder();

/** The prelude's bytes for the last size/kind/restore asked: every probe of a run uses the same. */
let lastPrelude = { key: '', bytes: new Uint8Array() };

function encodedPrelude(size: SizeVars, prelude: PreludeKind, restore: string): Uint8Array {
  const key = `${size.cols}x${size.rows}|${prelude}|${restore}`;
  if (lastPrelude.key !== key) lastPrelude = { key, bytes: encoder.encode(preludeBytes(size, prelude, restore)) };
  return lastPrelude.bytes;
}

/**
 * `readsBack`: the session reads the screen (or its cursor) once the probe is
 * answered. When it cannot (the user's own terminal), a screen probe is planned
 * like any other: its cleanup stays inline and it is no barrier in the pipeline.
 */
/** Plans depend only on the probe, the size and the prelude: keep the last one per probe (runs repeat in benches, tests, reference runs). */
const planCache = new WeakMap<Probe, { key: string; plan: ProbePlan }>();

export function planProbe(probe: Probe, size: SizeVars, prelude: PreludeKind | 'none' = 'default', restore = '', readsBack = true): ProbePlan {
  const key = `${size.cols}x${size.rows}|${prelude}|${restore}|${readsBack}`;
  const cached = planCache.get(probe);
  if (cached?.key === key) return cached.plan;
  const plan = buildPlan(probe, size, prelude, restore, readsBack);
  planCache.set(probe, { key, plan });
  return plan;
}

function buildPlan(probe: Probe, size: SizeVars, prelude: PreludeKind | 'none', restore: string, readsBack: boolean): ProbePlan {
  const held = probe.screen !== undefined && readsBack;
  const sendBytes = decodeNotation(probe.send, size);
  const queries = probe.query.map((query) => ({ query, spec: querySpec(query) }));
  const cleanup = probe.cleanup ? decodeNotation(probe.cleanup, size) : new Uint8Array();
  const bytes = concat([
    prelude === 'none' ? new Uint8Array() : encodedPrelude(size, prelude, restore),
    sendBytes,
    encoder.encode(queries.map((q) => q.spec.bytes).join('')),
    held ? new Uint8Array() : cleanup,
    encoder.encode(SENTINEL),
  ]);
  return {
    probe,
    bytes,
    afterScreen: held ? cleanup : new Uint8Array(),
    sendBytes,
    queries,
    da1Needed: 1 + (probe.query.includes('da1') ? 1 : 0),
    needsScreen: held,
  };
}

/** The bytes a person pastes to see the probe: a clear screen, the probe, and CSI 6n. */
export function reproBytes(probe: Probe, size: SizeVars): Uint8Array {
  const queries = probe.query.map((q) => querySpec(q).bytes).join('');
  return concat([encoder.encode('\x1b[2J\x1b[H'), decodeNotation(probe.send, size), encoder.encode(queries)]);
}
