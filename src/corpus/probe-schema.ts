/**
 * The probe corpus schema: one YAML file per category under probes/.
 * This one zod schema validates the files and emits the JSON Schema shipped
 * in schema/probe-file.schema.json (see scripts in src/cli/schema-command.ts).
 */
import { z } from 'zod';
import { QUERY_FORMS, QUERY_PATTERN, queryProblem, REPLY_KEY_PATTERN, splitReplyKey } from './query-names.js';
import { STYLE_TEXT } from './style-pattern.js';
import { INPUT_REPLY, inputSchema } from './input/input-schema.js';

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

/**
 * Queries the engine knows how to send after a probe's bytes (src/corpus/query-names.ts): the
 * pattern is the union of every form, so the JSON Schema carries them too; a query that fits none
 * gets the sentence saying what is wrong with it.
 */
export const querySchema = z
  .string()
  .max(200)
  .regex(new RegExp(`^${QUERY_PATTERN}$`), { error: (issue) => queryProblem(String(issue.input)) ?? 'not a query' })
  .describe(`A query: ${QUERY_FORMS.join(', ')}.`);

/** The key of an expected reply: a query, or `<query>@<step>` for one asked at a step of a probe with steps. */
export const replyKeySchema = z
  .string()
  .max(200)
  .regex(new RegExp(`^${REPLY_KEY_PATTERN}$`), { error: (issue) => queryProblem(splitReplyKey(String(issue.input)).query) ?? 'not a query, nor <query>@<step>' });

/** A region edge: a number from 1, or a size expression such as '${cols}' or '${cols-4}' (the run's size decides it). */
const regionEdge = z.union([z.int().min(1), z.string().regex(/^\$\{(cols|rows)(\/[1-9]\d*)?([+-]\d+)?\}$/, "a region edge is a number, or a size expression such as '${cols}' or '${rows-2}'")]);

/** The screen region a probe reads: 1-based and inclusive; an edge may follow the size ('${cols}'). */
export const regionSchema = z.strictObject({
  top: regionEdge,
  left: regionEdge,
  bottom: regionEdge,
  right: regionEdge,
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

const CURSOR_VALUE = /^(-?\d+|\$\{(cols|rows)(\/[1-9]\d*)?([+-]\d+)?\});(-?\d+|\$\{(cols|rows)(\/[1-9]\d*)?([+-]\d+)?\})$/;
const cursorValue = z.string().regex(CURSOR_VALUE, 'cursor is "row;col"');
// A pattern's size variables are replaced before it is compiled (answer-key.ts), so check it with a number in their place.
const replyValue = z.string().refine((v) => !(v.length >= 2 && v.startsWith('/') && v.endsWith('/')) || isRegExp(v.slice(1, -1).replace(/\$\{[^}]*\}/g, '1')), 'a /pattern/ must be a valid regular expression');
/** One value, or several that all mean this answer (at least two, no repeats). */
const anyOf = <T extends z.ZodString | z.ZodType<string>>(value: T) =>
  z.union([value, z.array(value).min(2, 'a list names at least two values (use a plain value for one)').refine((vs) => new Set(vs).size === vs.length, 'a value is listed twice')]);

/** An expected reply equal to the reply to another query of the same probe (e.g. a colour reset to what it was before a step set it). */
const sameAsValue = z.strictObject({ same: replyKeySchema.describe('The reply key whose value this reply must equal (never a missing reply).') });

const expectationShape = {
  cursor: anyOf(cursorValue).optional(),
  /** By query (or `<query>@<step>`); an input probe's answer is the reply `input` (src/corpus/input/input-schema.ts). */
  replies: z.record(z.union([z.literal(INPUT_REPLY), replyKeySchema]), z.union([anyOf(replyValue), sameAsValue])).optional(),
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

const queryList = z
  .array(querySchema)
  .min(1)
  .refine((qs) => new Set(qs).size === qs.length, 'a query is listed twice (each query gets one reply)');

/**
 * One step of a probe with steps: bytes, then queries about what they did. A step's replies are
 * named `<query>@<step>` (steps count from 1), so the same query may be asked at several steps.
 */
export const stepSchema = z.strictObject({
  send: z.string().default('').describe('Bytes of this step, in the escape notation (none: the step only asks).'),
  query: queryList.describe('Queries asked after this step\'s bytes; their replies are named <query>@<step>.'),
});

export const probeSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/, 'ids are dotted kebab-case, e.g. pending-wrap.cr-clears'),
  title: z.string().min(3).max(100),
  description: z.string().min(10).max(600),
  spec: z.string().regex(specPattern, `spec starts with one of: ${SPEC_DOCUMENTS.join(', ')} — then the section`),
  send: z.string(),
  /**
   * Steps after `send`, each with its bytes and queries, answered step by step; the probe's own
   * `query` comes after the last step. The engine closes each step with a DA1, so a reply is
   * always counted to the step that asked for it.
   */
  steps: z.array(stepSchema).min(1).max(20).optional(),
  query: queryList.default(['cursor']),
  screen: regionSchema.optional(),
  size: z.string().regex(/^\d+x\d+$/, 'size is COLSxROWS, e.g. 80x24').optional(),
  /**
   * The least size at which the probe means what it says (COLSxROWS), for what its
   * bytes and answers use beyond 20x5 and its screen region does not already say
   * (the region's numbers count too: see probe-needs.ts). A smaller terminal skips
   * it with that reason; corpus-sizes.test.ts checks the statement.
   */
  needs: z.string().regex(/^\d+x\d+$/, 'needs is COLSxROWS, e.g. 20x7').optional(),
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
  /**
   * An input probe: the event a person makes (a key, the mouse, a paste, a focus change), under the modes `send`
   * sets and `cleanup` resets; its answer is the bytes the terminal sent for it (src/corpus/input/input-schema.ts).
   */
  input: inputSchema.optional(),
}).superRefine((probe, ctx) => {
  // Every expected reply names a query the probe asks, at the step it asks it; an input probe's answer is the reply `input`.
  const asked = new Set(askedReplyKeys(probe));
  if (probe.input) asked.add(INPUT_REPLY);
  const clauses: [string, ExpectationData | undefined][] = [['implements', probe.expect.implements], ['lacks', probe.expect.lacks], ...(probe.expect.inconclusive ?? []).map((c, i) => [`inconclusive.${i}`, c] as [string, ExpectationData])];
  for (const [name, clause] of clauses) {
    for (const [key, want] of Object.entries(clause?.replies ?? {})) {
      if (key === INPUT_REPLY && !probe.input) continue; // said once below
      if (!asked.has(key)) ctx.addIssue({ code: 'custom', path: ['expect', ...name.split('.'), 'replies', key], message: `expects a reply to "${key}", which the probe does not ask (it asks ${[...asked].join(', ')})` });
      if (typeof want === 'object' && !Array.isArray(want) && !asked.has(want.same)) ctx.addIssue({ code: 'custom', path: ['expect', ...name.split('.'), 'replies', key], message: `"same: ${want.same}" names a reply the probe does not ask` });
    }
  }
  // The reply `input` is an input probe's whole answer, and nothing else's.
  const named = clauses.some(([, e]) => e?.replies?.[INPUT_REPLY] !== undefined);
  if (probe.input && !named) ctx.addIssue({ code: 'custom', path: ['expect'], message: `an input probe's expectations name the bytes sent (replies: { ${INPUT_REPLY}: … })` });
  if (!probe.input && named) ctx.addIssue({ code: 'custom', path: ['expect'], message: `only an input probe (input:) has the reply "${INPUT_REPLY}"` });
  if (probe.input && probe.screen) ctx.addIssue({ code: 'custom', path: ['screen'], message: 'an input probe reads no screen: its answer is the bytes sent' });
  if (probe.input && probe.steps) ctx.addIssue({ code: 'custom', path: ['steps'], message: 'an input probe has no steps: its answer is the bytes sent for one event' });
});

type ExpectationData = z.output<typeof expectationSchema>;

/** The reply keys a probe's answer has: each step's queries as `<query>@<step>`, then its own queries. */
export function askedReplyKeys(probe: { steps?: readonly { query: readonly string[] }[] | undefined; query: readonly string[] }): string[] {
  const keys: string[] = [];
  probe.steps?.forEach((step, k) => {
    for (const q of step.query) keys.push(`${q}@${k + 1}`);
  });
  keys.push(...probe.query);
  return keys;
}

export const probeFileSchema = z.strictObject({
  category: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string(),
  description: z.string().optional(),
  probes: z.array(probeSchema).min(1),
});

export type ProbeInput = z.input<typeof probeSchema>;
export type ProbeDef = z.output<typeof probeSchema>;
export type ProbeFile = z.output<typeof probeFileSchema>;
/** A region as a probe file gives it (edges may be size expressions). */
export type ProbeRegion = z.output<typeof regionSchema>;
/** A region at a given size: every edge a number (what targets read). */
export interface Region {
  top: number;
  left: number;
  bottom: number;
  right: number;
}
export type Expectation = z.output<typeof expectationSchema>;
export type InconclusiveAnswer = z.output<typeof inconclusiveSchema>;

/** A probe as the engine sees it: validated, with its category and decoded bytes. */
export interface Probe extends ProbeDef {
  category: string;
  file: string;
}
