/**
 * The chunking report's format (`termprobe run --chunking`, read by the site's
 * sessions page), beside the results schema: one zod schema for the file, the
 * types the writer (src/chunking/run-chunking.ts) fills, and the reader; a bad
 * file fails with one line naming it (exit 2).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { BadInputError } from '../util/bad-input-error.js';

export const CHUNKING_SCHEMA_ID = 'termprobe-chunking/1';

export interface ChunkingFinding {
  probe: string;
  whole: string;
  differing: { split: string; answer: string }[];
  /** Variants run for this probe, whole included. */
  variants: number;
}

export interface ChunkingReport {
  schema: typeof CHUNKING_SCHEMA_ID;
  tool: { name: 'termprobe'; version: string };
  corpus: { hash: string; probes: number };
  target: { id: string; name: string; version: string };
  settings: { cols: number; rows: number; pauseMs: number };
  run: { startedAt: string; elapsedMs: number; variants: number; pieces: number };
  /** Probes not cut: why (no answer when whole, or skipped). */
  notCut: { probe: string; why: string }[];
  findings: ChunkingFinding[];
  /** "none" when no probe's answer depended on the cut. */
  summary: string;
}

export const chunkingReportSchema = z.strictObject({
  schema: z.literal(CHUNKING_SCHEMA_ID),
  tool: z.strictObject({ name: z.literal('termprobe'), version: z.string() }),
  corpus: z.strictObject({ hash: z.string(), probes: z.int().min(0) }),
  target: z.strictObject({ id: z.string(), name: z.string(), version: z.string() }),
  settings: z.strictObject({ cols: z.int(), rows: z.int(), pauseMs: z.number().min(0) }),
  run: z.strictObject({ startedAt: z.string(), elapsedMs: z.number().min(0), variants: z.int().min(0), pieces: z.int().min(0) }),
  notCut: z.array(z.strictObject({ probe: z.string(), why: z.string() })),
  findings: z.array(z.strictObject({ probe: z.string(), whole: z.string(), differing: z.array(z.strictObject({ split: z.string(), answer: z.string() })), variants: z.int() })),
  summary: z.string(),
});

export function readChunkingReport(file: string): ChunkingReport {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new BadInputError(`${file}: not a chunking report: ${(e as Error).message.split('\n')[0]}`);
  }
  const parsed = chunkingReportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadInputError(`${file}: not a chunking report: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data as ChunkingReport;
}
