/**
 * The isolation prelude written before every probe, so no probe's answer depends
 * on the one before it; it leaves no state of its own that a later answer shows
 * (prelude-history.test.ts replays a DECCIR probe with and without it, per
 * target). Never RIS (ESC c): in the user's own terminal it would wipe their
 * session and scrollback.
 */
import type { SizeVars } from './escape-notation.js';

export type PreludeKind = 'default' | 'alternate';

/**
 * default: leave the alternate screen first (several terminals keep a separate
 * cursor there), then reset. alternate: (the user's own terminal) stay in — or
 * go back to — the alternate screen, so the user's main screen is never written.
 */
export function preludeBytes(size: SizeVars, kind: PreludeKind = 'default', restore = ''): string {
  const tabs: string[] = [];
  for (let col = 9; col <= size.cols; col += 8) tabs.push(`\x1b[1;${col}H\x1bH`);
  return [
    // Several terminals (urxvt, konsole, qterminal) keep the alternate screen's own cursor and
    // text from one visit to the next: home and clear it too (mode 47 switches without saving or
    // clearing; where 47 is unknown, this clears the main screen, which the prelude clears anyway).
    kind === 'default' ? '\x1b[?1049l\x1b[?47h\x1b[H\x1b[2J\x1b[?47l' : '\x1b[?1049h',
    // DECSCA: back to DEC protection, unprotected, so erasing ignores ISO guarded areas (SPA/EPA) a probe left.
    // Before DECSTR, which then clears the protection mode itself: xterm 379 reports the mode in DECCIR (an
    // attribute "A" after any DECSCA, until a soft reset), so a DECSCA after it would show in every later answer.
    '\x1b[1"q\x1b[0"q',
    '\x1b[!p', // DECSTR soft reset
    '\x1b[0m', // SGR 0
    '\x1b[4l\x1b[20l', // IRM off, LNM off
    '\x1b[?5l\x1b[?6l\x1b[?7h\x1b[?45l', // DECSCNM off, DECOM off, DECAWM on, reverse-wrap off
    '\x1b[?69l', // DECLRMM off (also drops left/right margins)
    '\x1b[r', // DECSTBM: full screen
    '\x1b(B\x1b)B\x0f', // G0/G1 ASCII, SI
    '\x1b[3g', // clear all tab stops…
    tabs.join(''), // …and set one every 8 columns
    restore, // modes put back to the state the terminal started in (e.g. 2027)
    '\x1b[2J\x1b[H', // clear, home
  ].join('');
}

/** DECSET/DECRST bytes that put recorded modes back to their initial state (only modes probes may toggle). */
export function restoreModesBytes(modes: Record<string, string>, which: readonly string[] = ['?2027']): string {
  let out = '';
  for (const mode of which) {
    const state = modes[mode];
    if (state === 'set') out += `\x1b[${mode}h`;
    else if (state === 'reset') out += `\x1b[${mode}l`;
  }
  return out;
}
