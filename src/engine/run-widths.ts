/**
 * Measuring the width suite: batches of items (width-batches.ts) pipelined into
 * a target inside a byte budget, each batch fenced by its tag (a CUP to a
 * column of the last row that names the batch, then CPR: the last report before
 * the sentinel) and the DA1 sentinel, so a batch that loses an answer costs that
 * batch only: the late answers of a batch given up on are known by its tag and
 * dropped, never taken for the next one's. The tag is told by its place, not its
 * row, so a terminal smaller than asked (a host's status line) is read right too. An item of a batch that
 * wrapped, moved to another row, or whose batch came back short, is measured
 * again alone, after the isolation prelude; so are the items terminals choke
 * on, each alone, last. Nothing here waits on time but the last-resort idle timeout.
 */
import type { WidthItem } from '../corpus/width-suite/width-item.js';
import { ReplyParser } from '../protocol/reply-parser.js';
import type { TargetSession } from '../targets/target.js';
import { aloneBatch, CPR, DA1, planBatches, type WidthBatch } from './width-batches.js';

const encoder = new TextEncoder();

/**
 * With batches in flight and nothing received for this long, the oldest is given
 * up on. Longer than the corpus's: a slow terminal (Emacs term.el, a loaded
 * machine) can spend seconds on one screen of items.
 */
export const DEFAULT_IDLE_MS = 5000;

/**
 * Bytes of width batches written ahead of their answers, at most: three times
 * the corpus's 16 KiB, still under the 64 KiB a pty or FIFO buffers towards
 * the terminal (so a write never blocks while its replies wait). Terminals
 * that answer on their next redraw spend a round trip per window: measured
 * over the 164,208 items, kitty 12.1 s -> 6.9 s, gnome-terminal 8.0 -> 5.0 s,
 * foot 2.4 -> 2.0 s; tmux and xterm, answering at once, 1.4-3.0 s either way.
 */
export const WIDTH_BYTES_IN_FLIGHT = 48 * 1024;

export interface WidthPassOptions {
  size: { cols: number; rows: number };
  /** Bytes that put the terminal in this pass's state (e.g. mode 2027 off), before every batch. */
  modeBytes: string;
  /** The isolation prelude, before an item measured alone. */
  prelude: string;
  maxBytesInFlight?: number;
  /** Bytes per batch, at most (default 4 KiB). */
  batchBytes?: number;
  idleTimeoutMs?: number;
  /** After this many batches in a row time out, the rest are not sent. */
  maxTimeouts?: number;
  /** Every item alone (after the prelude), one at a time: to find the item a terminal hangs or dies on. */
  alone?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface WidthPass {
  /** By item index (into the items given): the advance measured, or null when none could be. Unmeasured items are absent. */
  advances: Map<number, number | null>;
  /** Why an item's answer is missing or odd, by item index. */
  notes: Map<number, string>;
  /** Items measured again alone (their batch answer was unusable). */
  remeasured: number[];
  batches: number;
  gaveUp?: string;
  /** When it gave up: the items of the first batch lost (timed out, or in flight when the terminal went away), where the cause is. */
  suspects?: number[];
}

interface InFlight {
  batch: WidthBatch;
  alone: boolean;
  cprs: { row: number; col: number }[];
  /** The column its tag (a CUP to the last row, then CPR, before the sentinel) reports. */
  tag: number;
  /** Its place in the order batches were sent. */
  seq: number;
  /** Bytes written for it (the batch, its tag and sentinel). */
  bytes: number;
}

export async function measureWidths(session: TargetSession, items: readonly WidthItem[], indexes: readonly number[], o: WidthPassOptions): Promise<WidthPass> {
  return new WidthRunner(session, items, o).run(indexes);
}

class WidthRunner {
  private readonly parser = new ReplyParser();
  private readonly inflight: InFlight[] = [];
  private readonly landed: { f: InFlight; complete: boolean; why?: string }[] = [];
  private bytesInFlight = 0;
  private lastActivity = performance.now();
  private wake: (() => void) | null = null;
  private exited: string | undefined;
  private readonly advances = new Map<number, number | null>();
  private readonly notes = new Map<number, string>();
  private readonly remeasured: number[] = [];
  private readonly queue: { batch: WidthBatch; alone: boolean }[] = [];
  private sentBatches = 0;
  /**
   * Tags of batches given up on (idle timeout) whose answers may still come: known by their tag, and
   * dropped; each with the batch's place in the sending order. Answers come in order, so once a later
   * batch is answered, those of earlier ones never will be, and their tags are free again. No tag is in
   * use twice among the batches in flight and those given up on: a late answer taken for the head's own
   * set every later batch one answer off (Emacs, slowed by a loaded machine, lost its last 97,101 items so).
   */
  private readonly givenUp = new Map<number, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The first batch of the current run of lost ones (reset by a batch answered whole). */
  private firstLost: number[] | undefined;

  constructor(
    private readonly session: TargetSession,
    private readonly items: readonly WidthItem[],
    private readonly o: WidthPassOptions,
  ) {
    session.onData((chunk) => this.onData(chunk));
    session.onExit?.((reason) => {
      this.exited = reason;
      this.wake?.();
    });
  }

  private onData(chunk: Uint8Array): void {
    const events = this.parser.feed(chunk);
    if (events.length === 0) return;
    this.lastActivity = performance.now();
    for (let i = 0; i < events.length; i++) {
      const ev = events[i]!;
      const head = this.inflight[0];
      if (ev.kind === 'cpr' && !ev.private) head?.cprs.push({ row: ev.row ?? 0, col: ev.col ?? 0 });
      else if (ev.kind === 'da1' && head) {
        // The last report before a sentinel is its batch's tag: the head's own, or one of a batch given up on.
        const tag = head.cprs[head.cprs.length - 1];
        if (tag && this.offset === undefined) this.learnOffset(tag, head.tag);
        const col = tag ? tag.col - (this.offset?.col ?? 0) : undefined;
        if (tag && col === head.tag) {
          head.cprs.pop();
          if (this.offset && (this.offset.row !== 0 || this.offset.col !== 0)) for (const c of head.cprs) (c.row -= this.offset.row), (c.col -= this.offset.col);
          this.land(true);
        } else if (col !== undefined && this.givenUp.has(col)) {
          this.givenUp.delete(col);
          head.cprs.length = 0; // the late answers of a batch given up on: not the head's
        } else {
          // Another batch's tag: the sentinels of the batches before it were lost (GNU screen drops replies
          // when pressed). Those and it are measured again alone; the answers are in step again.
          const k = col === undefined ? -1 : this.inflight.findIndex((f, i) => i > 0 && f.tag === col);
          const why = k > 0 ? 'its sentinel was lost' : tag ? `its sentinel came after a report of column ${tag.col}, not its tag's ${head.tag}` : 'its sentinel came with no cursor report before it';
          for (let j = 0; j <= Math.max(0, k); j++) this.land(false, why);
        }
      }
    }
    this.wake?.();
  }

  /**
   * A terminal that reports positions off by one (dvtm 0.15 answers CPR 0-based)
   * is read through that offset: learnt from the first tag, whose column is known.
   */
  private offset: { row: number; col: number } | undefined;

  private learnOffset(tag: { row: number; col: number }, expectedCol: number): void {
    // A tag one column left of its place: 0-based reports (rows too). A tag on another row alone is
    // a terminal with fewer rows than asked (a host's status line), which clamps the CUP: no offset.
    this.offset = tag.col === expectedCol - 1 ? { row: -1, col: -1 } : { row: 0, col: 0 };
  }

  /** The head batch is done: answered whole, or not (then `why` says how it ended, for the notes of items measured alone). */
  private land(complete: boolean, why?: string): void {
    const f = this.inflight.shift()!;
    if (complete) for (const [tag, seq] of this.givenUp) if (seq < f.seq) this.givenUp.delete(tag);
    this.bytesInFlight -= f.bytes;
    this.landed.push({ f, complete, ...(why ? { why } : {}) });
  }

  private aloneFor(index: number): { batch: WidthBatch; alone: boolean } {
    return { batch: aloneBatch(this.items, index, this.o.prelude + this.o.modeBytes), alone: true };
  }

  /** Record a batch's answers; items whose answer is unusable go back in the queue, alone. */
  private settle(f: InFlight, complete: boolean, why?: string): void {
    const { cols } = this.o.size;
    const { placements } = f.batch;
    if (f.alone) {
      const p = placements[0]!;
      const cpr = f.cprs[f.cprs.length - 1];
      if (!complete || !cpr) {
        this.advances.set(p.index, null);
        this.notes.set(p.index, complete ? 'no cursor report came back (the item swallowed the query)' : (why ?? `no answer within ${this.idleMs()} ms`));
        return;
      }
      const advance = (cpr.row - 1) * cols + (cpr.col - 1);
      this.advances.set(p.index, advance);
      if (f.cprs.length > 1) this.notes.set(p.index, `${f.cprs.length} cursor reports for one query`);
      else if (cpr.row !== 1) this.notes.set(p.index, `wrapped to row ${cpr.row} (advance counted across rows)`);
      return;
    }
    const usable = complete && f.cprs.length === placements.length;
    for (let i = 0; i < placements.length; i++) {
      const p = placements[i]!;
      const cpr = usable ? f.cprs[i]! : undefined;
      if (cpr && cpr.row === p.row && cpr.col >= p.col) {
        this.advances.set(p.index, cpr.col - p.col);
        continue;
      }
      this.remeasured.push(p.index);
      this.queue.push(this.aloneFor(p.index));
    }
  }

  /** A tag no batch in flight or given up on has, going round the columns; undefined when every one is in use. */
  private freeTag(cols: number): number | undefined {
    // Nothing in flight: the batches given up on are all older than the next one; their tags go back in use.
    if (this.inflight.length === 0 && this.givenUp.size >= cols) this.givenUp.clear();
    if (this.inflight.length + this.givenUp.size >= cols) return undefined;
    const used = new Set([...this.inflight.map((f) => f.tag), ...this.givenUp.keys()]);
    for (let k = 0; k < cols; k++) {
      const tag = ((this.sentBatches + k) % cols) + 1;
      if (!used.has(tag)) return tag;
    }
    return undefined;
  }

  private idleMs(): number {
    return this.o.idleTimeoutMs ?? DEFAULT_IDLE_MS;
  }

  private waitForActivity(ms: number): Promise<void> {
    if (this.o.signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = null;
        if (this.timer !== null) clearTimeout(this.timer);
        this.timer = null;
        resolve();
      };
      this.timer = setTimeout(() => this.wake?.(), ms);
    });
  }

  async run(indexes: readonly number[]): Promise<WidthPass> {
    const { size, modeBytes } = this.o;
    let budget = this.o.maxBytesInFlight ?? WIDTH_BYTES_IN_FLIGHT;
    const oneBatch = this.o.batchBytes ?? 4096;
    const maxTimeouts = this.o.maxTimeouts ?? 3;
    const batched = this.o.alone ? [] : indexes.filter((i) => this.items[i]!.category !== 'choke');
    for (const batch of planBatches(this.items, batched, { cols: size.cols, rows: size.rows, prefix: modeBytes, maxBytes: this.o.batchBytes ?? 4096 })) this.queue.push({ batch, alone: false });
    for (const i of indexes) if (this.o.alone || this.items[i]!.category === 'choke') this.queue.push(this.aloneFor(i));
    const total = indexes.length;
    let timeouts = 0;
    let gaveUp: string | undefined;
    const onAbort = () => this.wake?.();
    this.o.signal?.addEventListener('abort', onAbort);
    try {
      for (;;) {
        if (this.o.signal?.aborted) throw this.o.signal.reason ?? new Error('aborted');
        for (const { f, complete, why } of this.landed.splice(0)) {
          this.settle(f, complete, why);
          if (complete) {
            timeouts = 0;
            this.firstLost = undefined;
          } else this.firstLost ??= f.batch.placements.map((p) => p.index);
        }
        this.o.onProgress?.(this.advances.size, total);
        if (this.exited !== undefined) {
          gaveUp = `the terminal went away during the run: ${this.exited}`;
          this.firstLost ??= this.inflight[0]?.batch.placements.map((p) => p.index);
          break;
        }
        if (this.queue.length === 0 && this.inflight.length === 0) break;
        while (this.queue.length > 0 && (this.inflight.length === 0 || this.bytesInFlight + this.queue[0]!.batch.bytes.length <= budget)) {
          const tag = this.freeTag(size.cols);
          if (tag === undefined) break;
          const next = this.queue.shift()!;
          const fence = encoder.encode(`\x1b[${size.rows};${tag}H${CPR}${DA1}`);
          const bytes = new Uint8Array(next.batch.bytes.length + fence.length);
          bytes.set(next.batch.bytes);
          bytes.set(fence, next.batch.bytes.length);
          this.inflight.push({ ...next, cprs: [], tag, seq: this.sentBatches, bytes: bytes.length });
          this.bytesInFlight += bytes.length;
          this.sentBatches++;
          this.lastActivity = performance.now();
          this.session.write(bytes);
        }
        if (this.landed.length > 0) continue;
        const idle = performance.now() - this.lastActivity;
        if (idle < this.idleMs()) {
          await this.waitForActivity(this.idleMs() - idle);
          continue;
        }
        this.givenUp.set(this.inflight[0]!.tag, this.inflight[0]!.seq);
        this.firstLost ??= this.inflight[0]!.batch.placements.map((p) => p.index);
        this.land(false);
        this.lastActivity = performance.now();
        // A terminal that cannot keep up with the bytes in flight (Vim's :terminal) gets fewer, down to one
        // batch at a time; only then do timeouts count towards giving up.
        if (budget > oneBatch && this.o.maxTimeouts !== 1) {
          budget = Math.max(oneBatch, Math.floor(budget / 2));
          continue;
        }
        if (++timeouts >= maxTimeouts) {
          gaveUp = `the terminal stopped answering (no DA1 for ${this.idleMs()} ms${timeouts > 1 ? `, ${timeouts} batches in a row` : ''})`;
          break;
        }
      }
    } finally {
      this.o.signal?.removeEventListener('abort', onAbort);
      if (this.timer !== null) clearTimeout(this.timer);
    }
    if (gaveUp) {
      for (const { f } of this.landed.splice(0)) for (const p of f.batch.placements) this.advances.set(p.index, this.advances.get(p.index) ?? null);
      for (const i of indexes) {
        if (this.advances.has(i) && this.advances.get(i) !== null) continue;
        this.advances.set(i, null);
        if (!this.notes.has(i)) this.notes.set(i, `not measured: ${gaveUp}`);
      }
    }
    this.o.onProgress?.(total, total);
    return { advances: this.advances, notes: this.notes, remeasured: this.remeasured, batches: this.sentBatches, ...(gaveUp ? { gaveUp, ...(this.firstLost ? { suspects: this.firstLost } : {}) } : {}) };
  }
}
