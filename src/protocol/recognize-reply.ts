/**
 * Turning a finished sequence into a typed event: the replies termprobe asks for
 * (CPR, DA1–3, DECRQM, DECRQSS, XTVERSION, DSR, OSC) get their own kinds, and
 * everything else stays a generic csi / dcs event. Pure functions of the parts
 * the parser gathered.
 */
import type { ReplyEvent } from './reply-events.js';
import { recognizeApc, recognizeCsiReport, recognizeDcsReport } from './recognize-reports.js';

/** The parts of a CSI or DCS sequence, as gathered by the parser. */
export interface SequenceParts {
  prefix: string;
  params: string;
  intermediates: string;
  final: string;
  raw: string;
  truncated: boolean;
  /** The sequence broke the grammar: never given a typed kind. */
  malformed: boolean;
}

/**
 * Numeric parameters: '' → [], '5;;-1' → [5, null, -1]. Returns null when any
 * parameter is not a plain optionally-signed number (sub-parameters, stray '-').
 */
export function parseParams(params: string): (number | null)[] | null {
  const values: (number | null)[] = [];
  if (params.length === 0) return values;
  let value = 0;
  let digits = 0;
  let negative = false;
  for (let i = 0; i <= params.length; i++) {
    const c = i < params.length ? params.charCodeAt(i) : 0x3b;
    if (c >= 0x30 && c <= 0x39) {
      value = value * 10 + (c - 0x30);
      digits++;
    } else if (c === 0x2d && digits === 0 && !negative) {
      negative = true;
    } else if (c === 0x3b) {
      if (negative && digits === 0) return null;
      values.push(digits === 0 ? null : negative ? -value : value);
      value = digits = 0;
      negative = false;
    } else {
      return null;
    }
  }
  return values;
}

function flag<T extends ReplyEvent>(event: T, truncated: boolean): T {
  if (truncated && event.kind !== 'text') event.truncated = true;
  return event;
}

function orZero(values: (number | null)[]): number[] {
  return values.map((v) => v ?? 0);
}

export function recognizeCsi(p: SequenceParts): ReplyEvent {
  const values = p.malformed ? null : parseParams(p.params);
  const { prefix, intermediates: inter, final, raw } = p;
  if (values !== null) {
    const plain = prefix === '';
    const question = prefix === '?';
    if (final === 'R' && inter === '' && (plain ? values.length <= 2 : question && values.length <= 3)) {
      const row = values[0] ?? null;
      const col = values[1] ?? null;
      if (plain) return flag({ kind: 'cpr', row, col, private: false, raw }, p.truncated);
      return flag({ kind: 'cpr', row, col, page: values[2] ?? null, private: true, raw }, p.truncated);
    }
    if (final === 'c' && inter === '' && (question || prefix === '>')) {
      return flag({ kind: question ? 'da1' : 'da2', params: orZero(values), raw }, p.truncated);
    }
    if (final === 'y' && inter === '$' && (plain || question) && values.length === 2) {
      const [mode, value] = values;
      if (mode != null && value != null) {
        return flag({ kind: 'decrqm', mode, private: question, value, raw }, p.truncated);
      }
    }
    if (final === 'n' && inter === '' && (plain || question) && values[0] != null) {
      const event: ReplyEvent = { kind: 'dsr', code: values[0], private: question, raw };
      if (values.length > 1) event.params = orZero(values);
      return flag(event, p.truncated);
    }
    const report = recognizeCsiReport(prefix, inter, final, values, raw, (e) => flag(e, p.truncated));
    if (report) return report;
  }
  const event: ReplyEvent = { kind: 'csi', prefix, params: p.params, intermediates: inter, final, raw };
  if (p.malformed) event.malformed = true;
  return flag(event, p.truncated);
}

export function recognizeDcs(p: SequenceParts, data: string): ReplyEvent {
  const { prefix, intermediates: inter, final, raw } = p;
  if (!p.malformed && final === '|') {
    if (prefix === '>' && inter === '') return flag({ kind: 'xtversion', text: data, raw }, p.truncated);
    if (prefix === '' && inter === '!' && p.params === '') {
      return flag({ kind: 'da3', unitId: data, raw }, p.truncated);
    }
  }
  if (!p.malformed && final === 'r' && inter === '$' && prefix === '') {
    const values = parseParams(p.params);
    if (values !== null && values.length <= 1) {
      const status = values[0] ?? 0;
      return flag({ kind: 'decrqss', status, payload: data, raw }, p.truncated);
    }
  }
  if (!p.malformed) {
    const report = recognizeDcsReport(prefix, p.params, inter, final, data, raw, (e) => flag(e, p.truncated));
    if (report) return report;
  }
  const event: ReplyEvent = { kind: 'dcs', prefix, params: p.params, intermediates: inter, final, data, raw };
  if (p.malformed) event.malformed = true;
  return flag(event, p.truncated);
}

/** APC, PM and SOS strings: kitty graphics answers get their kind, the rest stay strings. */
export function recognizeString(introducer: 'apc' | 'pm' | 'sos', data: string, raw: string, truncated: boolean): ReplyEvent {
  if (introducer === 'apc') {
    const apc = recognizeApc(data, raw, (e) => flag(e, truncated));
    if (apc) return apc;
  }
  return flag({ kind: 'string', introducer, data, raw }, truncated);
}

/** OSC Ps ; Pt — `command` is the leading number, when the string starts with one. */
export function recognizeOsc(payload: string, raw: string, truncated: boolean): ReplyEvent {
  const semicolon = payload.indexOf(';');
  const head = semicolon < 0 ? payload : payload.slice(0, semicolon);
  if (head.length > 0 && head.length <= 9 && isDigits(head)) {
    const data = semicolon < 0 ? '' : payload.slice(semicolon + 1);
    return flag({ kind: 'osc', command: Number(head), data, raw }, truncated);
  }
  return flag({ kind: 'osc', command: null, data: payload, raw }, truncated);
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}
