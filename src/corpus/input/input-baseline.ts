/**
 * What the input probes write before every group of probes, besides the usual
 * prelude (DECSTR, which resets DECCKM and the keypad in DEC terminals): every
 * input mode whose initial state is "off" in every terminal, turned off, in case
 * a probe's cleanup did not (a terminal that ignored it, a probe cut short).
 * Modes whose initial state differs between terminals (DECBKM, alternate scroll)
 * are left alone: their default is part of what a probe measures.
 *
 *   DECRST 9, 1000–1003 (mouse tracking), 1004 (focus), 1005, 1006, 1015, 1016 (mouse encodings),
 *   2004 (bracketed paste), 1 (DECCKM), 66 (DECNKM); DECKPNM;
 *   kitty keyboard: pop every entry of the stack, then flags 0 (CSI < 99 u, CSI = 0 ; 1 u);
 *   xterm XTMODKEYS: modifyOtherKeys back to its initial value (CSI > 4 m).
 */
export const INPUT_BASELINE =
  '\x1b[?9l\x1b[?1000l\x1b[?1001l\x1b[?1002l\x1b[?1003l\x1b[?1004l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1016l' +
  '\x1b[?2004l\x1b[?1l\x1b[?66l\x1b>' +
  '\x1b[<99u\x1b[=0;1u' +
  '\x1b[>4m';
