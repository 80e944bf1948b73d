/**
 * The Unicode results file: one per target run of the width suite. Answers are
 * kept whole, one character per item in suite order; on disk (schema
 * termprobe-unicode/2) each pass's string is run-length encoded, a character
 * followed by {n} standing for n of it, so that 164,208 items (126,702 wide
 * ones, mostly answered alike in long runs) stay a small file. Files of
 * termprobe-unicode/1 (plain strings, the 37,954-item suite) are still read.
 */
import { z } from 'zod';
import { runTargetSchema, settingsSchema } from './results-schema.js';

export const UNICODE_RESULTS_SCHEMA_ID = 'termprobe-unicode/2';
export const UNICODE_RESULTS_SCHEMA_V1 = 'termprobe-unicode/1';

const fields = {
  tool: z.strictObject({ name: z.literal('termprobe'), version: z.string() }),
  suite: z.strictObject({ hash: z.string(), unicode: z.string(), emoji: z.string(), items: z.int().min(0), sources: z.array(z.string()) }),
  target: runTargetSchema,
  settings: settingsSchema,
  run: z.strictObject({
    startedAt: z.string(),
    elapsedMs: z.number().min(0),
    /** From the first batch written to the last answer. */
    measuringMs: z.number().min(0),
    batches: z.int().min(0),
    /** Fresh instances started after the terminal hung or died (each cause is in notes). */
    restarts: z.int().min(0).optional(),
    /** Why the grapheme-cluster items were not measured with mode 2027 set: it does not report the mode settable. */
    on: z.string().optional(),
    gaveUp: z.string().optional(),
  }),
  /** Advances above 35, by pass and item id. */
  long: z.strictObject({ off: z.record(z.string(), z.int()), on: z.record(z.string(), z.int()) }),
  /** Items measured again alone (wrapped, or their batch came back short), by pass. */
  remeasured: z.strictObject({ off: z.array(z.string()), on: z.array(z.string()) }),
  /** Why an item's answer is missing or odd, by pass and item id. */
  notes: z.strictObject({ off: z.record(z.string(), z.string()), on: z.record(z.string(), z.string()) }),
};

/** One character per item: 0-9 and a-z are advances 0-35; '+' a larger one (see `long`); '-' no answer; '.' not measured in this pass. */
const ANSWERS = /^(?:[0-9a-z+.-](?:\{[1-9][0-9]*\})?)*$/;

export const unicodeResultsSchema = z.strictObject({
  schema: z.literal(UNICODE_RESULTS_SCHEMA_ID),
  ...fields,
  /**
   * By pass (`off`: mode 2027 reset, every item; `on`: mode 2027 set, grapheme
   * clusters only, where the terminal reports the mode settable): one character
   * per suite item, in suite order, run-length encoded: "2{74942}" is 74,942 × "2".
   */
  answers: z.strictObject({ off: z.string().regex(ANSWERS), on: z.string().regex(ANSWERS) }),
});

/** The first format: the same, with each pass's answers as a plain string. */
export const unicodeResultsSchemaV1 = z.strictObject({
  schema: z.literal(UNICODE_RESULTS_SCHEMA_V1),
  ...fields,
  answers: z.strictObject({ off: z.string(), on: z.string() }),
});

/** A results file in memory: answers as plain strings, one character per item of the suite it names. */
export type UnicodeResults = Omit<z.infer<typeof unicodeResultsSchema>, 'schema'> & { schema: typeof UNICODE_RESULTS_SCHEMA_ID | typeof UNICODE_RESULTS_SCHEMA_V1 };
export type UnicodePass = 'off' | 'on';
