/**
 * The reply parser's states: the VT500 state diagram (ground, escape, CSI, DCS,
 * OSC and the SOS/PM/APC strings), plus two states it keeps implicit:
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

const PHASE_OF: Record<HeaderState, HeaderPhase> = {
  'csi-entry': 'entry',
  'csi-param': 'param',
  'csi-intermediate': 'intermediate',
  'csi-ignore': 'ignore',
  'dcs-entry': 'entry',
  'dcs-param': 'param',
  'dcs-intermediate': 'intermediate',
};

const CSI_STATE: Record<Exclude<HeaderPhase, 'final'>, ParserState> = {
  entry: 'csi-entry',
  param: 'csi-param',
  intermediate: 'csi-intermediate',
  ignore: 'csi-ignore',
};

const DCS_STATE: Record<Exclude<HeaderPhase, 'final'>, ParserState> = {
  entry: 'dcs-entry',
  param: 'dcs-param',
  intermediate: 'dcs-intermediate',
  ignore: 'dcs-ignore',
};

export function phaseOf(state: HeaderState): HeaderPhase {
  return PHASE_OF[state];
}

export function headerState(kind: 'csi' | 'dcs', phase: Exclude<HeaderPhase, 'final'>): ParserState {
  return kind === 'csi' ? CSI_STATE[phase] : DCS_STATE[phase];
}
