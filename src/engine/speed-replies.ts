/**
 * The replies a speed run waits for, counted and timed as they arrive: cursor
 * reports (CPR) and primary device attributes (DA1), each stamped with the
 * moment its bytes reached termprobe. A terminal answers in order, so the n-th
 * CPR since a write answers the n-th CPR in it.
 */
import { ReplyParser } from '../protocol/reply-parser.js';
import type { TargetSession } from '../targets/target.js';

export type TimedKind = 'cpr' | 'da1';

export type Awaited = { ok: true; at: number } | { ok: false; reason: string; idleMs: number };

export interface UntilOptions {
  /** Give up when no reply of the kind came for this long. */
  idleMs: number;
  /** Give up when the whole wait took this long. */
  limitMs: number;
  signal?: AbortSignal;
}

export class ReplyClock {
  private readonly parser = new ReplyParser();
  private readonly seen: Record<TimedKind, number> = { cpr: 0, da1: 0 };
  private readonly at: Record<TimedKind, number> = { cpr: 0, da1: 0 };
  private wake: (() => void) | undefined;
  private exit: string | undefined;

  constructor(session: TargetSession) {
    session.onData((chunk) => {
      const now = performance.now();
      for (const ev of this.parser.feed(chunk)) {
        if ((ev.kind === 'cpr' && !ev.private) || ev.kind === 'da1') {
          this.seen[ev.kind]++;
          this.at[ev.kind] = now;
        }
      }
      this.wake?.();
    });
    session.onExit?.((reason) => {
      this.exit = reason;
      this.wake?.();
    });
  }

  /** Replies of this kind so far. */
  count(kind: TimedKind): number {
    return this.seen[kind];
  }

  /** Wait until `count(kind)` reaches `n`: resolves with the moment the n-th arrived, or why it did not. */
  async until(kind: TimedKind, n: number, opts: UntilOptions): Promise<Awaited> {
    const t0 = performance.now();
    let progressAt = t0;
    let last = this.seen[kind];
    for (;;) {
      if (this.seen[kind] >= n) return { ok: true, at: this.at[kind] };
      if (opts.signal?.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted');
      const now = performance.now();
      if (this.seen[kind] > last) {
        last = this.seen[kind];
        progressAt = this.at[kind];
      }
      if (this.exit) return { ok: false, reason: this.exit, idleMs: now - progressAt };
      const idleLeft = opts.idleMs - (now - progressAt);
      const left = Math.min(idleLeft, opts.limitMs - (now - t0));
      if (left <= 0) {
        const reason = idleLeft <= 0 ? `no ${kind.toUpperCase()} reply for ${(opts.idleMs / 1000).toFixed(1)} s` : `past the bound of ${(opts.limitMs / 1000).toFixed(1)} s`;
        return { ok: false, reason, idleMs: now - progressAt };
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        const onAbort = () => done();
        opts.signal?.addEventListener('abort', onAbort, { once: true });
        const self = this;
        function done() {
          clearTimeout(timer);
          opts.signal?.removeEventListener('abort', onAbort);
          self.wake = undefined;
          resolve();
        }
        this.wake = done;
      });
    }
  }
}
