/**
 * The queries a probe may ask after its bytes, checked by name and argument:
 * one sentence naming what is wrong (an unknown kind, an OSC number out of
 * range, an XTGETTCAP name that is not hex…), or null for a good query.
 */

/** Every query kind, as a probe writes it. */
export const QUERY_FORMS = [
  'cursor', 'da1', 'da2', 'da3', 'xtversion', 'dsr', 'dsr:N', 'dsr:?N', 'decxcpr', 'decrqm:N', 'decrqm:?N', 'decrqss:<Pt>',
  'osc:10…19', 'osc4:0…255', 'xtwinops:11|13|14|15|16|18|19|20|21', 'xtgettcap:<hex name>', 'kitty-keyboard', 'kitty-graphics',
  'xtsmgraphics:<1…3>;<1|4>', 'deccir', 'dectabsr', 'decrqcra:T;L;B;R', 'c1-form',
] as const;

const PLAIN = new Set(['cursor', 'da1', 'da2', 'da3', 'xtversion', 'dsr', 'decxcpr', 'kitty-keyboard', 'kitty-graphics', 'deccir', 'dectabsr', 'c1-form']);
const WINDOW_REPORTS = new Set([11, 13, 14, 15, 16, 18, 19, 20, 21]);

function inRange(text: string, low: number, high: number): boolean {
  return /^\d{1,4}$/.test(text) && Number(text) >= low && Number(text) <= high;
}

export function queryProblem(query: string): string | null {
  if (PLAIN.has(query)) return null;
  const colon = query.indexOf(':');
  const name = colon < 0 ? query : query.slice(0, colon);
  const arg = colon < 0 ? '' : query.slice(colon + 1);
  switch (name) {
    case 'dsr':
      return /^\??\d{1,4}$/.test(arg) ? null : `"${query}": dsr:N or dsr:?N asks DSR N (a number)`;
    case 'decrqm':
      return /^\??\d{1,5}$/.test(arg) ? null : `"${query}": decrqm:N or decrqm:?N names a mode number`;
    case 'decrqss':
      return /^[ -~]{1,3}$/.test(arg) ? null : `"${query}": decrqss:<Pt> names the setting's final characters (1 to 3 printable)`;
    case 'osc':
      return inRange(arg, 10, 19) ? null : `"${query}": OSC number out of range (osc:N asks a dynamic colour, N from 10 to 19; use osc4:N for palette entries)`;
    case 'osc4':
      return inRange(arg, 0, 255) ? null : `"${query}": OSC 4 colour index out of range (0 to 255)`;
    case 'xtwinops':
      return /^\d{1,2}$/.test(arg) && WINDOW_REPORTS.has(Number(arg)) ? null : `"${query}": xtwinops:N asks a window report, N one of ${[...WINDOW_REPORTS].join(', ')}`;
    case 'xtgettcap':
      return /^(?:[0-9A-Fa-f]{2}){1,32}$/.test(arg) ? null : `"${query}": an XTGETTCAP name is hex pairs (e.g. 544e for TN), not "${arg}"`;
    case 'xtsmgraphics':
      return /^[123];[14]$/.test(arg) ? null : `"${query}": xtsmgraphics:Pi;Pa reads item 1, 2 or 3 with action 1 (read) or 4 (read maximum)`;
    case 'decrqcra':
      return /^\d{1,4};\d{1,4};\d{1,4};\d{1,4}$/.test(arg) && !arg.split(';').some((n) => Number(n) < 1) ? null : `"${query}": decrqcra:T;L;B;R names a rectangle (1-based numbers)`;
    default:
      return `unknown query kind "${query}"; a query is one of ${QUERY_FORMS.join(', ')}`;
  }
}
