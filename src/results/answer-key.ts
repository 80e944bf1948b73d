/**
 * Canonical answers: what two runs of a probe are compared on. Timings, raw
 * spellings and evidence are left out; cursor, reply values and the screen count.
 */
import { substituteSize, type SizeVars } from '../corpus/escape-notation.js';
import type { Expectation, Probe } from '../corpus/probe-schema.js';
import { drawnKey, withoutFields } from './drawn-style.js';
import type { PixelModel, ProbeResult } from './results-schema.js';
import { parseStyleText, styleText } from './style-text.js';

export const NO_REPLY = 'none';

/** Statuses that carry no answer at all: the result is compared and shown by its status alone. */
export function hasNoAnswer(r: ProbeResult): r is ProbeResult & { status: 'no-reply' | 'skipped' | 'error' | 'crashed' | 'hung' } {
  return r.status === 'no-reply' || r.status === 'skipped' || r.status === 'error' || r.status === 'crashed' || r.status === 'hung';
}

export interface AnswerValues {
  cursor?: string;
  replies: Record<string, string>;
  screen?: string[];
  /** The style of the region's first cell, when the cells were read. */
  style?: string;
}

/** Values by result: a result is judged against several expectations, and read-only once parsed. */
const valuesOf = new WeakMap<ProbeResult, AnswerValues>();

/** The canonical values of a result (shared: do not modify what it returns). */
function cachedValues(r: ProbeResult): AnswerValues {
  let v = valuesOf.get(r);
  if (v === undefined) valuesOf.set(r, (v = answerValues(r)));
  return v;
}

export function answerValues(r: ProbeResult): AnswerValues {
  const out: AnswerValues = { replies: {} };
  if (r.cursor) out.cursor = `${r.cursor.row ?? ''};${r.cursor.col ?? ''}`;
  for (const rep of r.replies) out.replies[rep.query] = rep.value ?? NO_REPLY;
  if (r.screen) out.screen = r.screen.text;
  const first = r.screen?.cells?.[0]?.[0];
  if (first) out.style = styleText(first.s);
  return out;
}

/** What a host-supplied reply counts as when answers are compared: the terminal gave none, so no terminal's own reply equals it. */
export const HOST_REPLY = 'host-supplied';

/**
 * One line that is equal for two results exactly when their answers are equal: the cursor, the replies (a reply
 * termprobe's pipe wrote counts as HOST_REPLY) and the screen. Built straight from the result, not through
 * answerValues (which also works out the first cell's style): compare signs each of its 31,000 cells.
 */
export function answerSignature(r: ProbeResult): string {
  if (hasNoAnswer(r)) return r.status;
  const head = signatureHead(r);
  if (!r.screen) return head;
  // The cursor as drawn is part of the screen read whole: a bar and a block over the same cells are two answers.
  const cursor = r.screen.cursor ? ` drawn=${drawnCursor(r.screen.cursor)}` : '';
  return `${head} screen=${JSON.stringify(r.screen.cells ?? r.screen.text)}${cursor}`;
}

/** The cursor as drawn, in a few words: "bar,blinking", "block,steady", "hidden". */
function drawnCursor(c: NonNullable<NonNullable<ProbeResult['screen']>['cursor']>): string {
  return `${c.shape}${c.blink === undefined ? '' : c.blink ? ',blinking' : ',steady'}`;
}

/** A signature's cursor and replies, sorted by query (of a result with an answer: see hasNoAnswer). */
export function signatureHead(r: ProbeResult): string {
  const cursor = `cursor=${r.cursor ? `${r.cursor.row ?? ''};${r.cursor.col ?? ''}` : NO_REPLY}`;
  // No reply or one (all but 140 of the 31,164 published answers): no record to build and sort.
  if (r.replies.length === 0) return cursor;
  const only = r.replies.length === 1 ? r.replies[0]! : undefined;
  if (only && only.query !== '__proto__') return `${cursor} ${only.query}=${JSON.stringify(only.source === 'host' ? HOST_REPLY : (only.value ?? NO_REPLY))}`;
  const replies: Record<string, string> = {};
  for (const rep of r.replies) replies[rep.query] = rep.value ?? NO_REPLY;
  for (const rep of r.replies) if (rep.source === 'host') replies[rep.query] = HOST_REPLY;
  let out = cursor;
  for (const q of Object.keys(replies).sort()) out += ` ${q}=${JSON.stringify(replies[q])}`;
  return out;
}

/** A query as a summary names it: DECRQM's by its mode alone. */
const shownQuery = (q: string): string => (q.startsWith('decrqm:') ? q.slice(7) : q);

/**
 * Replies as the summary shows them: `query=value`; the same query asked at consecutive steps of a
 * probe with steps is one part, `query@1-5=1,0,4,1,0` (a reply at step k is named query@k).
 */
function replyParts(replies: Record<string, string>): string[] {
  const parts: string[] = [];
  const entries = Object.entries(replies);
  for (let i = 0; i < entries.length; ) {
    const [key, val] = entries[i]!;
    // Only a key with an @ names a step (the test first: most keys have none, and tables summarise every cell).
    const m = key.includes('@') ? /^(.*)@(\d+)$/s.exec(key) : null;
    let j = i + 1;
    if (m) {
      while (j < entries.length && entries[j]![0] === `${m[1]}@${Number(m[2]) + (j - i)}`) j++;
    }
    parts.push(j - i > 1 ? `${shownQuery(m![1]!)}@${m![2]}-${Number(m![2]) + (j - i - 1)}=${entries.slice(i, j).map(([, v]) => v).join(',')}` : `${shownQuery(key)}=${val}`);
    i = j;
  }
  return parts;
}

/** A short human form of an answer for tables: "1;80", "1;80 ?2026=2", "no-reply". */
export function answerSummary(r: ProbeResult | undefined): string {
  if (!r) return '—';
  if (hasNoAnswer(r)) return r.status;
  // Not through answerValues, which also works out the first cell's style: tables summarise every cell.
  const only = r.replies.length === 1 ? r.replies[0]! : undefined;
  let parts: string[];
  if (r.replies.length === 0) parts = [];
  // One reply (most answers): its part straight, without a record of replies to group by step.
  else if (only && only.query !== '__proto__') parts = [`${shownQuery(only.query)}=${only.value ?? NO_REPLY}`];
  else {
    const replies: Record<string, string> = {};
    for (const rep of r.replies) replies[rep.query] = rep.value ?? NO_REPLY;
    parts = replyParts(replies);
  }
  if (r.cursor) parts.unshift(`${r.cursor.row ?? ''};${r.cursor.col ?? ''}`);
  if (r.screen) parts.push(`[${r.screen.text.map((l) => l.replace(/ +$/, '')).join('⏎')}]`);
  if (r.screen?.cursor) parts.push(`drawn=${drawnCursor(r.screen.cursor)}`);
  return parts.join(' ') || 'ok';
}

/** The values an expectation field accepts: one, or a list of alternatives. */
export function alternatives(expected: string | readonly string[]): readonly string[] {
  return typeof expected === 'string' ? [expected] : expected;
}

/**
 * Does an answer value meet an expected one? Expected values are exact strings
 * ("none" for no reply), `/pattern/` for replies with no single right value
 * (matched whole, never matching a missing reply), e.g. `/.+/` for "any reply",
 * or a list of such values, any one of which matches.
 */
export function valueMatches(expected: string | readonly string[], got: string): boolean {
  for (const e of alternatives(expected)) {
    if (e.length >= 2 && e.startsWith('/') && e.endsWith('/')) {
      if (got !== NO_REPLY && wholePattern(e).test(got)) return true;
    } else if (e === got) return true;
  }
  return false;
}

/** A /pattern/ compiled once (expectations are few; they are matched against every run's answer). */
const patterns = new Map<string, RegExp>();
function wholePattern(e: string): RegExp {
  let re = patterns.get(e);
  if (re === undefined) patterns.set(e, (re = new RegExp(`^(?:${e.slice(1, -1)})$`, 'su')));
  return re;
}

/** A cell the screen read-back could not tell (hardcopy of non-ASCII text, a wide character's filler). */
export const UNREADABLE_CELL = '\uFFFD';

/**
 * 'yes' or 'no'; 'unknown' when the answer cannot tell (the screen was not read, or not all of it could be);
 * 'alike' when the style read differs from the one expected only in what the read cannot tell apart (fields it
 * could not tell; in a pixel read, styles the terminal draws the same): it would look the same either way.
 */
export type Match = 'yes' | 'alike' | 'no' | 'unknown';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One screen row against the expected row; unreadable cells in `got` may stand for any one or two code points each. */
function rowMatch(got: string, want: string): Match {
  if (got === want) return 'yes';
  if (!got.includes(UNREADABLE_CELL)) return 'no';
  const pattern = got.split(/(\uFFFD+)/u).map((part) => (part.startsWith(UNREADABLE_CELL) ? `.{0,${[...part].length}}` : escapeRe(part))).join('');
  return new RegExp(`^${pattern}$`, 'su').test(want) ? 'unknown' : 'no';
}

/** The alternatives of an expected screen: one list of rows, or several. */
export function screenAlternatives(want: string[] | string[][]): string[][] {
  return want.length > 0 && Array.isArray(want[0]) ? (want as string[][]) : [want as string[]];
}

function screenMatch(r: ProbeResult, want: string[] | string[][], size: SizeVars): Match {
  let out: Match = 'no';
  for (const rows of screenAlternatives(want)) {
    const m = oneScreenMatch(r, rows, size);
    if (m === 'yes') return 'yes';
    if (m === 'unknown') out = 'unknown';
  }
  return out;
}

function oneScreenMatch(r: ProbeResult, want: string[], size: SizeVars): Match {
  if (!r.screen) return 'unknown';
  const got = r.screen.text.map((l) => l.replace(/ +$/, ''));
  const rows = want.map((l) => substituteSize(l, size).replace(/ +$/, ''));
  if (got.length !== rows.length) return 'no';
  let out: Match = 'yes';
  for (let i = 0; i < rows.length; i++) {
    const m = rowMatch(got[i]!, rows[i]!);
    if (m === 'no') return 'no';
    if (m === 'unknown') out = 'unknown';
  }
  return out;
}

/**
 * The first cell's style against the expected one(s): 'unknown' when the cells were not read; 'alike' when the
 * expected style differs from the one read only in fields the read-back could not tell, or (styles read from the
 * pixels, with the run's calibration `pixels`) draws the same cell in this terminal (drawn-style.ts).
 */
function styleMatch(r: ProbeResult, want: string | readonly string[], pixels: PixelModel | undefined): Match {
  const first = r.screen?.cells?.[0]?.[0];
  if (!first) return 'unknown';
  if (alternatives(want).includes(styleText(first.s))) return 'yes';
  const untold = [...(r.screen?.untold ?? []), ...(first.u ?? [])];
  const model = r.screen?.styles === 'pixels' ? pixels : undefined;
  if (r.screen?.styles === 'pixels' && !model) return 'unknown';
  let out: Match = 'no';
  for (const w of alternatives(want)) {
    const wanted = parseStyleText(w);
    if (model) {
      const a = drawnKey(model, first.t, wanted, untold);
      const b = drawnKey(model, first.t, first.s, untold);
      if (a === undefined || b === undefined) out = 'unknown';
      else if (a === b) return 'alike';
    } else if (untold.length > 0 && styleText(withoutFields(wanted, untold)) === styleText(withoutFields(first.s, untold))) return 'alike';
  }
  return out;
}

/** The cursor as a read drew it, in the words of a `cursorStyle` expectation ("block blink", "bar", "hidden"). */
export function cursorStyleText(c: NonNullable<ProbeResult['screen']>['cursor']): string | undefined {
  if (!c) return undefined;
  if (c.shape === 'hidden') return 'hidden';
  return c.blink ? `${c.shape} blink` : c.shape;
}

/** The cursor as drawn against the expected style(s): 'unknown' when it was not read; 'alike' when its blink was not watched and the shape matches. */
function cursorMatch(r: ProbeResult, want: string | readonly string[]): Match {
  const got = r.screen?.cursor;
  if (!got) return 'unknown';
  const text = cursorStyleText(got)!;
  if (alternatives(want).includes(text)) return got.shape === 'hidden' || got.blink !== undefined ? 'yes' : 'alike';
  if (got.blink === undefined && got.shape !== 'hidden' && alternatives(want).some((w) => w.split(' ')[0] === got.shape)) return 'alike';
  return 'no';
}

/** Fields of an expectation that the result does not meet (empty: it matches); the screen counts as unmet unless it was read and equals. */
export function unmetFields(r: ProbeResult, exp: Expectation, size: SizeVars, pixels?: PixelModel): string[] {
  const v = cachedValues(r);
  const unmet: string[] = [];
  if (exp.cursor !== undefined && !alternatives(exp.cursor).some((c) => substituteSize(c, size) === v.cursor)) unmet.push('cursor');
  for (const [q, want] of Object.entries(exp.replies ?? {})) {
    const got = v.replies[q] ?? NO_REPLY;
    if (typeof want === 'object' && !Array.isArray(want)) {
      // Equal to another reply of the same answer, and a reply at all.
      const other = v.replies[want.same] ?? NO_REPLY;
      if (got === NO_REPLY || got !== other) unmet.push(q);
    } else if (!valueMatches(alternatives(want).map((w) => substituteSize(w, size)), got)) unmet.push(q);
  }
  if (exp.screen !== undefined && screenMatch(r, exp.screen, size) !== 'yes') unmet.push('screen');
  if (exp.style !== undefined && styleMatch(r, exp.style, pixels) !== 'yes') unmet.push('style');
  if (exp.cursorStyle !== undefined && cursorMatch(r, exp.cursorStyle) !== 'yes') unmet.push('cursorStyle');
  return unmet;
}

/**
 * Does the answer show what the expectation describes? 'unknown' only when every
 * field but the screen matches and the screen was not read (or not every cell of it
 * could be): a cursor or reply that differs decides 'no' whatever the screen shows.
 * 'alike' when every field matches, the style only alike (see styleMatch). `pixels`
 * is the run's pixel calibration (settings.pixels), for styles read from the pixels.
 */
export function matchExpectation(r: ProbeResult, exp: Expectation, size: SizeVars, pixels?: PixelModel): Match {
  const unmet = unmetFields(r, exp, size, pixels);
  if (unmet.length === 0) return 'yes';
  const style = exp.style !== undefined && unmet.includes('style') ? styleMatch(r, exp.style, pixels) : 'yes';
  const cursor = exp.cursorStyle !== undefined && unmet.includes('cursorStyle') ? cursorMatch(r, exp.cursorStyle) : 'yes';
  // Only what the read-back decides is unmet, and it could not be read: unknown, not a miss.
  const unread = (field: string) =>
    (field === 'screen' && exp.screen !== undefined && screenMatch(r, exp.screen, size) === 'unknown') || (field === 'style' && style === 'unknown') || (field === 'cursorStyle' && cursor === 'unknown');
  if (unmet.every(unread)) return 'unknown';
  const alike = (f: string) => (f === 'style' && style === 'alike') || (f === 'cursorStyle' && cursor === 'alike');
  if (unmet.every((f) => unread(f) || alike(f))) return unmet.some(unread) ? 'unknown' : 'alike';
  return 'no';
}

export type Behaviour = 'implements' | 'lacks' | 'other' | 'no-reply';

/** Which of the probe's stated behaviours the answer shows (without the support mark's inconclusive cases: see classify/support-mark.ts). */
export function behaviourOf(probe: Probe, r: ProbeResult, size: SizeVars): Behaviour {
  if (hasNoAnswer(r)) return 'no-reply';
  if (unmetFields(r, probe.expect.implements, size).length === 0) return 'implements';
  if (probe.expect.lacks && unmetFields(r, probe.expect.lacks, size).length === 0) return 'lacks';
  return 'other';
}
