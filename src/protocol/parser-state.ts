/**
 * The reply parser's states: the VT500 state diagram (ground, escape, CSI, DCS,
 * OSC and the SOS/PM/APC strings), plus two that VT500 leaves implicit:
 *
 * - `escape-shift`: after SS2/SS3 (ESC N, ESC O), waiting for the one character
 *   they select, so a key such as F1 (ESC O P) arrives as one event.
 * - `string-escape`: an ESC arrived inside a string; the next character says
 *   whether it was a string terminator (ESC \) or the start of a new sequence.
 *
 * Everything the parser needs to resume lives on its instance, so a sequence may
 * be split across `feed` calls at any point.
 */
import type { HeaderPhase } from './sequence-header.js';

export type ParserState =
  | 'ground'
  | 'escape'
  | 'escape-intermediate'
  | 'escape-shift'
  | 'csi-entry'
  | 'csi-param'
  | 'csi-intermediate'
  | 'csi-ignore'
  | 'dcs-entry'
  | 'dcs-param'
  | 'dcs-intermediate'
  | 'dcs-passthrough'
  | 'dcs-ignore'
  | 'osc-string'
  | 'sos-string'
  | 'pm-string'
  | 'apc-string'
  | 'string-escape';

/** States whose content runs until a string terminator. */
export type StringState = 'dcs-passthrough' | 'dcs-ignore' | 'osc-string' | 'sos-string' | 'pm-string' | 'apc-string';

export function isStringState(state: ParserState): state is StringState {
  switch (state) {
    case 'dcs-passthrough':
    case 'dcs-ignore':
    case 'osc-string':
    case 'sos-string':
    case 'pm-string':
    case 'apc-string':
      return true;
    default:
      return false;
  }
}

/** String states that accept BEL as their terminator besides ST. */
export function endsWithBel(state: StringState): boolean {
  return state === 'osc-string' || state === 'dcs-passthrough' || state === 'dcs-ignore';
}

/**
 * CSI and DCS header states, each the parser state for one header phase. A DCS
 * whose header breaks the grammar goes to `dcs-ignore`, a string state: unlike
 * `csi-ignore` it lasts until the string terminator, not until a final byte.
 */
export type HeaderState = 'csi-entry' | 'csi-param' | 'csi-intermediate' | 'csi-ignore' | 'dcs-entry' | 'dcs-param' | 'dcs-intermediate';

export function isHeaderState(state: ParserState): state is HeaderState {
  return state.startsWith('csi-') || state === 'dcs-entry' || state === 'dcs-param' || state === 'dcs-intermediate';
}

export function phaseOf(state: HeaderState): Exclude<HeaderPhase, 'final'> {
  switch (state) {
    case 'csi-entry': case 'dcs-entry': return 'entry';
    case 'csi-param': case 'dcs-param': return 'param';
    case 'csi-intermediate': case 'dcs-intermediate': return 'intermediate';
    case 'csi-ignore': return 'ignore';
  }
}

/** The parser state for a header phase; a DCS header that breaks the grammar becomes `dcs-ignore`. */
export function headerState(csi: boolean, phase: Exclude<HeaderPhase, 'final'>): ParserState {
  switch (phase) {
    case 'entry': return csi ? 'csi-entry' : 'dcs-entry';
    case 'param': return csi ? 'csi-param' : 'dcs-param';
    case 'intermediate': return csi ? 'csi-intermediate' : 'dcs-intermediate';
    case 'ignore': return csi ? 'csi-ignore' : 'dcs-ignore';
  }
}
