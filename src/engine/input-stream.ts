/**
 * The bytes a terminal sends during the input probes, read raw (never through
 * the reply parser: xterm's shift+F3 is `CSI 1;2 R`, which a parser would take
 * for a cursor report). Two things are looked for: the DA1 reply that closes a
 * round trip (the modes a probe sets are in effect once it is back), and the
 * markers around each event (see input-channel.ts). Between markers the bytes
 * are kept as segments: segment i is what came before marker i.
 */

/** A DA1 reply, or VT52's identify reply (ESC / Z): what closes a round trip (see run-input.ts). */
const DA1_REPLY = /\x1b\[\?[\d;]*c|\x1b\/Z/;

export class InputStream {
  /** What came since the last marker or DA1 reply (latin1: one character per byte). */
  private text = '';
  private readonly segments: string[] = [];
  private da1 = 0;
  private waiting: (() => void) | undefined;
  private readonly scan: RegExp;
  /** Stray bytes dropped before a DA1 reply, for notes. */
  dropped = 0;
  /** Marker matching is on between the round trip that sets a probe's modes and the one that resets them. */
  private marking = false;

  constructor(markers: RegExp, noise?: RegExp) {
    this.scan = new RegExp(`${noise ? `(${noise.source})|` : '()'}(${markers.source})`);
  }

  /** Every byte fed so far. */
  received = 0;
  /** The last cursor report seen before a round trip's reply. */
  cursor: { row: number; col: number } | undefined;

  feed(chunk: Uint8Array): void {
    this.received += chunk.byteLength;
    this.text += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    this.consume();
    this.waiting?.();
  }

  private consume(): void {
    for (;;) {
      if (!this.marking) {
        const m = DA1_REPLY.exec(this.text);
        if (!m) return;
        // A cursor report before the round trip's reply (the size check asks one): the last one is kept.
        const cpr = /\x1b\[(\d+);(\d+)R(?![\s\S]*\x1b\[\d+;\d+R)/.exec(this.text.slice(0, m.index));
        if (cpr) this.cursor = { row: Number(cpr[1]), col: Number(cpr[2]) };
        this.dropped += m.index;
        this.text = this.text.slice(m.index + m[0].length);
        this.da1++;
        continue;
      }
      const m = this.scan.exec(this.text);
      if (!m) return;
      if (m[1]) {
        this.text = this.text.slice(0, m.index) + this.text.slice(m.index + m[0].length);
        continue;
      }
      this.segments.push(this.text.slice(0, m.index));
      this.text = this.text.slice(m.index + m[0].length);
    }
  }

  get markers(): number {
    return this.segments.length;
  }

  get da1Replies(): number {
    return this.da1;
  }

  /** The bytes after the last marker, not yet cut off by another. */
  pending(): string {
    return this.marking ? this.text : '';
  }

  /** The bytes between marker `from` and marker `to` (markers in between left out). */
  between(from: number, to: number): string {
    return this.segments.slice(from + 1, to + 1).join('');
  }

  /** Look for markers (after the round trip that set the modes), or for DA1 replies only (before the one that resets them). */
  setMarking(on: boolean): void {
    if (!on && this.marking) {
      // What came after the last marker is no event's (a release report of the event's `after`): dropped.
      this.dropped += this.text.length;
      this.text = '';
    }
    this.marking = on;
    this.consume();
  }

  /**
   * Resolves when `ready()` holds (checked on every chunk and every `pokeMs`, calling `poke`), or false after
   * `limitMs`, or as soon as `hopeless()` says it will not come.
   */
  async until(ready: () => boolean, limitMs: number, signal?: AbortSignal, poke?: () => void, pokeMs = 20, hopeless?: () => boolean): Promise<boolean> {
    const t0 = performance.now();
    while (!ready()) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      const left = limitMs - (performance.now() - t0);
      if (left <= 0 || hopeless?.()) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          this.waiting = undefined;
          resolve();
        };
        const timer = setTimeout(done, poke || hopeless ? Math.min(left, pokeMs) : left);
        signal?.addEventListener('abort', done, { once: true });
        this.waiting = done;
      });
      if (!ready()) poke?.();
    }
    return true;
  }
}
