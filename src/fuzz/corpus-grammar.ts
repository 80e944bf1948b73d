/**
 * The fuzzer's grammar, read from the corpus: every probe's bytes are split into
 * tokens (ground-tokens.ts) and each token becomes a template — a CSI sequence
 * by its private marker, intermediates, final byte and parameter count; an ESC
 * sequence as it is; a C0 control; a text character, sorted by kind (ASCII,
 * wide, combining marks and other non-ASCII). Queries (anything a terminal
 * answers: DSR/CPR, DA, DECRQM, XTVERSION, window reports, DCS and OSC strings)
 * are left out, since a reply would be taken for the case's own answer, and so
 * are sequences that change the size or reset the whole terminal.
 */
import type { SizeVars } from '../corpus/escape-notation.js';
import type { Corpus } from '../corpus/load-corpus.js';
import { probeWire } from '../corpus/probe-wires.js';
import { groundTokenEnds } from '../replay/ground-tokens.js';

export interface CsiTemplate {
  marker: string;
  intermediates: string;
  final: string;
  params: number;
  /** Parameter values the corpus uses with this sequence (mode numbers, SGR codes). */
  values: string[];
}

export interface Grammar {
  csi: CsiTemplate[];
  esc: string[];
  controls: string[];
  text: { ascii: string[]; wide: string[]; combining: string[]; other: string[] };
}

const CSI_RE = /^\x1b\[([<=>?]?)([0-9;:]*)([ -/]*)([@-~])$/;

/** Sequences a terminal answers, or that resize or fully reset it. */
function isExcludedCsi(marker: string, params: string, inter: string, final: string): boolean {
  if (final === 'n' || final === 'c' || final === 't' || final === 'x') return true; // DSR/CPR, DA, window ops, DECREQTPARM
  if (inter.includes('$') && (final === 'p' || final === 'w' || final === 'u')) return true; // DECRQM, DECRQPSR, DECRQTSR
  if (final === 'q' && marker === '>') return true; // XTVERSION
  if (final === '|' || final === 'y') return true; // DECSCPP-like and DECTST
  if (marker === '?' && (final === 'h' || final === 'l') && params.split(';').some((p) => p === '3' || p === '40' || p === '95')) return true; // DECCOLM and friends
  if (inter === '*' && final === '|') return true; // DECSNLS
  return false;
}

function classifyText(ch: string, g: Grammar): void {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) g.text.ascii.push(ch);
  else if (/\p{M}/u.test(ch)) g.text.combining.push(ch);
  else if (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u.test(ch)) g.text.wide.push(ch);
  else g.text.other.push(ch);
}

export function grammarFromCorpus(corpus: Corpus, size: SizeVars): Grammar {
  const g: Grammar = { csi: [], esc: [], controls: [], text: { ascii: [], wide: [], combining: [], other: [] } };
  const csi = new Map<string, CsiTemplate>();
  const seen = new Set<string>();
  for (const probe of corpus.probes) {
    let wire: string;
    try {
      wire = probeWire(probe, 'send', size);
    } catch {
      continue;
    }
    const bytes = Buffer.from(wire, 'latin1');
    let prev = 0;
    for (const end of groundTokenEnds(bytes)) {
      const token = bytes.subarray(prev, end);
      prev = end;
      const text = token.toString('utf8');
      const m = CSI_RE.exec(text);
      if (m) {
        const [, marker = '', params = '', inter = '', final = ''] = m;
        if (isExcludedCsi(marker, params, inter, final)) continue;
        const key = `${marker}|${inter}|${final}`;
        let t = csi.get(key);
        if (!t) csi.set(key, (t = { marker, intermediates: inter, final, params: 0, values: [] }));
        const list = params === '' ? [] : params.split(';');
        t.params = Math.max(t.params, list.length);
        for (const v of list) if (v !== '' && !t.values.includes(v) && t.values.length < 32) t.values.push(v);
        continue;
      }
      if (seen.has(text)) continue;
      seen.add(text);
      if (token[0] === 0x1b) {
        // ESC sequences other than CSI; strings (OSC, DCS, APC, PM, SOS) and RIS are left out.
        if (token.length >= 2 && ![0x5d, 0x50, 0x5f, 0x5e, 0x58, 0x63, 0x5b].includes(token[1]!)) g.esc.push(text);
      } else if (token.length === 1 && (token[0]! < 0x20 || token[0] === 0x7f)) {
        if (token[0] !== 0x05 && token[0] !== 0x18 && token[0] !== 0x1a) g.controls.push(text); // ENQ answers; CAN/SUB left to their own probes
      } else if (token[0]! < 0x80 || token[0]! >= 0xc2) {
        for (const ch of text) classifyText(ch, g);
      }
    }
  }
  g.csi = [...csi.values()];
  for (const k of Object.keys(g.text) as (keyof Grammar['text'])[]) g.text[k] = [...new Set(g.text[k])];
  return g;
}
