/**
 * The replay report's format (`termprobe replay --out`, read by the site's
 * sessions page), beside the results schema: one zod schema for the file, the
 * types the writer (src/replay/replay-report.ts) fills, and the reader. A report
 * is untrusted input; a bad file fails with one line naming it (exit 2).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { BadInputError } from '../util/bad-input-error.js';
import { screenAnswerSchema, type ScreenAnswer } from './results-schema.js';
import { looksLikeValidReplayReport } from './fast-replay-check.js';

export const REPLAY_SCHEMA_ID = 'termprobe-replay/1';

/** A target's state at the end of a session: the reported cursor (1-based, null when none came) and the screen where it is read. */
export interface ReplayState {
  cursor: { row: number; col: number } | null;
  screen?: ScreenAnswer;
  /** Why the state is incomplete, when it is. */
  note?: string;
}

export interface ReplayedTargetRecord {
  target: string;
  /** The terminal as it describes itself (name and version). */
  terminal?: string;
  status: 'ok' | 'not-sized' | 'unavailable' | 'failed';
  note?: string;
  state?: ReplayState;
  /** Resize events the target could not follow. */
  resizesIgnored?: number;
  bytes?: number;
}

export interface ReplayRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** A rectangle of cells as text: "rows 2–3, columns 5–9". */
export function rectText(r: ReplayRect): string {
  const span = (a: number, b: number, one: string, many: string) => (a === b ? `${one} ${a}` : `${many} ${a}–${b}`);
  return `${span(r.top, r.bottom, 'row', 'rows')}, ${span(r.left, r.right, 'column', 'columns')}`;
}

/** Two targets' final states compared. */
export interface ReplayPair {
  a: string;
  b: string;
  same: boolean;
  /** Set when the cursors differ (or one is missing). */
  cursor?: { a: ReplayState['cursor']; b: ReplayState['cursor'] };
  /** Differing cells, 1-based and inclusive; empty when the screens agree or were not both read. */
  rects: ReplayRect[];
  cells: number;
  compared: 'cells' | 'text' | 'cursor';
}

export interface ReplayReport {
  schema: typeof REPLAY_SCHEMA_ID;
  tool: { name: 'termprobe'; version: string };
  session: { file: string; name: string; cols: number; rows: number; command?: string; term?: string; bytes: number };
  targets: ReplayedTargetRecord[];
  pairs: ReplayPair[];
}

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
  // The hand-written check says yes for a valid report in a few milliseconds; zod is asked for one it refuses, for its message.
  if (looksLikeValidReplayReport(data, REPLAY_SCHEMA_ID)) return data as ReplayReport;
  const parsed = replayReportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadInputError(`${file}: not a replay report: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data as ReplayReport;
}
