/**
 * One trial of each kind a speed run makes, over an open session:
 *
 * - a reply: the time from writing a query (CSI 6n, CSI c) to its answer arriving;
 * - a drain: the time from the first byte of a payload to the answer to the cursor
 *   report written after its last byte. The whole payload goes to the target at
 *   once, and the target's pipe hands it on as fast as the terminal reads; a
 *   cursor report after every CHECKPOINT_BYTES (at a line's end) says how far the
 *   terminal has got, so a terminal that stops consuming is seen within STALL_MS
 *   and stopped, with the bytes it had consumed (to the last report it answered);
 * - a frame: see FrameTimer (targets/target.ts);
 * - a memory sample: the resident size of the terminal's own processes.
 *
 * Idle means nothing written for IDLE_GAP_MS, and the screen reset and cleared
 * (answered) before that; a drain starts SETTLE_GAP_MS after its reset was answered.
 */
import { preludeBytes } from '../corpus/prelude.js';
import type { Payload } from '../corpus/speed-payloads.js';
import type { Region } from '../corpus/probe-schema.js';
import type { FrameTimer, TargetSession } from '../targets/target.js';
import { processName } from '../targets/common/session-processes.js';
import type { ReplyClock, TimedKind } from './speed-replies.js';
import { residentKib } from './speed-machine.js';

export const CHECKPOINT_BYTES = 16 * 1024;
export const IDLE_GAP_MS = 50;
/** After a reset before a drain: time for the terminal's one redraw of the cleared screen (a frame at 60 Hz is 16.7 ms). */
export const SETTLE_GAP_MS = 20;
/** A reply not come within this long is no reply. */
export const REPLY_LIMIT_MS = 5000;
/** A frame not drawn within this long is none (the slowest first frame measured here took 30 ms). */
export const FRAME_LIMIT_MS = 2000;

const encoder = new TextEncoder();
const QUERY: Record<TimedKind, Uint8Array> = { cpr: encoder.encode('\x1b[6n'), da1: encoder.encode('\x1b[c') };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Bounds {
  /** A drain stops when no progress report was answered for this long. */
  stallMs: number;
  /** A drain stops when it has taken this long in all. */
  boundMs: number;
  signal?: AbortSignal;
}

/** Reset and clear the screen (the isolation prelude), wait for the terminal to have done it, then SETTLE_GAP_MS. */
export async function settle(session: TargetSession, clock: ReplyClock, size: { cols: number; rows: number }, signal?: AbortSignal): Promise<string | undefined> {
  const base = clock.count('cpr');
  session.write(encoder.encode(`${preludeBytes(size)}\x1b[?25l\x1b[6n`));
  const r = await clock.until('cpr', base + 1, { idleMs: REPLY_LIMIT_MS, limitMs: REPLY_LIMIT_MS, signal });
  if (!r.ok) return `the terminal did not answer after a reset (${r.reason})`;
  await sleep(SETTLE_GAP_MS);
  return undefined;
}

/** One reply trial: ms from the query's write to its answer, or why there was none. */
export async function replyTrial(session: TargetSession, clock: ReplyClock, kind: TimedKind, signal?: AbortSignal): Promise<number | string> {
  const base = clock.count(kind);
  const t0 = performance.now();
  session.write(QUERY[kind]);
  const r = await clock.until(kind, base + 1, { idleMs: REPLY_LIMIT_MS, limitMs: REPLY_LIMIT_MS, signal });
  return r.ok ? r.at - t0 : r.reason;
}

/** A payload with a cursor report after each CHECKPOINT_BYTES (at the next line's end) and after its last byte. */
export interface DrainPlan {
  payload: Payload;
  bytes: Uint8Array;
  /** Payload bytes consumed when each report is answered, in order; the last is the payload's length. */
  checkpoints: number[];
}

export function drainPlan(payload: Payload): DrainPlan {
  const checkpoints: number[] = [];
  let next = CHECKPOINT_BYTES;
  for (const cut of payload.cuts) {
    if (cut >= next && cut < payload.bytes.length) {
      checkpoints.push(cut);
      next = cut + CHECKPOINT_BYTES;
    }
  }
  checkpoints.push(payload.bytes.length);
  const query = QUERY.cpr;
  const bytes = new Uint8Array(payload.bytes.length + checkpoints.length * query.length);
  let from = 0;
  let at = 0;
  for (const cut of checkpoints) {
    bytes.set(payload.bytes.subarray(from, cut), at);
    at += cut - from;
    bytes.set(query, at);
    at += query.length;
    from = cut;
  }
  return { payload, bytes, checkpoints };
}

export type DrainOutcome = { ok: true; ms: number } | { ok: false; consumed: number; afterMs: number; reason: string };

/** One drain trial. */
export async function drainTrial(session: TargetSession, clock: ReplyClock, plan: DrainPlan, bounds: Bounds): Promise<DrainOutcome> {
  const base = clock.count('cpr');
  const t0 = performance.now();
  session.write(plan.bytes);
  const r = await clock.until('cpr', base + plan.checkpoints.length, { idleMs: bounds.stallMs, limitMs: bounds.boundMs, signal: bounds.signal });
  if (r.ok) return { ok: true, ms: r.at - t0 };
  const answered = clock.count('cpr') - base;
  return { ok: false, consumed: answered > 0 ? plan.checkpoints[answered - 1]! : 0, afterMs: performance.now() - t0, reason: r.reason };
}

/** After a burst of output (the first lines of `burst` up to `bytes`), answered: one reply trial at once. */
export async function afterBurstTrial(session: TargetSession, clock: ReplyClock, burst: Uint8Array, kind: TimedKind, signal?: AbortSignal): Promise<number | string> {
  const base = clock.count('cpr');
  session.write(burst);
  session.write(QUERY.cpr);
  const r = await clock.until('cpr', base + 1, { idleMs: REPLY_LIMIT_MS, limitMs: REPLY_LIMIT_MS * 4, signal });
  if (!r.ok) return `the burst was not answered (${r.reason})`;
  return replyTrial(session, clock, kind, signal);
}

/** The cells a frame trial changes: 40 columns (or fewer) in the middle row, and the bytes that write them. */
export function frameChange(size: { cols: number; rows: number }, trial: number): { bytes: Uint8Array; region: Region } {
  const row = Math.ceil(size.rows / 2);
  const width = Math.min(40, size.cols);
  const left = Math.floor((size.cols - width) / 2) + 1;
  const text = (trial % 2 === 0 ? 'AB' : 'XY').repeat(width).slice(0, width);
  return { bytes: encoder.encode(`\x1b[${row};${left}H${text}\x1b[${size.rows};1H`), region: { top: row, left, bottom: row, right: left + width - 1 } };
}

/** One frame trial: ms from the write to the first drawing over the changed cells, or why there was none. */
export async function frameTrial(timer: FrameTimer, size: { cols: number; rows: number }, trial: number): Promise<number | string> {
  const { bytes, region } = frameChange(size, trial);
  const ms = await timer.time(bytes, region, FRAME_LIMIT_MS);
  return ms ?? `no drawing over the changed cells within ${FRAME_LIMIT_MS / 1000} s`;
}

/** The resident size of the terminal's own processes: the sum, and each by name. */
export function memorySample(session: TargetSession): { kib: number; processes: { name: string; kib: number }[] } | undefined {
  const own = (session.processes?.() ?? []).filter((p) => p.own);
  const processes = own.flatMap((p) => {
    const kib = residentKib(p.pid);
    return kib === undefined ? [] : [{ name: processName(p.pid) ?? '?', kib }];
  });
  if (processes.length === 0) return undefined;
  processes.sort((a, b) => a.name.localeCompare(b.name) || b.kib - a.kib);
  return { kib: processes.reduce((n, p) => n + p.kib, 0), processes };
}
