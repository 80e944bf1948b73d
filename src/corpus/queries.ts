/**
 * The queries a probe may ask after its bytes: what to send, which reply answers
 * it, and the reply's canonical value (what expectations and comparisons use).
 */
import type { ReplyEvent } from '../protocol/reply-events.js';
import { baseQuery } from './query-names.js';
import { buildReportQuery } from './report-queries.js';

export interface QuerySpec {
  bytes: string;
  matches(ev: ReplyEvent): boolean;
  value(ev: ReplyEvent): string;
  /**
   * A query that several replies answer (palette entries, capability names asked in one request):
   * the matching replies are taken in order, at most `max`, until `complete` says every part is
   * answered, and `value` reads them together. Without it, the first matching reply answers.
   */
  several?: { max: number; complete(evs: readonly ReplyEvent[]): boolean; value(evs: readonly ReplyEvent[]): string };
}

/** The replies that answer a query: their indexes among the events, and the value they give. */
export interface TakenAnswer {
  indexes: number[];
  value: string;
}

/**
 * The reply (or replies) among `events` that answer `spec`, skipping those already
 * `used` (by index) and marking the ones taken; undefined when none answers.
 */
export function takeAnswer(spec: QuerySpec, events: readonly ReplyEvent[], used: boolean[]): TakenAnswer | undefined {
  const several = spec.several;
  const indexes: number[] = [];
  const taken: ReplyEvent[] = [];
  for (let i = 0; i < events.length; i++) {
    if (used[i] || !spec.matches(events[i]!)) continue;
    indexes.push(i);
    taken.push(events[i]!);
    if (!several || taken.length >= several.max || several.complete(taken)) break;
  }
  if (indexes.length === 0) return undefined;
  for (const i of indexes) used[i] = true;
  return { indexes, value: several ? several.value(taken) : spec.value(taken[0]!) };
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

const specs = new Map<string, QuerySpec>();

/** The spec of a query, or of a reply key naming the step it was asked at (built once per name: every probe asks the same few). */
export function querySpec(query: string): QuerySpec {
  let spec = specs.get(query);
  if (!spec) specs.set(query, (spec = buildQuerySpec(baseQuery(query))));
  return spec;
}

function buildQuerySpec(query: string): QuerySpec {
  const [name, arg = ''] = query.split(/:(.*)/s) as [string, string?];
  switch (name) {
    case 'cursor':
      return { bytes: '\x1b[6n', matches: (e) => e.kind === 'cpr' && !e.private, value: (e) => (e.kind === 'cpr' ? `${num(e.row)};${num(e.col)}` : '') };
    case 'decxcpr':
      return { bytes: '\x1b[?6n', matches: (e) => e.kind === 'cpr' && e.private, value: (e) => (e.kind === 'cpr' ? `${num(e.row)};${num(e.col)};${num(e.page)}` : '') };
    case 'da1':
      return { bytes: '\x1b[c', matches: (e) => e.kind === 'da1', value: (e) => (e.kind === 'da1' ? e.params.join(';') : '') };
    case 'da2':
      return { bytes: '\x1b[>c', matches: (e) => e.kind === 'da2', value: (e) => (e.kind === 'da2' ? e.params.join(';') : '') };
    case 'da3':
      return { bytes: '\x1b[=c', matches: (e) => e.kind === 'da3', value: (e) => (e.kind === 'da3' ? e.unitId : '') };
    case 'xtversion':
      return { bytes: '\x1b[>0q', matches: (e) => e.kind === 'xtversion', value: (e) => (e.kind === 'xtversion' ? e.text : '') };
    case 'dsr':
      if (arg !== '') break;
      return { bytes: '\x1b[5n', matches: (e) => e.kind === 'dsr' && !e.private, value: (e) => (e.kind === 'dsr' ? String(e.code) : '') };
    case 'decrqm': {
      const priv = arg.startsWith('?');
      const mode = Number(priv ? arg.slice(1) : arg);
      return {
        bytes: `\x1b[${priv ? '?' : ''}${mode}$p`,
        matches: (e) => e.kind === 'decrqm' && e.mode === mode && e.private === priv,
        value: (e) => (e.kind === 'decrqm' ? String(e.value) : ''),
      };
    }
    case 'decrqss':
      return { bytes: `\x1bP$q${arg}\x1b\\`, matches: (e) => e.kind === 'decrqss', value: (e) => (e.kind === 'decrqss' ? `${e.status}$r${e.payload}` : '') };
    default:
      break;
  }
  const report = buildReportQuery(name, arg);
  if (!report) throw new Error(`unknown query "${query}"`);
  return report;
}

/** The DA1 sentinel ending every probe: every terminal answers DA1, so silence is known at once. */
export const SENTINEL = '\x1b[c';
