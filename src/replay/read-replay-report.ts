/**
 * Read a replay report (`termprobe replay --out`) back, for the site: the file
 * is untrusted input, checked by one schema; a bad file fails naming itself.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { screenAnswerSchema } from '../results/results-schema.js';
import { BadInputError } from '../util/bad-input-error.js';
import { REPLAY_SCHEMA_ID, type ReplayReport } from './replay-report.js';

const cursor = z.strictObject({ row: z.int(), col: z.int() }).nullable();
const rect = z.strictObject({ top: z.int(), left: z.int(), bottom: z.int(), right: z.int() });

export const replayReportSchema = z.strictObject({
  schema: z.literal(REPLAY_SCHEMA_ID),
  tool: z.strictObject({ name: z.literal('termprobe'), version: z.string() }),
  session: z.strictObject({ file: z.string(), name: z.string(), cols: z.int().min(1), rows: z.int().min(1), command: z.string().optional(), term: z.string().optional(), bytes: z.int().min(0) }),
  targets: z.array(
    z.strictObject({
      target: z.string(),
      terminal: z.string().optional(),
      status: z.enum(['ok', 'not-sized', 'unavailable', 'failed']),
      note: z.string().optional(),
      state: z.strictObject({ cursor, screen: screenAnswerSchema.optional(), note: z.string().optional() }).optional(),
      resizesIgnored: z.int().optional(),
      bytes: z.int().optional(),
    }),
  ),
  pairs: z.array(
    z.strictObject({
      a: z.string(),
      b: z.string(),
      same: z.boolean(),
      cursor: z.strictObject({ a: cursor, b: cursor }).optional(),
      rects: z.array(rect),
      cells: z.int().min(0),
      compared: z.enum(['cells', 'text', 'cursor']),
    }),
  ),
});

export function readReplayReport(file: string): ReplayReport {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new BadInputError(`${file}: not a replay report: ${(e as Error).message.split('\n')[0]}`);
  }
  const parsed = replayReportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadInputError(`${file}: not a replay report: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data as ReplayReport;
}
