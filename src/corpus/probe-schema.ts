/**
 * The probe corpus schema: one YAML file per category under probes/.
 * This one zod schema validates the files and emits the JSON Schema shipped
 * in schema/probe-file.schema.json (see scripts in src/cli/schema-command.ts).
 */
import { z } from 'zod';
import { queryProblem } from './query-names.js';
import { STYLE_TEXT } from './style-pattern.js';

/** Spec documents a probe may cite; the section follows the document name. */
export const SPEC_DOCUMENTS = [
  'ECMA-48',
  'DEC STD 070',
  'VT510',
  'VT100',
  'VT220',
  'xterm ctlseqs',
  'UAX #11',
  'UAX #29',
  'Unicode',
  'kitty',
  'contour',
  'iTerm2',
] as const;

const specPattern = new RegExp(
  `^(${SPEC_DOCUMENTS.map((d) => d.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&')).join('|')}) .+`,
);

/** Queries the engine knows how to send after a probe (src/corpus/query-names.ts). */
export const querySchema = z.string().regex(/^[a-z0-9-]+(:[ -~]{1,64})?$/, 'a query is a kind, then : and its argument for some (e.g. decrqm:?2026)').superRefine((q, ctx) => {
  const problem = queryProblem(q);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const regionSchema = z.strictObject({
  top: z.int().min(1),
  left: z.int().min(1),
  bottom: z.int().min(1),
  right: z.int().min(1),
});

/**
 * An expected answer: every field given must match. Values are canonical strings
 * (see src/results/answer-key.ts): cursor "row;col"; replies by query, e.g.
 * {"decrqm:?2026": "2"} — or "/pattern/" where no single value is right (see
 * answer-key.ts valueMatches), "none" for no reply, or a list of such values when
 * several answers mean the same (any one matches); screen as the text of each row
 * of the region (trailing spaces trimmed). `${cols}` and `${rows}` (with +N / -N)
 * may appear anywhere.
 */
function isRegExp(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

const CURSOR_VALUE = /^(-?\d+|\$\{(cols|rows)([+-]\d+)?\});(-?\d+|\$\{(cols|rows)([+-]\d+)?\})$/;
const cursorValue = z.string().regex(CURSOR_VALUE, 'cursor is "row;col"');
const replyValue = z.string().refine((v) => !(v.length >= 2 && v.startsWith('/') && v.endsWith('/')) || isRegExp(v.slice(1, -1)), 'a /pattern/ must be a valid regular expression');
/** One value, or several that all mean this answer (at least two, no repeats). */
const anyOf = <T extends z.ZodString | z.ZodType<string>>(value: T) =>
  z.union([value, z.array(value).min(2, 'a list names at least two values (use a plain value for one)').refine((vs) => new Set(vs).size === vs.length, 'a value is listed twice')]);

const expectationShape = {
  cursor: anyOf(cursorValue).optional(),
  replies: z.record(querySchema, anyOf(replyValue)).optional(),
  /** The region's rows; or several such lists, any one of which matches (two spellings of one behaviour). */
  screen: z.union([z.array(z.string()), z.array(z.array(z.string())).min(2, 'a list of screens names at least two (use a plain list of rows for one)')]).optional(),
  /** The style of the first cell of the probe's screen region, as src/results/style-text.ts writes it ("bold fg=red", "plain"). */
  style: anyOf(z.string().regex(STYLE_TEXT, 'a style is "plain" or words such as bold, italic, underline:curly, ul=196, strikethrough, fg=red, bg=#102030')).optional(),
  /** The cursor as drawn (a GUI terminal's pixels): "block", "underline" or "bar", each steady or with " blink"; or "hidden". */
  cursorStyle: anyOf(z.string().regex(/^(?:(?:block|underline|bar)(?: blink)?|hidden)$/, 'a cursor style is block, underline or bar, each with " blink" or not, or hidden')).optional(),
};

export const expectationSchema = z.strictObject(expectationShape);

/**
 * An answer that says nothing about the behaviour, with why: typically the query
 * that observes it went unanswered (no DECRQSS, no DECRQM), so the probe cannot
 * tell. Such an answer is marked inconclusive (?), whoever gives it.
 */
export const inconclusiveSchema = z.strictObject({
  ...expectationShape,
  why: z.string().min(10).max(200).regex(/[.!?]$/, 'why is a sentence ending in a full stop'),
});

/** What a probe claims an embedded emulator's support mark is (corpus-claims.test.ts checks it against a real run). */
export const knownVerdictSchema = z.enum(['implements', 'lacks', 'other', 'inconclusive']);

export const probeSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/, 'ids are dotted kebab-case, e.g. pending-wrap.cr-clears'),
  title: z.string().min(3).max(100),
  description: z.string().min(10).max(600),
  spec: z.string().regex(specPattern, `spec starts with one of: ${SPEC_DOCUMENTS.join(', ')} — then the section`),
  send: z.string(),
  query: z
    .array(querySchema)
    .min(1)
    .refine((qs) => new Set(qs).size === qs.length, 'a query is listed twice (each query gets one reply)')
    .default(['cursor']),
  screen: regionSchema.optional(),
  size: z.string().regex(/^\d+x\d+$/, 'size is COLSxROWS, e.g. 80x24').optional(),
  cleanup: z.string().optional(),
  control: z.string().optional(),
  tags: z.array(z.enum(['alt-screen', 'touches-main-screen', 'mode-2027', 'slow'])).optional(),
  expect: z.strictObject({
    implements: expectationSchema,
    lacks: expectationSchema.optional(),
    inconclusive: z.array(inconclusiveSchema).min(1).optional(),
    /**
     * What the screen shows (the cells' style, the cursor as drawn) when the probe's replies cannot tell: where an
     * `inconclusive` answer (no DECRQSS, no DECRQM) or an unread screen leaves the mark "?", these decide it; where
     * both decide, they must agree, and a disagreement is a finding (classify/support-mark.ts).
     */
    drawn: z.strictObject({ implements: expectationSchema, lacks: expectationSchema.optional() }).optional(),
  }),
  known: z.record(z.string(), knownVerdictSchema).optional(),
  /**
   * Why the probe stays although every published target gives it the same answer
   * (e.g. it separates terminals not installed here); corpus-split.test.ts asks for
   * it exactly on such probes.
   */
  kept: z.string().min(20).max(300).regex(/[.!?]$/, 'kept is a sentence ending in a full stop').optional(),
});

export const probeFileSchema = z.strictObject({
  category: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string(),
  description: z.string().optional(),
  probes: z.array(probeSchema).min(1),
});

export type ProbeInput = z.input<typeof probeSchema>;
export type ProbeDef = z.output<typeof probeSchema>;
export type ProbeFile = z.output<typeof probeFileSchema>;
export type Region = z.output<typeof regionSchema>;
export type Expectation = z.output<typeof expectationSchema>;
export type InconclusiveAnswer = z.output<typeof inconclusiveSchema>;

/** A probe as the engine sees it: validated, with its category and decoded bytes. */
export interface Probe extends ProbeDef {
  category: string;
  file: string;
}
