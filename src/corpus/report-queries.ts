/**
 * The newer queries (issue 12): colour queries (OSC 4 and the dynamic colours
 * 10–19), XTWINOPS reports, XTGETTCAP, the kitty keyboard flags and graphics
 * queries, XTSMGRAPHICS, DECRQPSR (DECCIR, DECTABSR), DECRQCRA checksums, any
 * DSR, and the 8-bit form of a reply after S8C1T. Each names the bytes it sends,
 * the reply that answers it and the reply's canonical value.
 */
import { escapeText } from './escape-bytes.js';
import { canonicalColour, decodeHex } from '../protocol/colour-spec.js';
import type { ReplyEvent } from '../protocol/reply-events.js';
import type { QuerySpec } from './queries.js';

/** A colour in canonical form (#rrggbb), or the reported text as it came when it is no colour spec. */
const colourValue = (data: string) => canonicalColour(data) ?? data;

const ST = '\x1b\\';
const BEL = '\x07';
/** A part of a query no reply answered (answer-key.ts NO_REPLY). */
const NO_REPLY = 'none';

/** XTWINOPS reports and the reply each one gets: 20 and 21 answer with OSC L / OSC l. */
const WINDOW_REPORTS: Record<number, number> = { 11: 1, 13: 3, 14: 4, 15: 5, 16: 6, 18: 8, 19: 9 };

export function buildReportQuery(name: string, arg: string): QuerySpec | undefined {
  switch (name) {
    case 'osc':
    case 'osc-bel': {
      const n = Number(arg);
      return { bytes: `\x1b]${n};?${name === 'osc' ? ST : BEL}`, matches: (e) => e.kind === 'osc' && e.command === n, value: (e) => (e.kind === 'osc' ? colourValue(e.data) : '') };
    }
    case 'osc4':
    case 'osc4-bel':
      return paletteQuery(arg.split(',').map(Number), name === 'osc4' ? ST : BEL);
    case 'xtwinops': {
      const n = Number(arg);
      if (n === 20 || n === 21) {
        const letter = n === 20 ? 'L' : 'l';
        return { bytes: `\x1b[${n}t`, matches: (e) => e.kind === 'osc' && e.command === null && e.data.startsWith(letter), value: (e) => (e.kind === 'osc' ? escapeText(e.data.slice(1)) : '') };
      }
      const code = WINDOW_REPORTS[n];
      return { bytes: `\x1b[${n}t`, matches: (e) => e.kind === 'xtwinops' && e.params[0] === code, value: (e) => (e.kind === 'xtwinops' ? e.params.join(';') : '') };
    }
    case 'xtgettcap':
      return capabilityQuery(arg);
    case 'kitty-keyboard':
      return { bytes: '\x1b[?u', matches: (e) => e.kind === 'kitty-keyboard', value: (e) => (e.kind === 'kitty-keyboard' ? String(e.flags) : '') };
    case 'kitty-graphics': {
      // Without arguments: a 1x1 RGB image sent as a query (a=q): answered, never stored or shown (kitty graphics protocol, "Querying support").
      const command = arg === '' ? 'i=31,s=1,v=1,a=q,t=d,f=24;AAAA' : arg;
      const id = /(?:^|,)i=(\d+)/.exec(command)![1]!;
      const named = new RegExp(`(^|,)i=${id}(,|$)`);
      return {
        bytes: `\x1b_G${command}${ST}`,
        matches: (e) => e.kind === 'kitty-graphics' && named.test(e.control),
        value: (e) => (e.kind === 'kitty-graphics' ? e.message : ''),
      };
    }
    case 'xtsmgraphics': {
      const [item, action] = arg.split(';').map(Number) as [number, number];
      // A reply about another item is an answer all the same (mlterm 3.9 answers item 1 to every item): recorded with its item.
      return {
        bytes: `\x1b[?${item};${action}S`,
        matches: (e) => e.kind === 'xtsmgraphics',
        value: (e) => (e.kind !== 'xtsmgraphics' ? '' : `${e.item === item ? '' : `item ${e.item}: `}${[e.status, ...e.values].join(';')}`),
      };
    }
    case 'deccir':
    case 'dectabsr': {
      const report = name === 'deccir' ? 1 : 2;
      return { bytes: `\x1b[${report}$w`, matches: (e) => e.kind === 'decrqpsr' && e.report === report, value: (e) => (e.kind === 'decrqpsr' ? e.data : '') };
    }
    case 'decrqcra': {
      // T;L;B;R asks request 1 on page 1; Pid;Pp;T;L;B;R gives every parameter.
      const params = arg.split(';');
      const full = params.length === 6 ? params : ['1', '1', ...params];
      const id = Number(full[0]);
      return { bytes: `\x1b[${full.join(';')}*y`, matches: (e) => e.kind === 'checksum' && e.id === id, value: (e) => (e.kind === 'checksum' ? e.checksum : '') };
    }
    case 'dsr': {
      const priv = arg.startsWith('?');
      const code = Number(priv ? arg.slice(1) : arg);
      return {
        bytes: `\x1b[${priv ? '?' : ''}${code}n`,
        matches: (e) => e.kind === 'dsr' && e.private === priv,
        value: (e) => (e.kind === 'dsr' ? (e.params ?? [e.code]).join(';') : ''),
      };
    }
    case 'c1-form':
      // DSR 5 again: what counts is whether its answer begins with the 8-bit CSI (U+009B) or ESC [.
      return { bytes: '\x1b[5n', matches: (e) => e.kind === 'dsr' && !e.private && e.code === 0, value: (e) => (e.kind === 'dsr' ? replyForm(e) : '') };
    default:
      return undefined;
  }
}

/** The index;spec pairs of an OSC 4 reply's data (one pair, or several in one string). */
function palettePairs(data: string): [number, string][] {
  const parts = data.split(';');
  const pairs: [number, string][] = [];
  for (let k = 0; k + 1 < parts.length; k += 2) pairs.push([Number(parts[k]), parts[k + 1]!]);
  return pairs;
}

/** OSC 4 for one palette entry, or several in one request: one reply per index, or several pairs in one. */
function paletteQuery(indexes: number[], end: string): QuerySpec {
  const bytes = `\x1b]4;${indexes.map((i) => `${i};?`).join(';')}${end}`;
  if (indexes.length === 1) {
    const prefix = `${indexes[0]};`;
    return { bytes, matches: (e) => e.kind === 'osc' && e.command === 4 && e.data.startsWith(prefix), value: (e) => (e.kind === 'osc' ? colourValue(e.data.slice(prefix.length)) : '') };
  }
  const asked = new Set(indexes);
  const colours = (evs: readonly ReplyEvent[]) => {
    const found = new Map<number, string>();
    for (const e of evs) if (e.kind === 'osc') for (const [i, spec] of palettePairs(e.data)) if (asked.has(i) && !found.has(i)) found.set(i, colourValue(spec));
    return found;
  };
  return {
    bytes,
    matches: (e) => e.kind === 'osc' && e.command === 4 && palettePairs(e.data).some(([i]) => asked.has(i)),
    value: (e) => colourValue(e.kind === 'osc' ? e.data : ''),
    several: {
      max: indexes.length,
      complete: (evs) => colours(evs).size === asked.size,
      value: (evs) => {
        const found = colours(evs);
        return indexes.map((i) => found.get(i) ?? NO_REPLY).join(' ');
      },
    },
  };
}

/** One XTGETTCAP entry's value: "1=value" (decoded), "1" (no value), "0" (unknown). */
function capabilityValue(valid: boolean, value: string | null): string {
  if (!valid) return '0';
  return value === null ? '1' : `1=${escapeText(decodeHex(value) ?? `(not hex) ${value}`)}`;
}

/**
 * XTGETTCAP of one name or several (DCS + q n1;n2 ST). Answers come one string per name (kitty),
 * in one string `;`-joined (xterm, which stops at an unknown name and writes an empty entry for it),
 * or as one failure naming nothing (mlterm, and xterm for an unknown name asked alone).
 */
function capabilityQuery(arg: string): QuerySpec {
  const names = arg.toUpperCase().split(';');
  const nameless = (e: ReplyEvent) => e.kind === 'xtgettcap' && !e.valid && e.names.length === 0;
  /** Each name's answer, in the order the entries come; an empty entry or a nameless failure answers the next name not yet answered. */
  const answers = (evs: readonly ReplyEvent[]) => {
    const out = new Map<string, string>();
    const nextOpen = () => names.find((n) => !out.has(n));
    for (const e of evs) {
      if (e.kind !== 'xtgettcap') continue;
      if (e.names.length === 0) {
        const open = nextOpen();
        if (open !== undefined) out.set(open, '0');
      }
      e.names.forEach((name, k) => {
        const key = name === '' ? nextOpen() : name.toUpperCase();
        if (key !== undefined && names.includes(key) && !out.has(key)) out.set(key, name === '' ? '0' : capabilityValue(e.valid, e.values[k] ?? null));
      });
    }
    return out;
  };
  const matches = (e: ReplyEvent) => e.kind === 'xtgettcap' && (nameless(e) || e.names.some((n) => n === '' || names.includes(n.toUpperCase())));
  const value = (e: ReplyEvent) => answers([e]).get(names[0]!) ?? '0';
  const bytes = `\x1bP+q${arg}${ST}`;
  if (names.length === 1) return { bytes, matches, value };
  return {
    bytes,
    matches,
    value,
    several: {
      max: names.length,
      complete: (evs) => evs.some(nameless) || answers(evs).size === names.length,
      value: (evs) => {
        // One failure naming nothing answers the whole request.
        if (evs.length === 1 && nameless(evs[0]!)) return '0';
        const found = answers(evs);
        return names.map((n) => found.get(n) ?? NO_REPLY).join(' ');
      },
    },
  };
}

function replyForm(e: ReplyEvent & { raw: string }): string {
  const c = e.raw.charCodeAt(0);
  return c >= 0x80 && c <= 0x9f ? '8-bit' : '7-bit';
}
