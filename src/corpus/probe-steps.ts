/**
 * A probe's bytes and queries in the order the engine sends them, for the code
 * that reads a probe as a whole (repro, self-run checks, mnemonics, pages): its
 * `send`, then each step's bytes and queries, then its own queries.
 */
import type { Probe } from './probe-schema.js';

/** Every notation the probe sends before its cleanup: `send`, then each step's bytes. */
export function sendNotations(probe: Pick<Probe, 'send' | 'steps'>): string[] {
  return [probe.send, ...(probe.steps ?? []).map((s) => s.send)];
}

/** Every query the probe asks, steps first, each once (the step it is asked at left out). */
export function allQueries(probe: Pick<Probe, 'steps' | 'query'>): string[] {
  return [...new Set([...(probe.steps ?? []).flatMap((s) => s.query), ...probe.query])];
}

/** The steps in one line each, as `show` and `explain` print them: "step 1: \e[3C, then cursor". */
export function describeSteps(probe: Pick<Probe, 'steps'>): string[] {
  return (probe.steps ?? []).map((s, k) => `step ${k + 1}: ${s.send === '' ? '(no bytes)' : s.send}, then ${s.query.join(', ')} (replies named …@${k + 1})`);
}
