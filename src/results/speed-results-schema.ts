/**
 * The speed results file: one per target run of `termprobe speed`, beside the
 * behaviour results (results/speed/). Every figure keeps its trials as measured,
 * in the order they were made, so its spread can be read back and two runs
 * compared trial by trial (speed-compare.ts); the summary numbers beside them are
 * derived from the trials and checked against them when a file is read.
 */
import { z } from 'zod';
import { platformSchema, runTargetSchema, settingsSchema } from './results-schema.js';

export const SPEED_RESULTS_SCHEMA_ID = 'termprobe-speed/1';

/** The figures a speed run makes, in the order a file lists them. */
export const SPEED_FIGURES = [
  'reply.cpr.idle',
  'reply.da1.idle',
  'reply.cpr.after-burst',
  'reply.da1.after-burst',
  'drain.ascii',
  'drain.sgr-colour',
  'drain.unicode',
  'drain.region-scroll',
  'drain.redraw',
  'frame.first',
  'memory.start',
  'memory.scrollback',
] as const;
export type SpeedFigureId = (typeof SPEED_FIGURES)[number];

const statsSchema = z.strictObject({
  min: z.number(),
  median: z.number(),
  /** Linear interpolation between the two nearest trials (R's type 7). */
  p90: z.number(),
  max: z.number(),
});

const processSchema = z.strictObject({ name: z.string(), kib: z.int().min(0) });

export const speedFigureSchema = z.strictObject({
  id: z.enum(SPEED_FIGURES),
  /**
   * measured: every trial made; stalled: the terminal stopped consuming a payload (or took past the bound) in one
   * trial, which was stopped there; unmeasured: the figure could not be made here, or one of its trials gave nothing
   * (`note` says why; the trials that gave a value are still listed).
   */
  status: z.enum(['measured', 'stalled', 'unmeasured']),
  /** ms for replies, drains and frames (lower is faster); KiB for memory. */
  unit: z.enum(['ms', 'KiB']),
  /** The trials' values in the order they were made (the trials before a stall, for a stalled figure). */
  trials: z.array(z.number().min(0)),
  /** Of the trials; absent when there are none. */
  stats: statsSchema.optional(),
  /** Drains: the payload's size and the lines it draws (MB/s and lines/s are bytes or lines over a trial's time). */
  bytes: z.int().min(1).optional(),
  lines: z.int().min(1).optional(),
  /** A stalled trial: the bytes the terminal had consumed (its last answered progress query) when it was stopped, and after how long. */
  stall: z.strictObject({ trial: z.int().min(1), consumed: z.int().min(0), of: z.int().min(1), afterMs: z.number().min(0), reason: z.string() }).optional(),
  /** Memory: the processes counted, with their resident size at the last sample. */
  processes: z.array(processSchema).optional(),
  note: z.string().optional(),
});

export const speedResultsSchema = z.strictObject({
  schema: z.literal(SPEED_RESULTS_SCHEMA_ID),
  tool: z.strictObject({ name: z.literal('termprobe'), version: z.string() }),
  /** The payloads written: the generator's version and a hash of the bytes (speed-payloads.ts), and trials per figure. */
  payloads: z.strictObject({ version: z.string(), hash: z.string().regex(/^[0-9a-f]{16}$/), trials: z.int().min(1) }),
  target: runTargetSchema,
  settings: settingsSchema,
  run: z.strictObject({
    startedAt: z.string(),
    elapsedMs: z.number().min(0),
    platform: platformSchema.optional(),
    /** Fresh instances started after a stall, by the figure that stalled. */
    restarts: z.array(z.string()).optional(),
  }),
  /**
   * The machine while the figures were made: its cores, the load average before and after, and how many cores'
   * worth of CPU time went to processes other than this run's (termprobe and the target's own, display included)
   * and to this run's, over the measurement.
   */
  load: z.strictObject({
    cpus: z.int().min(1),
    before: z.tuple([z.number(), z.number(), z.number()]),
    after: z.tuple([z.number(), z.number(), z.number()]),
    otherCores: z.number().min(0),
    runCores: z.number().min(0),
  }),
  figures: z.array(speedFigureSchema),
});

export type SpeedResults = z.infer<typeof speedResultsSchema>;
export type SpeedFigure = z.infer<typeof speedFigureSchema>;
export type FigureStats = z.infer<typeof statsSchema>;
