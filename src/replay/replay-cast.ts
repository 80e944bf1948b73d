/**
 * Replay a recorded session into one target: open it at the recorded size
 * (a target that cannot be opened at that size says so and is skipped), stream
 * the output events in (bounded memory: every few MB the writer waits until the
 * terminal has caught up), follow resize events where the target can resize,
 * then read the final state: the reported cursor and the screen.
 */
import { openCast } from '../cast/read-cast.js';
import { loadTarget } from '../targets/registry.js';
import type { TargetSession } from '../targets/target.js';
import { CaseRunner } from './case-runner.js';
import type { TerminalState } from './terminal-state.js';

export interface ReplayedTarget {
  target: string;
  /** The terminal as it describes itself (name and version). */
  terminal?: string;
  status: 'ok' | 'not-sized' | 'unavailable' | 'failed';
  note?: string;
  state?: TerminalState;
  /** Resize events the target could not follow. */
  resizesIgnored?: number;
  bytes?: number;
}

/** Bytes written before the writer waits for the terminal to catch up. */
const SYNC_EVERY = 4 << 20;
const CHUNK = 64 << 10;

function isSizeRefusal(e: unknown): boolean {
  const name = (e as Error).name;
  return name === 'WrongSizeError' || name === 'TargetOptionError';
}

export async function replayCast(targetId: string, castPath: string, opts: { signal?: AbortSignal } = {}): Promise<ReplayedTarget> {
  const cast = await openCast(castPath); // a malformed header fails before any target starts
  const { width: cols, height: rows } = cast.header;
  const factory = await loadTarget(targetId);
  if (factory.kind === 'self') return { target: targetId, status: 'unavailable', note: 'replay writes RIS and session output: not into your own terminal' };
  const avail = await factory.available();
  if (!avail.ok) return { target: targetId, status: 'unavailable', note: avail.reason };
  let session: TargetSession;
  try {
    session = await factory.open({ cols, rows, options: {}, signal: opts.signal });
  } catch (e) {
    if (isSizeRefusal(e)) return { target: targetId, status: 'not-sized', note: `cannot be sized to the recorded ${cols}x${rows}: ${(e as Error).message}` };
    throw e;
  }
  const runner = new CaseRunner(session, { cols, rows, pipelined: factory.kind === 'embedded', idleTimeoutMs: 20_000 });
  try {
    const described = await session.describe();
    let resizesIgnored = 0;
    let sinceSync = 0;
    let total = 0;
    let held: Buffer[] = [];
    let heldBytes = 0;
    const flush = async () => {
      if (heldBytes === 0) return;
      const chunk = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      runner.write(chunk);
      sinceSync += chunk.length;
      if (sinceSync >= SYNC_EVERY) {
        sinceSync = 0;
        await runner.run(new Uint8Array(0));
      }
    };
    for await (const ev of cast.events) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (ev.code === 'o') {
        const b = Buffer.from(ev.data, 'utf8');
        held.push(b);
        heldBytes += b.length;
        total += b.length;
        if (heldBytes >= CHUNK) await flush();
      } else if (ev.code === 'r') {
        await flush();
        const [c, r] = ev.data.split('x').map(Number) as [number, number];
        if (session.resize && c >= 1 && r >= 1) {
          await runner.run(new Uint8Array(0));
          await session.resize(c, r);
          runner.resize(c, r);
        } else resizesIgnored++;
      }
    }
    await flush();
    const state = await runner.run(new Uint8Array(0));
    const terminal = described.name ? `${described.name} ${described.version ?? ''}`.trim() : undefined;
    return { target: targetId, ...(terminal ? { terminal } : {}), status: 'ok', state, bytes: total, ...(resizesIgnored ? { resizesIgnored, note: `${resizesIgnored} resize event(s) ignored: this target cannot be resized` } : {}) };
  } finally {
    runner.dispose();
    await session.close();
  }
}
