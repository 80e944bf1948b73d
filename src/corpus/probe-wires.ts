/**
 * A probe's bytes as wires: JS strings with one character per byte (latin1),
 * the form the engine plans and joins batches in. The shipped corpus carries
 * the wires of every notation without size variables, decoded at build time
 * (compiled-corpus.ts); anything else is decoded when asked.
 */
import { decodeNotation, notationText, type SizeVars } from './escape-notation.js';
import type { Probe } from './probe-schema.js';

/** Bytes, one character per byte. */
export type Wire = string;

export interface ProbeWires {
  send?: Wire;
  cleanup?: Wire;
}

const precompiled = new WeakMap<Probe, ProbeWires>();

/** The compiled corpus hands over the wires it decoded at build time. */
export function rememberWires(probe: Probe, wires: ProbeWires): void {
  precompiled.set(probe, wires);
}

/** The wires worth compiling: those that do not depend on the size. */
export function sizeIndependentWires(probe: Probe): ProbeWires | undefined {
  const wires: ProbeWires = {};
  if (!probe.send.includes('${')) wires.send = notationWire(probe.send);
  if (probe.cleanup !== undefined && !probe.cleanup.includes('${')) wires.cleanup = notationWire(probe.cleanup);
  return wires.send === undefined && wires.cleanup === undefined ? undefined : wires;
}

/** A probe's `send` or `cleanup` (which must be present) at this size. */
export function probeWire(probe: Probe, field: 'send' | 'cleanup', size: SizeVars): Wire {
  return precompiled.get(probe)?.[field] ?? notationWire(probe[field]!, size);
}

/** Text → its UTF-8 bytes as a wire (ASCII, by far the usual case, is one already). */
export function textWire(text: string): Wire {
  return ASCII.test(text) ? text : Buffer.from(text, 'utf8').toString('latin1');
}
const ASCII = /^[\x00-\x7f]*$/;

/** Notation → wire: plain text directly; \x, \u and repeat groups through the full decoder. */
export function notationWire(notation: string, size?: SizeVars): Wire {
  const text = notationText(notation, size);
  if (text !== null) return textWire(text);
  const bytes = decodeNotation(notation, size);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Wire → bytes to write. */
export function wireBytes(wire: Wire): Uint8Array {
  return Buffer.from(wire, 'latin1');
}
