/**
 * Typed kinds for the newer reports a probe may ask for: XTWINOPS window reports
 * (CSI Ps ; … t), the kitty keyboard flags (CSI ? flags u), XTSMGRAPHICS
 * (CSI ? Pi ; Ps ; Pv S), XTGETTCAP (DCS 1 + r name = value ST), DECRQPSR's
 * DECCIR and DECTABSR (DCS Ps $ u … ST), DECRQCRA's checksum (DCS Pid ! ~ hex ST)
 * and kitty graphics answers (APC G keys ; message ST). Pure functions of the
 * parts the parser gathered; null when the parts are not that report.
 */
import type { ReplyEvent } from './reply-events.js';

type Flagged = (event: ReplyEvent) => ReplyEvent;

/** CSI reports recognised from numeric parameters already parsed. */
export function recognizeCsiReport(prefix: string, inter: string, final: string, values: (number | null)[], raw: string, flag: Flagged): ReplyEvent | null {
  if (inter !== '') return null;
  const zeros = () => values.map((v) => v ?? 0);
  if (final === 't' && prefix === '' && values.length >= 1 && values[0] != null) return flag({ kind: 'xtwinops', params: zeros(), raw });
  if (final === 'u' && prefix === '?' && values.length <= 1) return flag({ kind: 'kitty-keyboard', flags: values[0] ?? 0, raw });
  if (final === 'S' && prefix === '?' && values.length >= 2 && values[0] != null && values[1] != null) {
    const [item, status, ...rest] = zeros();
    return flag({ kind: 'xtsmgraphics', item: item!, status: status!, values: rest, raw });
  }
  return null;
}

const HEX = /^[0-9A-Fa-f]*$/;

/** DCS reports: XTGETTCAP, DECRQPSR (DECCIR, DECTABSR), the DECRQCRA checksum. */
export function recognizeDcsReport(prefix: string, params: string, inter: string, final: string, data: string, raw: string, flag: Flagged): ReplyEvent | null {
  if (prefix !== '') return null;
  if (final === 'r' && inter === '+' && (params === '0' || params === '1')) {
    // Entries `name=value` (or a bare name), ';'-separated: several names asked at once may come back in one string.
    const names: string[] = [];
    const values: (string | null)[] = [];
    if (data.length > 0) {
      for (const entry of data.split(';')) {
        const eq = entry.indexOf('=');
        names.push(eq < 0 ? entry : entry.slice(0, eq));
        values.push(eq < 0 ? null : entry.slice(eq + 1));
      }
    }
    return flag({ kind: 'xtgettcap', valid: params === '1', names, values, raw });
  }
  if (final === 'u' && inter === '$' && /^\d{1,5}$/.test(params)) return flag({ kind: 'decrqpsr', report: Number(params), data, raw });
  if (final === '~' && inter === '!' && /^\d{0,5}$/.test(params) && HEX.test(data) && data.length <= 8) {
    return flag({ kind: 'checksum', id: params === '' ? 0 : Number(params), checksum: data.toUpperCase(), raw });
  }
  return null;
}

/** APC G control-keys ; message: kitty's graphics protocol answer. */
export function recognizeApc(data: string, raw: string, flag: Flagged): ReplyEvent | null {
  if (!data.startsWith('G')) return null;
  const semicolon = data.indexOf(';');
  const control = semicolon < 0 ? data.slice(1) : data.slice(1, semicolon);
  const message = semicolon < 0 ? '' : data.slice(semicolon + 1);
  return flag({ kind: 'kitty-graphics', control, message, raw });
}
