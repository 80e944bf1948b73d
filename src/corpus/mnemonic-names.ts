/**
 * What each mnemonic stands for, in words (after ECMA-48's and xterm ctlseqs'
 * names for them), so a search for "cursor position", "hyperlink" or "cursor
 * shape" finds the probes that send CUP, OSC 8 or DECSCUSR. Keyed by the
 * mnemonic's first word (OSC by its number).
 */
const NAMES: Record<string, string> = {
  BEL: 'bell', BS: 'backspace', HT: 'horizontal tab', LF: 'line feed', VT: 'vertical tab', FF: 'form feed', CR: 'carriage return',
  SO: 'shift out (G1 character set)', SI: 'shift in (G0 character set)', CAN: 'cancel', SUB: 'substitute', DEL: 'delete',
  DECSC: 'save cursor', DECRC: 'restore cursor', IND: 'index (down one line, scrolling)', NEL: 'next line', HTS: 'horizontal tab set',
  RI: 'reverse index (up one line, scrolling)', RIS: 'reset to initial state (hard reset)', DECKPAM: 'keypad application mode', DECKPNM: 'keypad numeric mode',
  SS2: 'single shift 2', SS3: 'single shift 3', SPA: 'start of guarded area', EPA: 'end of guarded area', DECID: 'identify terminal', ST: 'string terminator',
  DECBI: 'back index', DECFI: 'forward index', DECDHL: 'double-height line', DECSWL: 'single-width line', DECDWL: 'double-width line',
  DECALN: 'screen alignment pattern (fill with E)', SCS: 'select character set (designate G0–G3)',
  ICH: 'insert character', CUU: 'cursor up', CUD: 'cursor down', CUF: 'cursor forward', CUB: 'cursor backward', CNL: 'cursor next line',
  CPL: 'cursor preceding line', CHA: 'cursor horizontal absolute (column)', CUP: 'cursor position', CHT: 'cursor forward tabulation',
  ED: 'erase in display', EL: 'erase in line', IL: 'insert line', DL: 'delete line', DCH: 'delete character', SU: 'scroll up', SD: 'scroll down',
  ECH: 'erase character', CBT: 'cursor backward tabulation', HPA: 'horizontal position absolute', HPR: 'horizontal position relative',
  REP: 'repeat the preceding character', DA1: 'primary device attributes', DA2: 'secondary device attributes', DA3: 'tertiary device attributes',
  VPA: 'vertical position absolute (row)', VPR: 'vertical position relative', HVP: 'horizontal and vertical position', TBC: 'tab clear',
  SM: 'set mode', RM: 'reset mode', HPB: 'horizontal position backward', VPB: 'vertical position backward', SGR: 'select graphic rendition (text style, colour, underline)',
  DSR: 'device status report', CPR: 'cursor position report', DECXCPR: 'extended cursor position report (with page)', DECSTBM: 'set top and bottom margins (scroll region)',
  XTWINOPS: 'window operations', SCOSC: 'save cursor (SCO)', SCORC: 'restore cursor (SCO)', DECSLRM: 'set left and right margins',
  DECREQTPARM: 'request terminal parameters', CTC: 'cursor tabulation control', DECSET: 'DEC private mode set', DECRST: 'DEC private mode reset',
  DECSED: 'selective erase in display', DECSEL: 'selective erase in line', XTRESTORE: 'restore DEC private modes', XTSAVE: 'save DEC private modes',
  DECST8C: 'set tab stops every 8 columns', XTVERSION: 'report the terminal name and version', DECSTR: 'soft terminal reset',
  DECSCUSR: 'set cursor style (shape: block, underline or bar; blinking or steady)', DECSCA: 'select character protection attribute',
  DECSCL: 'set conformance level', DECRQM: 'request mode (report whether a mode is set)', DECIC: 'insert column', DECDC: 'delete column',
  DECFRA: 'fill rectangular area', DECERA: 'erase rectangular area', DECSERA: 'selective erase rectangular area', DECCRA: 'copy rectangular area',
  DECRQCRA: 'request checksum of rectangular area (screen read-back)', DECRQSS: 'request selection or setting (report a setting)',
  XTGETTCAP: 'request termcap/terminfo capability', DECCKM: 'cursor keys mode', DECCOLM: '132-column mode', DECSCNM: 'reverse video screen mode',
  DECOM: 'origin mode', DECAWM: 'autowrap mode', DECTCEM: 'text cursor enable (cursor visibility)', DECLRMM: 'left and right margin mode',
  DECNCSM: 'no clearing screen on column change', IRM: 'insert/replace mode', LNM: 'line feed/new line mode', APC: 'application program command',
  LS2: 'locking shift 2 (G2 into GL)', LS3: 'locking shift 3 (G3 into GL)', LS1R: 'locking shift 1 right (G1 into GR)', LS2R: 'locking shift 2 right (G2 into GR)',
  LS3R: 'locking shift 3 right (G3 into GR)', S7C1T: 'send 7-bit C1 controls', S8C1T: 'send 8-bit C1 controls', DOCS: 'designate other coding system (UTF-8 on or off)',
  'VT52-CUU': 'VT52 cursor up', 'VT52-CUD': 'VT52 cursor down', 'VT52-CUF': 'VT52 cursor right', 'VT52-DCA': 'VT52 direct cursor address',
  'VT52-RI': 'VT52 reverse line feed', 'VT52-ANSI': 'VT52: enter ANSI mode', 'KITTY-PUSH': 'kitty keyboard protocol: push flags',
  XTMODKEYS: 'set key modifier options (modifyOtherKeys and others)', 'XTMODKEYS-OFF': 'disable a key modifier option (xterm)',
  'KITTY-POP': 'kitty keyboard protocol: pop flags', 'KITTY-SET': 'kitty keyboard protocol: set flags', 'KITTY-QUERY': 'kitty keyboard protocol: query flags',
  DECSACE: 'select attribute change extent (stream or rectangle)', XTPUSHSGR: 'push text style (SGR) onto a stack', XTPOPSGR: 'pop text style (SGR) from the stack',
  XTPUSHCOLORS: 'push the colour palette', XTPOPCOLORS: 'pop the colour palette', XTREPORTCOLORS: 'report the colour palette stack',
  DECCARA: 'change attributes in rectangular area', DECRARA: 'reverse attributes in rectangular area', DECRQPSR: 'request presentation state report (cursor or tab stops)',
  DECRQTSR: 'request terminal state report', XTSMGRAPHICS: 'set or request graphics attributes (sixel colours, geometry)', DECSCPP: 'select columns per page',
  DECSNLS: 'select number of lines per screen', DECSLPP: 'set lines per page', DECSASD: 'select active status display', DECSSDT: 'select status display type',
  PM: 'privacy message', SOS: 'start of string', DCS: 'device control string',
};

/** OSC commands by number. */
const OSC: Record<string, string> = {
  '0': 'set icon name and window title', '1': 'set icon name', '2': 'set window title', '4': 'colour palette (set or query a colour)',
  '7': 'current working directory', '8': 'hyperlink', '9': 'desktop notification', '10': 'foreground colour', '11': 'background colour',
  '12': 'cursor colour', '13': 'pointer foreground colour', '14': 'pointer background colour', '15': 'Tektronix foreground colour',
  '16': 'Tektronix background colour', '17': 'highlight (selection) background colour', '18': 'Tektronix cursor colour', '19': 'highlight (selection) foreground colour',
  '21': 'window title report', '22': 'pointer shape', '66': 'text sizing (kitty)', '99': 'desktop notification (kitty)', '113': 'reset pointer foreground colour',
  '114': 'reset pointer background colour', '115': 'reset Tektronix foreground colour', '116': 'reset Tektronix background colour',
  '117': 'reset highlight background colour', '118': 'reset Tektronix cursor colour', '119': 'reset highlight foreground colour', '5379': 'rxvt-unicode extension', '52': 'clipboard (selection data, copy and paste)', '104': 'reset palette colour', '110': 'reset foreground colour',
  '111': 'reset background colour', '112': 'reset cursor colour', '133': 'shell integration (prompt marks)', '1337': 'iTerm2 extensions',
};

/** The words a mnemonic stands for ("OSC 8" → "hyperlink"), or undefined when none are known. */
export function mnemonicName(mnemonic: string): string | undefined {
  const [head, arg] = mnemonic.split(' ');
  if (head === 'OSC') return arg === undefined ? 'operating system command' : OSC[arg];
  return NAMES[head!];
}
