/**
 * The bytes a person pastes to see a probe for themselves (the printf repro on
 * the site, in `show`, `explain` and the reports): a clear screen, the probe's
 * bytes, each step's bytes and queries, and its own queries. Part of the corpus, so reports need no engine for it.
 */
import type { SizeVars } from './escape-notation.js';
import { notationWire, probeWire, textWire, wireBytes } from './probe-wires.js';
import type { Probe } from './probe-schema.js';
import { querySpec } from './queries.js';

export function reproBytes(probe: Probe, size: SizeVars): Uint8Array {
  const asks = (queries: readonly string[]) => textWire(queries.map((q) => querySpec(q).bytes).join(''));
  const steps = (probe.steps ?? []).map((s) => notationWire(s.send, size) + asks(s.query)).join('');
  return wireBytes('\x1b[2J\x1b[H' + probeWire(probe, 'send', size) + steps + asks(probe.query));
}
