/**
 * The bytes that enter the alternate screen before probing, and the bytes that
 * put the user's terminal back afterwards: a neutral state in the alternate
 * screen (the engine's own prelude, so no probe's leftovers survive), every
 * touched mode to its prior state, the colours, titles and kitty keyboard flags
 * the run changed as the terminal reported them, and the keypad (still in the
 * alternate screen: DECOM homes the cursor, and the keyboard flags are per
 * screen in kitty), leave it, DECRC (pairs with the DECSC before
 * entering), tmux's scroll region, the cursor where CSI 6n found it,
 * SGR as DECRQSS read it, and the cursor's visibility last. Never RIS, never a
 * size change.
 */
import type { SizeVars } from '../../corpus/escape-notation.js';
import { preludeBytes } from '../../corpus/prelude.js';
import { ASSUMED_STATE, NEVER_RESTORE } from './self-modes.js';
import type { PriorState } from './self-state.js';
import type { OutsideState } from './self-outside-state.js';
import { setTitleBytes } from './self-title-check.js';

/** DECSC, then the alternate screen (1049 also saves the cursor; the DECSC covers terminals with only 47/1047 semantics). */
export const ENTER_ALTERNATE = '\x1b7\x1b[?1049h';

export interface Restoration {
  bytes: string;
  /** When nothing but queries was sent (a silent terminal: no probe went out): leave the alternate screen, DECRC. */
  queriesOnly: string;
  /** Modes put back to an assumed state because the terminal did not tell theirs. */
  assumed: string[];
  /** Touched modes whose state is unknown and that have no assumed state: left as the probes left them. */
  unknown: string[];
}

/**
 * Each colour, title and the keyboard flags back as reported: OSC 4 ; n ; spec,
 * OSC N ; spec, OSC 1 and OSC 2 with the text, CSI = flags ; 1 u (sets the
 * flags in effect; entries a probe pushed and its cleanup popped are gone either way).
 */
export function outsideBytes(outside: OutsideState | undefined): string {
  if (!outside) return '';
  let out = '';
  for (const [i, spec] of outside.palette) out += `\x1b]4;${i};${spec}\x1b\\`;
  for (const [n, spec] of outside.dynamic) out += `\x1b]${n};${spec}\x1b\\`;
  if (outside.icon !== undefined) out += setTitleBytes('icon', outside.icon);
  if (outside.title !== undefined) out += setTitleBytes('title', outside.title);
  if (outside.keyboard !== undefined) out += `\x1b[=${outside.keyboard};1u`;
  return out;
}

export function restoration(prior: PriorState, touched: readonly string[], size: SizeVars): Restoration {
  const assumed: string[] = [];
  const unknown: string[] = [];
  const modes: string[] = [];
  let cursorVisible = '';
  for (const mode of touched) {
    if (NEVER_RESTORE.has(mode)) continue;
    let state = prior.modes[mode];
    // Permanently set or reset, or not recognized: the terminal did report it, and nothing can change it.
    if (state?.startsWith('permanently') || state === 'not-recognized') continue;
    if (state !== 'set' && state !== 'reset') {
      state = ASSUMED_STATE[mode];
      if (state) assumed.push(mode);
      else unknown.push(mode);
    }
    if (state !== 'set' && state !== 'reset') continue;
    const seq = `\x1b[${mode}${state === 'set' ? 'h' : 'l'}`;
    if (mode === '?25') cursorVisible = seq;
    else modes.push(seq);
  }
  const parts = [
    preludeBytes(size, 'alternate'), // neutral state, still inside the alternate screen
    // Modes are not per screen; set them while the cursor's place does not matter (DECOM homes it).
    modes.join(''),
    outsideBytes(prior.outside),
    prior.keypad === 'application' ? '\x1b=' : '\x1b>',
    prior.alternateBefore ? '' : '\x1b[?1049l',
    '\x1b8',
  ];
  const region = prior.scrollRegion;
  // DECSTBM homes the cursor: only when the cursor can be put back after it.
  if (region && prior.cursor && (region.top !== 1 || region.bottom !== size.rows)) parts.push(`\x1b[${region.top};${region.bottom}r`);
  if (prior.cursor) parts.push(`\x1b[${prior.cursor.row};${prior.cursor.col}H`);
  if (prior.sgr !== undefined) parts.push(/^0(;|$)/.test(prior.sgr) ? `\x1b[${prior.sgr}m` : `\x1b[0;${prior.sgr}m`);
  parts.push(cursorVisible || '\x1b[?25h');
  if (!prior.keypad) assumed.push('keypad');
  const queriesOnly = (prior.alternateBefore ? '' : '\x1b[?1049l') + '\x1b8' + (prior.cursor ? `\x1b[${prior.cursor.row};${prior.cursor.col}H` : '');
  return { bytes: parts.join(''), queriesOnly, assumed, unknown };
}
