/**
 * The bytes a person pastes to see a probe for themselves (the printf repro on
 * the site, in `show`, `explain` and the reports): a clear screen, the probe's
 * bytes, each step's bytes and queries, and its own queries. Part of the corpus, so reports need no engine for it.
 */
import { printfCommand } from './escape-bytes.js';
import type { SizeVars } from './escape-notation.js';
import { describeInput } from './input/describe-input.js';
import { notationWire, probeWire, textWire, wireBytes } from './probe-wires.js';
import type { Probe } from './probe-schema.js';
import { querySpec } from './queries.js';

export function reproBytes(probe: Probe, size: SizeVars): Uint8Array {
  // An input probe asks nothing: its answer is what the terminal sends for an event a person makes.
  if (probe.input) return wireBytes('\x1b[2J\x1b[H' + probeWire(probe, 'send', size));
  const asks = (queries: readonly string[]) => textWire(queries.map((q) => querySpec(q).bytes).join(''));
  const steps = (probe.steps ?? []).map((s) => notationWire(s.send, size) + asks(s.query)).join('');
  return wireBytes('\x1b[2J\x1b[H' + probeWire(probe, 'send', size) + steps + asks(probe.query));
}

/**
 * The command line a person runs to see a probe: the printf of its bytes; for an input probe, a bash line that
 * sets its modes, reads for 5 s what the terminal sends for the event they make (named in the comment: keys
 * that would end it, Ctrl-C or Ctrl-D, may be encoded under the probe's modes, so a timeout ends it), resets
 * the modes and shows what arrived with cat -v.
 */
export function reproCommand(probe: Probe, size: SizeVars): string {
  if (!probe.input) return printfCommand(reproBytes(probe, size));
  const modes = probe.send ? `${printfCommand(wireBytes(probeWire(probe, 'send', size)))}; ` : '';
  const reset = probe.cleanup ? `${printfCommand(wireBytes(probeWire(probe, 'cleanup', size)))}; ` : '';
  const event = `${probe.input.key !== undefined ? 'press ' : ''}${describeInput(probe.input)}`;
  return `${modes}IFS= read -rsN 99 -t 5 k; ${reset}printf %s "$k" | cat -v   # bash; within 5 s, ${event}`;
}
