/**
 * The bytes a person pastes to see a probe for themselves (the printf repro on
 * the site, in `show`, `explain` and the reports): a clear screen, the probe's
 * bytes, and its queries. Part of the corpus, so reports need no engine for it.
 */
import type { SizeVars } from './escape-notation.js';
import { probeWire, textWire, wireBytes } from './probe-wires.js';
import type { Probe } from './probe-schema.js';
import { querySpec } from './queries.js';

export function reproBytes(probe: Probe, size: SizeVars): Uint8Array {
  return wireBytes('\x1b[2J\x1b[H' + probeWire(probe, 'send', size) + textWire(probe.query.map((q) => querySpec(q).bytes).join('')));
}
