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

/** XTWINOPS reports and the reply each one gets: 20 and 21 answer with OSC L / OSC l. */
const WINDOW_REPORTS: Record<number, number> = { 11: 1, 13: 3, 14: 4, 15: 5, 16: 6, 18: 8, 19: 9 };

export function buildReportQuery(name: string, arg: string): QuerySpec | undefined {
  switch (name) {
    case 'osc': {
      const n = Number(arg);
      return { bytes: `\x1b]${n};?${ST}`, matches: (e) => e.kind === 'osc' && e.command === n, value: (e) => (e.kind === 'osc' ? colourValue(e.data) : '') };
    }
    case 'osc4': {
      const prefix = `${Number(arg)};`;
      return {
        bytes: `\x1b]4;${prefix}?${ST}`,
        matches: (e) => e.kind === 'osc' && e.command === 4 && e.data.startsWith(prefix),
        value: (e) => (e.kind === 'osc' ? colourValue(e.data.slice(prefix.length)) : ''),
      };
    }
    case 'xtwinops': {
      const n = Number(arg);
      if (n === 20 || n === 21) {
        const letter = n === 20 ? 'L' : 'l';
        return { bytes: `\x1b[${n}t`, matches: (e) => e.kind === 'osc' && e.command === null && e.data.startsWith(letter), value: (e) => (e.kind === 'osc' ? escapeText(e.data.slice(1)) : '') };
      }
      const code = WINDOW_REPORTS[n];
      return { bytes: `\x1b[${n}t`, matches: (e) => e.kind === 'xtwinops' && e.params[0] === code, value: (e) => (e.kind === 'xtwinops' ? e.params.join(';') : '') };
    }
    case 'xtgettcap': {
      const hex = arg.toUpperCase();
      return {
        bytes: `\x1bP+q${arg}${ST}`,
        matches: (e) => e.kind === 'xtgettcap' && e.name.toUpperCase() === hex,
        value: (e) => (e.kind !== 'xtgettcap' ? '' : !e.valid ? '0' : e.value === null ? '1' : `1=${escapeText(decodeHex(e.value) ?? `(not hex) ${e.value}`)}`),
      };
    }
    case 'kitty-keyboard':
      return { bytes: '\x1b[?u', matches: (e) => e.kind === 'kitty-keyboard', value: (e) => (e.kind === 'kitty-keyboard' ? String(e.flags) : '') };
    case 'kitty-graphics':
      // A 1x1 RGB image sent as a query (a=q): answered, never stored or shown (kitty graphics protocol, "Querying support").
      return {
        bytes: `\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA${ST}`,
        matches: (e) => e.kind === 'kitty-graphics' && /(^|,)i=31(,|$)/.test(e.control),
        value: (e) => (e.kind === 'kitty-graphics' ? e.message : ''),
      };
    case 'xtsmgraphics': {
      const [item, action] = arg.split(';').map(Number) as [number, number];
      return {
        bytes: `\x1b[?${item};${action}S`,
        matches: (e) => e.kind === 'xtsmgraphics' && e.item === item,
        value: (e) => (e.kind === 'xtsmgraphics' ? [e.status, ...e.values].join(';') : ''),
      };
    }
    case 'deccir':
    case 'dectabsr': {
      const report = name === 'deccir' ? 1 : 2;
      return { bytes: `\x1b[${report}$w`, matches: (e) => e.kind === 'decrqpsr' && e.report === report, value: (e) => (e.kind === 'decrqpsr' ? e.data : '') };
    }
    case 'decrqcra':
      return { bytes: `\x1b[1;1;${arg}*y`, matches: (e) => e.kind === 'checksum' && e.id === 1, value: (e) => (e.kind === 'checksum' ? e.checksum : '') };
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

function replyForm(e: ReplyEvent & { raw: string }): string {
  const c = e.raw.charCodeAt(0);
  return c >= 0x80 && c <= 0x9f ? '8-bit' : '7-bit';
}
