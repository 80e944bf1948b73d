/**
 * The modes termprobe may change in the user's terminal: those the isolation
 * prelude and its soft reset (DECSTR) set, and every mode a probe's bytes set
 * or reset (found by scanning them). Their state is asked before probing and
 * put back afterwards.
 */
import { decodeNotation } from '../../corpus/escape-notation.js';
import { sendNotations } from '../../corpus/probe-steps.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { RECORDED_MODES } from '../../results/results-constants.js';
import { CsiQueryScanner, type CsiSequence } from '../common/csi-query-scanner.js';

/** Set by the prelude (DECSTR resets ?1, ?6, ?7, ?25, IRM and the keypad; the prelude sets the rest). ?66 stands for the keypad (DECNKM). */
export const PRELUDE_MODES = ['?1', '?5', '?6', '?7', '?25', '?45', '?66', '?69', '4', '20'] as const;

/** Often on at a prompt or left on by programs; cheap to ask, and put back if a probe changes them. */
const INTERACTIVE_MODES = ['?12', '?1000', '?1002', '?1003', '?1004', '?1005', '?1006', '?1015', '?1016', '?2004', '?2026'] as const;

/**
 * Never set or reset while restoring: the change does more than the mode
 * (VT52 mode, a column switch that clears and may resize, a screen switch).
 * The alternate screen is left explicitly instead; the keypad by ESC = / ESC >.
 */
export const NEVER_RESTORE: ReadonlySet<string> = new Set(['?2', '?3', '?47', '?1047', '?1048', '?1049', '?66']);

/**
 * The state a command runs in at a shell prompt (shells turn application
 * cursor keys, the keypad and bracketed paste off before running a command),
 * used for a touched mode whose state the terminal did not tell.
 */
export const ASSUMED_STATE: Readonly<Record<string, 'set' | 'reset'>> = {
  '?1': 'reset', '?5': 'reset', '?6': 'reset', '?7': 'set', '?25': 'set', '?45': 'reset', '?66': 'reset', '?69': 'reset',
  '4': 'reset', '20': 'reset', '?9': 'reset', '?1000': 'reset', '?1001': 'reset', '?1002': 'reset', '?1003': 'reset',
  '?1004': 'reset', '?1005': 'reset', '?1006': 'reset', '?1015': 'reset', '?1016': 'reset', '?2004': 'reset', '?2026': 'reset',
  '?8': 'set', '?95': 'reset', '?1045': 'reset',
};

const isModeSet = (seq: CsiSequence) => (seq.final === 'h' || seq.final === 'l') && (seq.marker === '' || seq.marker === '?') && seq.intermediates === '';

/** Every mode (e.g. "?2027", "4") the bytes set or reset. */
export function modesIn(bytes: Uint8Array): string[] {
  const found: string[] = [];
  const scanner = new CsiQueryScanner((seq) => {
    if (!isModeSet(seq)) return false;
    for (const p of seq.params.split(';')) if (/^\d+$/.test(p)) found.push(`${seq.marker}${Number(p)}`);
    return true;
  });
  scanner.scan(bytes);
  return found;
}

const decoded = new WeakMap<Probe, Uint8Array[]>();

/** A probe's bytes (`send` and its steps', in order) and cleanup bytes, decoded once (the size does not change which modes or sequences they hold). */
export function probeBytes(probe: Probe): Uint8Array[] {
  let bytes = decoded.get(probe);
  if (!bytes) {
    const size = { cols: 80, rows: 24 };
    bytes = [Buffer.concat(sendNotations(probe).map((text) => decodeNotation(text, size))), decodeNotation(probe.cleanup ?? '', size)];
    decoded.set(probe, bytes);
  }
  return bytes;
}

const key = (m: string) => (m.startsWith('?') ? Number(m.slice(1)) : 100000 + Number(m));
const sorted = (modes: Iterable<string>) => [...new Set(modes)].sort((a, b) => key(a) - key(b));

/** The modes the run may change: the prelude's and every mode a probe sets or resets. */
export function touchedModes(probes: readonly Probe[]): string[] {
  return sorted([...PRELUDE_MODES, ...probes.flatMap((p) => probeBytes(p).flatMap(modesIn))]);
}

/** What to ask before probing: the touched modes, common interactive ones, and those recorded as settings. */
export function modesToRead(touched: readonly string[]): string[] {
  return sorted([...touched, ...INTERACTIVE_MODES, ...RECORDED_MODES]);
}
