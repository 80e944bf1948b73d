/**
 * The mnemonics of a probe's bytes, so a reader can find a probe by the sequence
 * they know ("DECSET 1049", "OSC 52", "SGR 4:3", "CUP"): the bytes are split by
 * the reply parser (the same VT500 state machine; it tokenises any stream, not
 * only replies) and each control is named from its final byte, prefix and
 * intermediates as ECMA-48 and xterm's ctlseqs name them. Parameters that select
 * something (modes, SGR attributes, OSC commands, DECRQSS settings) stay in the
 * name; counts and positions (CUP 5;3) do not. A control no table names is shown
 * by its shape ("CSI ? Ps W"), never dropped.
 */
import { parseReplies } from '../protocol/reply-parser.js';
import type { ReplyEvent } from '../protocol/reply-events.js';

/** C0 controls by code. */
const C0: Record<number, string> = { 0x07: 'BEL', 0x08: 'BS', 0x09: 'HT', 0x0a: 'LF', 0x0b: 'VT', 0x0c: 'FF', 0x0d: 'CR', 0x0e: 'SO', 0x0f: 'SI', 0x18: 'CAN', 0x1a: 'SUB', 0x7f: 'DEL' };

/** ESC + intermediates + final. */
const ESC: Record<string, string> = {
  '7': 'DECSC', '8': 'DECRC', D: 'IND', E: 'NEL', H: 'HTS', M: 'RI', c: 'RIS', '=': 'DECKPAM', '>': 'DECKPNM',
  N: 'SS2', O: 'SS3', V: 'SPA', W: 'EPA', Z: 'DECID', '\\': 'ST', '6': 'DECBI', '9': 'DECFI',
  '#3': 'DECDHL', '#4': 'DECDHL', '#5': 'DECSWL', '#6': 'DECDWL', '#8': 'DECALN',
  n: 'LS2', o: 'LS3', '|': 'LS3R', '}': 'LS2R', '~': 'LS1R', ' F': 'S7C1T', ' G': 'S8C1T', '%@': 'DOCS', '%G': 'DOCS',
};

/** VT52 mode's ESC controls (DECANM reset), where they differ from the ANSI ones: a probe sends them only in VT52 mode. */
const VT52: Record<string, string> = { A: 'VT52-CUU', B: 'VT52-CUD', C: 'VT52-CUF', Y: 'VT52-DCA', I: 'VT52-RI', '<': 'VT52-ANSI' };

/** CSI by prefix + intermediates + final. `sel`: the parameters select what it does, so they are part of the name. */
const CSI: Record<string, { name: string; sel?: true }> = {
  '@': { name: 'ICH' }, A: { name: 'CUU' }, B: { name: 'CUD' }, C: { name: 'CUF' }, D: { name: 'CUB' }, E: { name: 'CNL' },
  F: { name: 'CPL' }, G: { name: 'CHA' }, H: { name: 'CUP' }, I: { name: 'CHT' }, J: { name: 'ED', sel: true }, K: { name: 'EL', sel: true },
  L: { name: 'IL' }, M: { name: 'DL' }, P: { name: 'DCH' }, S: { name: 'SU' }, T: { name: 'SD' }, X: { name: 'ECH' }, Z: { name: 'CBT' },
  '`': { name: 'HPA' }, a: { name: 'HPR' }, b: { name: 'REP' }, c: { name: 'DA1' }, d: { name: 'VPA' }, e: { name: 'VPR' }, f: { name: 'HVP' },
  g: { name: 'TBC', sel: true }, h: { name: 'SM', sel: true }, j: { name: 'HPB' }, k: { name: 'VPB' }, l: { name: 'RM', sel: true },
  m: { name: 'SGR', sel: true }, n: { name: 'DSR', sel: true }, r: { name: 'DECSTBM' }, t: { name: 'XTWINOPS', sel: true }, u: { name: 'SCORC' },
  x: { name: 'DECREQTPARM' }, W: { name: 'CTC', sel: true },
  '?h': { name: 'DECSET', sel: true }, '?l': { name: 'DECRST', sel: true }, '?J': { name: 'DECSED', sel: true }, '?K': { name: 'DECSEL', sel: true },
  '?n': { name: 'DSR', sel: true }, '?r': { name: 'XTRESTORE', sel: true }, '?s': { name: 'XTSAVE', sel: true }, '?W': { name: 'DECST8C' },
  '>c': { name: 'DA2' }, '=c': { name: 'DA3' }, '>q': { name: 'XTVERSION' },
  '!p': { name: 'DECSTR' }, ' q': { name: 'DECSCUSR', sel: true }, '"q': { name: 'DECSCA', sel: true }, '"p': { name: 'DECSCL' },
  '$p': { name: 'DECRQM', sel: true }, '?$p': { name: 'DECRQM', sel: true }, "'}": { name: 'DECIC' }, "'~": { name: 'DECDC' },
  '>m': { name: 'XTMODKEYS' }, '>n': { name: 'XTMODKEYS-OFF' }, '>u': { name: 'KITTY-PUSH' }, '<u': { name: 'KITTY-POP' }, '=u': { name: 'KITTY-SET' }, '?u': { name: 'KITTY-QUERY' },
  '*x': { name: 'DECSACE' }, '#{': { name: 'XTPUSHSGR' }, '#}': { name: 'XTPOPSGR' }, '#p': { name: 'XTPUSHSGR' }, '#q': { name: 'XTPOPSGR' },
  '#P': { name: 'XTPUSHCOLORS' }, '#Q': { name: 'XTPOPCOLORS' }, '#R': { name: 'XTREPORTCOLORS' }, '$r': { name: 'DECCARA' }, '$t': { name: 'DECRARA' },
  '$w': { name: 'DECRQPSR', sel: true }, '$u': { name: 'DECRQTSR' }, '?S': { name: 'XTSMGRAPHICS', sel: true }, '$|': { name: 'DECSCPP' }, '*|': { name: 'DECSNLS' },
  '$x': { name: 'DECFRA' }, '$z': { name: 'DECERA' }, '${': { name: 'DECSERA' }, '$v': { name: 'DECCRA' }, '*y': { name: 'DECRQCRA' },
};

/** What DECRQSS asks about, by the setting's intermediates and final (VT510 DECRQSS table; xterm ctlseqs). */
const DECRQSS_SETTINGS: Record<string, string> = {
  m: 'SGR', r: 'DECSTBM', s: 'DECSLRM', ' q': 'DECSCUSR', '"q': 'DECSCA', '"p': 'DECSCL', t: 'DECSLPP', '$|': 'DECSCPP', '*|': 'DECSNLS', '*x': 'DECSACE', '$}': 'DECSASD', '$~': 'DECSSDT',
};

/** Mode names: DEC private modes (DECSET/DECRST/DECRQM with ?) and ANSI modes (SM/RM). */
const DEC_MODES: Record<string, string> = { '1': 'DECCKM', '3': 'DECCOLM', '5': 'DECSCNM', '6': 'DECOM', '7': 'DECAWM', '25': 'DECTCEM', '69': 'DECLRMM', '95': 'DECNCSM' };
const ANSI_MODES: Record<string, string> = { '4': 'IRM', '20': 'LNM' };

const CSI_SHAPE = /^(?:\x1b\[|\x9b)([<=>?]?)([0-9:;]*)([ -/]*)([@-~])$/;
const DCS_SHAPE = /^(?:\x1bP|\x90)([<=>?]?)([0-9:;]*)([ -/]*)([@-~])/;

function csiNames(prefix: string, params: string, inter: string, final: string): string[] {
  if (prefix === '' && inter === '' && final === 's') return [params === '' ? 'SCOSC' : 'DECSLRM'];
  if (prefix === '' && inter === '' && final === 'n' && (params === '6' || params === '')) return ['DSR 6', 'CPR'];
  if (prefix === '?' && inter === '' && final === 'n' && params === '6') return ['DECXCPR'];
  const known = CSI[prefix + inter + final];
  if (!known) return [`CSI ${[prefix, params ? 'Ps' : '', inter, final].filter(Boolean).join(' ')}`];
  if (!known.sel) return [known.name];
  const values = params === '' ? [] : params.split(';');
  if (values.length === 0) return [known.name];
  const out = values.map((v) => `${known.name} ${prefix === '?' && known.name === 'DECRQM' ? '?' : ''}${v}`);
  const modes = prefix === '?' ? DEC_MODES : ANSI_MODES;
  if (['DECSET', 'DECRST', 'SM', 'RM', 'DECRQM', 'XTSAVE', 'XTRESTORE'].includes(known.name)) for (const v of values) if (modes[v]) out.push(modes[v]);
  return out;
}

function eventNames(e: ReplyEvent): string[] {
  switch (e.kind) {
    case 'text':
      return [...e.text].flatMap((ch) => (C0[ch.charCodeAt(0)] ? [C0[ch.charCodeAt(0)]!] : []));
    case 'esc': {
      const key = e.intermediates + e.final;
      if (ESC[key]) return [ESC[key]];
      if (VT52[key]) return [VT52[key]];
      // SS2 / SS3 and the one character they shift (the parser keeps it with them, as in ESC O P keys)
      if (/^[NO].$/su.test(key)) return [key[0] === 'N' ? 'SS2' : 'SS3'];
      if (/^[()*+\-./]/.test(key)) return ['SCS', `SCS ${key}`];
      return [`ESC ${key}`];
    }
    case 'osc':
      return [e.command === null ? 'OSC' : `OSC ${e.command}`];
    case 'string':
      return [e.introducer.toUpperCase()];
    case 'aborted':
      return [];
    default: {
      const csi = e.raw.match(CSI_SHAPE);
      if (csi) return csiNames(csi[1]!, csi[2]!, csi[3]!, csi[4]!);
      const dcs = e.raw.match(DCS_SHAPE);
      if (dcs) {
        const key = dcs[3]! + dcs[4]!;
        if (key === '$q') return ['DECRQSS', ...('data' in e && e.data ? [`DECRQSS ${e.data}`] : [])];
        if (key === '+q') return ['XTGETTCAP'];
        return ['DCS'];
      }
      return [];
    }
  }
}

/** Every control named in a byte string, each once, in order of first use. */
export function sequenceMnemonics(bytes: Uint8Array): string[] {
  const names = new Set<string>();
  for (const e of parseReplies(bytes)) for (const n of eventNames(e)) names.add(n);
  return [...names];
}

/** What a probe's queries are called ("cursor" → CPR, "decrqm:?2026" → DECRQM ?2026). */
export function queryMnemonics(queries: readonly string[]): string[] {
  const names = new Set<string>();
  for (const q of queries) {
    const [kind, arg] = q.split(/:(.*)/s) as [string, string | undefined];
    const named: Record<string, string[]> = { cursor: ['CPR', 'DSR 6'], da1: ['DA1'], da2: ['DA2'], da3: ['DA3'], xtversion: ['XTVERSION'], dsr: ['DSR 5'], decxcpr: ['DECXCPR'] };
    if (named[kind]) for (const n of named[kind]) names.add(n);
    else if (kind === 'decrqm') {
      names.add('DECRQM');
      names.add(`DECRQM ${arg}`);
      const mode = arg!.startsWith('?') ? DEC_MODES[arg!.slice(1)] : ANSI_MODES[arg!];
      if (mode) names.add(mode);
    } else if (kind === 'decrqss') {
      names.add('DECRQSS');
      names.add(`DECRQSS ${arg}`);
      // The setting asked about is named too: DECRQSS r reports DECSTBM.
      const setting = DECRQSS_SETTINGS[arg ?? ''];
      if (setting) names.add(setting);
    } else if (kind === 'osc') names.add(`OSC ${arg}`);
  }
  return [...names];
}
