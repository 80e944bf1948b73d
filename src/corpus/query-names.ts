/**
 * The queries a probe may ask, as it writes them: one table of forms, each with
 * the pattern the probe schema (and the JSON Schema it emits) checks, and the
 * sentence that says what is wrong with a query that fits no form. The bytes each
 * form sends and the reply it takes are in queries.ts / report-queries.ts.
 */

export interface QueryForm {
  /** How the form is written in docs and messages. */
  form: string;
  /** The whole query, as a regular expression source (no anchors). */
  pattern: string;
  /** One line for docs/queries.md. */
  means: string;
}

const N255 = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const COLOUR_INDEXES = `${N255}(?:,${N255}){0,15}`;
const HEX_NAME = '(?:[0-9A-Fa-f]{2}){1,32}';
const NUM = '[0-9]{1,5}';

export const QUERY_FORM_TABLE: readonly QueryForm[] = [
  { form: 'cursor', pattern: 'cursor', means: 'CSI 6n (CPR): "row;col"' },
  { form: 'decxcpr', pattern: 'decxcpr', means: 'CSI ? 6n (DECXCPR): "row;col;page"' },
  { form: 'da1', pattern: 'da1', means: 'CSI c (primary DA): the parameters, ";"-joined' },
  { form: 'da2', pattern: 'da2', means: 'CSI > c (secondary DA)' },
  { form: 'da3', pattern: 'da3', means: 'CSI = c (tertiary DA): the unit id' },
  { form: 'xtversion', pattern: 'xtversion', means: 'CSI > 0 q (XTVERSION): the text' },
  { form: 'dsr', pattern: 'dsr', means: 'CSI 5 n (DSR operating status): the code' },
  { form: 'dsr:N / dsr:?N', pattern: 'dsr:\\??[0-9]{1,4}', means: 'any DSR, e.g. dsr:?996 for the colour scheme: the report\'s parameters' },
  { form: 'decrqm:N / decrqm:?N', pattern: 'decrqm:\\??[0-9]{1,5}', means: 'DECRQM of an ANSI or private mode: the DECRPM value' },
  { form: 'decrqss:<Pt>', pattern: 'decrqss:[ -~]{1,3}', means: 'DECRQSS of a setting named by its final characters: "status$rpayload"' },
  { form: 'osc:10…19', pattern: 'osc:1[0-9]', means: 'OSC N ; ? ST (a dynamic colour), the reply in canonical #rrggbb form' },
  { form: 'osc-bel:10…19', pattern: 'osc-bel:1[0-9]', means: 'the same query ended by BEL instead of ST' },
  { form: 'osc4:N[,N…]', pattern: `osc4:${COLOUR_INDEXES}`, means: 'OSC 4 ; N ; ? ST for one palette entry, or several in one request (OSC 4 ; 1 ; ? ; 2 ; ? ST): one #rrggbb per index, space-separated, "none" for an index not answered' },
  { form: 'osc4-bel:N[,N…]', pattern: `osc4-bel:${COLOUR_INDEXES}`, means: 'the same query ended by BEL instead of ST' },
  { form: 'xtwinops:11|13|14|15|16|18|19|20|21', pattern: 'xtwinops:(?:1[13-689]|2[01])', means: 'an XTWINOPS report (CSI N t); 20 and 21 answer with the label and title' },
  { form: 'xtgettcap:<hex>[;<hex>…]', pattern: `xtgettcap:${HEX_NAME}(?:;${HEX_NAME}){0,7}`, means: 'XTGETTCAP of one name or several in one request (DCS + q n1;n2 ST): per name "1=value", "1" or "0", space-separated, "none" for a name not answered; one failure naming nothing answers the whole request "0"' },
  { form: 'kitty-keyboard', pattern: 'kitty-keyboard', means: 'CSI ? u: the kitty keyboard flags' },
  { form: 'kitty-graphics', pattern: 'kitty-graphics', means: 'a 1×1 kitty graphics query (i=31, a=q): its message, e.g. OK' },
  { form: 'kitty-graphics:<keys>;<payload>', pattern: 'kitty-graphics:(?=(?:[^;]*,)?i=[1-9][0-9]{0,8}(?:[,;]|$))[a-zA-Z0-9=,]{3,120}(?:;[A-Za-z0-9+/=]{0,120})?', means: 'a kitty graphics command with the given control keys (they name an image id i=N) and base64 payload: the message of the answer with that id' },
  { form: 'xtsmgraphics:Pi;Pa', pattern: 'xtsmgraphics:[123];[14]', means: 'XTSMGRAPHICS item 1, 2 or 3, action 1 (read) or 4 (read maximum): "status;values", prefixed "item N: " when the terminal answers another item' },
  { form: 'deccir', pattern: 'deccir', means: 'DECRQPSR 1 (cursor information report)' },
  { form: 'dectabsr', pattern: 'dectabsr', means: 'DECRQPSR 2 (tab stop report)' },
  { form: 'decrqcra:T;L;B;R', pattern: `decrqcra:${NUM};${NUM};${NUM};${NUM}`, means: 'DECRQCRA of a rectangle on page 1, request id 1: the checksum, upper-case hex' },
  { form: 'decrqcra:Pid;Pp;T;L;B;R', pattern: `decrqcra:${NUM};${NUM};${NUM};${NUM};${NUM};${NUM}`, means: 'DECRQCRA with every parameter: request id, page, rectangle' },
  { form: 'c1-form', pattern: 'c1-form', means: 'DSR 5 again: "8-bit" when its answer starts with the C1 CSI, else "7-bit"' },
];

/** Every query form, as a probe writes it. */
export const QUERY_FORMS: readonly string[] = QUERY_FORM_TABLE.map((f) => f.form);

/** Any query of a known form (ranges included). */
export const QUERY_PATTERN = `(?:${QUERY_FORM_TABLE.map((f) => f.pattern).join('|')})`;
const QUERY_RE = new RegExp(`^${QUERY_PATTERN}$`);

/** A query asked at a step of a probe with steps is named `<query>@<step>` in its answer and expectations. */
export const STEP_SUFFIX = '@[1-9][0-9]?';
export const REPLY_KEY_PATTERN = `${QUERY_PATTERN}(?:${STEP_SUFFIX})?`;

/** A reply key split into its query and the step it was asked at (undefined: after the probe's last bytes). */
export function splitReplyKey(key: string): { query: string; step?: number } {
  const m = /^(.*)@([1-9][0-9]?)$/s.exec(key);
  if (m && QUERY_RE.test(m[1]!)) return { query: m[1]!, step: Number(m[2]) };
  return { query: key };
}

/** The query a reply key asks, without its step. */
export function baseQuery(key: string): string {
  return splitReplyKey(key).query;
}

const WINDOW_REPORTS = [11, 13, 14, 15, 16, 18, 19, 20, 21];

/** One sentence naming what is wrong with a query, or null for a good one. */
export function queryProblem(query: string): string | null {
  if (QUERY_RE.test(query)) return null;
  const colon = query.indexOf(':');
  const name = colon < 0 ? query : query.slice(0, colon);
  const arg = colon < 0 ? '' : query.slice(colon + 1);
  switch (name) {
    case 'dsr':
      return `"${query}": dsr:N or dsr:?N asks DSR N (a number)`;
    case 'decrqm':
      return `"${query}": decrqm:N or decrqm:?N names a mode number`;
    case 'decrqss':
      return `"${query}": decrqss:<Pt> names the setting's final characters (1 to 3 printable)`;
    case 'osc':
    case 'osc-bel':
      return `"${query}": OSC number out of range (${name}:N asks a dynamic colour, N from 10 to 19; use osc4:N for palette entries)`;
    case 'osc4':
    case 'osc4-bel':
      return `"${query}": OSC 4 colour index out of range (${name}:N or ${name}:N,N,… with each N from 0 to 255, at most 16)`;
    case 'xtwinops':
      return `"${query}": xtwinops:N asks a window report, N one of ${WINDOW_REPORTS.join(', ')}`;
    case 'xtgettcap':
      return `"${query}": an XTGETTCAP name is hex pairs (e.g. 544e for TN), several joined by ";" (at most 8), not "${arg}"`;
    case 'kitty-graphics':
      return `"${query}": kitty-graphics:<keys>;<payload> gives the control keys (letters, digits, "=", ","; among them an image id i=N, which the answer names) and a base64 payload`;
    case 'xtsmgraphics':
      return `"${query}": xtsmgraphics:Pi;Pa reads item 1, 2 or 3 with action 1 (read) or 4 (read maximum)`;
    case 'decrqcra':
      return `"${query}": decrqcra:T;L;B;R names a rectangle, decrqcra:Pid;Pp;T;L;B;R also the request id and page (numbers)`;
    default:
      return `unknown query kind "${query}"; a query is one of ${QUERY_FORMS.join(', ')}`;
  }
}
