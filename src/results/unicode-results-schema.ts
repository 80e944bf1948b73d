/**
 * The Unicode results file: one per target run of the width suite. Answers are
 * kept whole, one character per item in suite order, so a file is small (about
 * 40 KB a pass) and every item's answer can be read back (see width-answers.ts).
 */
import { z } from 'zod';
import { runTargetSchema, settingsSchema } from './results-schema.js';

export const UNICODE_RESULTS_SCHEMA_ID = 'termprobe-unicode/1';

export const unicodeResultsSchema = z.strictObject({
  schema: z.literal(UNICODE_RESULTS_SCHEMA_ID),
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
    gaveUp: z.string().optional(),
  }),
  /**
   * By pass (`off`: mode 2027 reset, every item; `on`: mode 2027 set, grapheme
   * clusters only): one character per suite item, in suite order. 0-9 and a-z
   * are advances 0-35; '+' a larger one (see `long`); '-' no answer; '.' not
   * measured in this pass.
   */
  answers: z.strictObject({ off: z.string(), on: z.string() }),
  /** Advances above 35, by pass and item id. */
  long: z.strictObject({ off: z.record(z.string(), z.int()), on: z.record(z.string(), z.int()) }),
  /** Items measured again alone (wrapped, or their batch came back short), by pass. */
  remeasured: z.strictObject({ off: z.array(z.string()), on: z.array(z.string()) }),
  /** Why an item's answer is missing or odd, by pass and item id. */
  notes: z.strictObject({ off: z.record(z.string(), z.string()), on: z.record(z.string(), z.string()) }),
});

export type UnicodeResults = z.infer<typeof unicodeResultsSchema>;
export type UnicodePass = 'off' | 'on';
