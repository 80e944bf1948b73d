/**
 * A target session that delivers some writes in pieces: the planner marks the
 * places to cut with SPLIT (two bytes, 0xFF 0xFE, that no UTF-8 text holds and
 * no probe sends), and this session removes the marks and writes each piece on
 * its own. An embedded emulator parses every write call separately, so the cut
 * is real at once; a pipe target (multiplexer, GUI terminal) gets a pause after
 * each piece, so the relay and the pty hand it over before the next one. Reads,
 * resizes and closing wait until every piece is out.
 */
import type { Region } from '../corpus/probe-schema.js';
import type { ScreenAnswer } from '../results/results-schema.js';
import type { ScreenReadHints, TargetSession } from '../targets/target.js';

export const SPLIT = '\xff\xfe';

function splitAtMarks(data: Uint8Array): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i + 1 < data.length; i++) {
    if (data[i] === 0xff && data[i + 1] === 0xfe) {
      pieces.push(data.subarray(start, i));
      start = i + 2;
      i++;
    }
  }
  pieces.push(data.subarray(start));
  return pieces;
}

export class ChunkedSession implements TargetSession {
  private queue: Promise<void> = Promise.resolve();
  /** Pieces written, for the run's record. */
  pieces = 0;

  constructor(
    private readonly inner: TargetSession,
    /** 0: write the pieces back to back (embedded); else pause this long after each. */
    private readonly pauseMs: number,
  ) {}

  get hostAnswers() {
    return this.inner.hostAnswers;
  }

  write(data: Uint8Array): void {
    const pieces = splitAtMarks(data);
    this.pieces += pieces.length;
    if (this.pauseMs === 0) {
      for (const p of pieces) if (p.length > 0) this.inner.write(new Uint8Array(p));
      return;
    }
    this.queue = this.queue.then(async () => {
      for (const [i, p] of pieces.entries()) {
        if (p.length > 0) this.inner.write(new Uint8Array(p));
        if (i < pieces.length - 1) await new Promise((r) => setTimeout(r, this.pauseMs));
      }
    });
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.inner.onData(listener);
  }

  onExit(listener: (reason: string) => void): void {
    this.inner.onExit?.(listener);
  }

  get readScreen(): ((region: Region, hints?: ScreenReadHints) => Promise<ScreenAnswer>) | undefined {
    const read = this.inner.readScreen?.bind(this.inner);
    return read ? async (region, hints) => (await this.queue, read(region, hints)) : undefined;
  }

  get readCursor(): (() => Promise<{ row: number; col: number }>) | undefined {
    const read = this.inner.readCursor?.bind(this.inner);
    return read ? async () => (await this.queue, read()) : undefined;
  }

  get resize(): ((cols: number, rows: number) => Promise<void>) | undefined {
    const resize = this.inner.resize?.bind(this.inner);
    return resize ? async (cols, rows) => (await this.queue, resize(cols, rows)) : undefined;
  }

  describe() {
    return this.inner.describe();
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.inner.close();
  }
}
