/**
 * Shared tests for embedded targets (imported by xterm-js.test.ts and
 * ghostty.test.ts): real sequences in, replies and screen reads out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TargetFactory, TargetSession } from '../target.js';

const encoder = new TextEncoder();
export const bytes = (text: string): Uint8Array => encoder.encode(text);

/** Everything a session sent back, as text, with a way to wait for more. */
export class ReplyLog {
  text = '';
  private readonly decoder = new TextDecoder();
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  constructor(session: TargetSession) {
    session.onData((chunk) => {
      this.text += this.decoder.decode(chunk, { stream: true });
      this.waiters = this.waiters.filter((w) => (w.test() ? (w.resolve(), false) : true));
    });
  }

  /** Resolve once `pattern` has matched `count` times in the log. */
  waitFor(pattern: RegExp, count = 1, timeoutMs = 5000): Promise<string> {
    const global = new RegExp(pattern.source, 'g');
    const test = () => (this.text.match(global)?.length ?? 0) >= count;
    if (test()) return Promise.resolve(this.text);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern} ×${count}; got ${JSON.stringify(this.text)}`)), timeoutMs);
      this.waiters.push({ test, resolve: () => (clearTimeout(timer), resolve(this.text)) });
    });
  }
}

export interface Opened {
  session: TargetSession;
  log: ReplyLog;
}

/** Open sessions and close them after each test. */
export function useSessions(factory: TargetFactory) {
  const open: TargetSession[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (options: Record<string, string> = {}, cols = 80, rows = 24): Promise<Opened> => {
    const session = await factory.open({ cols, rows, options });
    open.push(session);
    return { session, log: new ReplyLog(session) };
  };
}

/** A probe-sized write like the engine sends: prelude, a few hundred bytes of probe, then CPR and the DA1 sentinel. */
export function probeSizedWrite(i: number): string {
  const prelude = '\x1b[!p\x1b[0m\x1b[?7h\x1b[?6l\x1b[r\x1b[3g' + '\x1b[?1049l\x1b[2J\x1b[H';
  const body = `\x1b[${(i % 20) + 1};5H\x1b[1;3${i % 8}mprobe ${i}\x1b[0m ` + 'abcdefghij\x1b[C'.repeat(20) + '日本\r\n\x1b[K';
  return prelude + body + '\x1b[6n\x1b[c';
}

export function describeEmbeddedTarget(factory: TargetFactory, da1Reply: RegExp): void {
  describe(`${factory.name}: common embedded behaviour`, () => {
    const openSession = useSessions(factory);

    it('answers CPR with the position set by CUP', async () => {
      const { session, log } = await openSession();
      session.write(bytes('\x1b[5;10H\x1b[6n'));
      expect(await log.waitFor(/\x1b\[\d+;\d+R/)).toBe('\x1b[5;10R');
    });

    it("takes a pooled Buffer view (byteOffset ≠ 0) and copes with the caller reusing it", async () => {
      const { session, log } = await openSession();
      const pooled = Buffer.from('\x1b[7;8H\x1b[6n');
      expect(pooled.byteOffset).toBeGreaterThan(0);
      session.write(pooled);
      pooled.fill(0x41);
      expect(await log.waitFor(/R/)).toBe('\x1b[7;8R');
    });

    it('answers the DA1 sentinel', async () => {
      const { session, log } = await openSession();
      session.write(bytes('\x1b[c'));
      expect(await log.waitFor(da1Reply)).toMatch(new RegExp(`^${da1Reply.source}$`));
    });

    it('reads back coloured text as canonical styles, without awaiting the writes', async () => {
      const { session } = await openSession();
      session.write(bytes('\x1b[H\x1b[2J\x1b[1;31mA\x1b[0m\x1b[38;5;200mB\x1b[38;2;1;2;255mC'));
      session.write(bytes('\x1b[0;2;3;4;7;44;97mD\x1b[0;100;38;5;16mE\x1b[0m'));
      const { untold: _untold, ...screen } = await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 6 });
      expect(screen).toEqual({
        via: 'hosted',
        region: { top: 1, left: 1, bottom: 1, right: 6 },
        text: ['ABCDE'],
        cells: [[
          { t: 'A', w: 1, s: { bold: true, fg: 'red' } },
          { t: 'B', w: 1, s: { fg: 200 } },
          { t: 'C', w: 1, s: { fg: '#0102ff' } },
          { t: 'D', w: 1, s: { dim: true, italic: true, underline: true, reverse: true, fg: 'bright-white', bg: 'blue' } },
          { t: 'E', w: 1, s: { fg: 16, bg: 'bright-black' } },
          { t: ' ', w: 1 },
        ]],
      });
    });

    it('reads strikethrough, blink, invisible and the underline style and colour where the emulator keeps them', async () => {
      const { session } = await openSession();
      session.write(bytes('\x1b[H\x1b[2J\x1b[9;5;8mF\x1b[0;4:3;58;5;196mG\x1b[0;53mH\x1b[0m'));
      const screen = await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 3 });
      const [f, g, h] = screen.cells![0]!;
      expect(f).toEqual({ t: 'F', w: 1, s: { blink: true, invisible: true, strikethrough: true } });
      if (screen.untold?.includes('underlineStyle')) {
        // ghostty-web's cells have no underline style, colour or overline: the answer says so instead of guessing.
        expect(screen.untold).toEqual(['underlineStyle', 'underlineColor', 'overline']);
        expect(g).toEqual({ t: 'G', w: 1, s: { underline: true } });
        expect(h).toEqual({ t: 'H', w: 1 });
      } else {
        expect(g).toEqual({ t: 'G', w: 1, s: { underline: true, underlineStyle: 'curly', underlineColor: 196 } });
        expect(h).toEqual({ t: 'H', w: 1, s: { overline: true } });
      }
    });

    it('reads a wide character as a 2-wide cell and an empty continuation cell', async () => {
      const { session } = await openSession();
      session.write(bytes('\x1b[H\x1b[2J日x'));
      const screen = await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 4 });
      expect(screen.cells).toEqual([[{ t: '日', w: 2 }, { t: '', w: 0 }, { t: 'x', w: 1 }, { t: ' ', w: 1 }]]);
      expect(screen.text).toEqual(['日x']);
      expect(await session.readCursor!()).toEqual({ row: 1, col: 4 });
    });

    it('reads a region away from the origin, text trimmed per row', async () => {
      const { session } = await openSession();
      session.write(bytes('\x1b[2J\x1b[3;5Hab  c\x1b[4;6Hd'));
      const screen = await session.readScreen!({ top: 3, left: 5, bottom: 5, right: 12 });
      expect(screen.text).toEqual(['ab  c', ' d', '']);
      expect(screen.cells?.map((row) => row.length)).toEqual([8, 8, 8]);
    });

    it('resizes, and rejects a region outside the screen', async () => {
      const { session, log } = await openSession();
      await session.resize!(100, 30);
      session.write(bytes('\x1b[99;199H\x1b[6n'));
      expect(await log.waitFor(/R/)).toBe('\x1b[30;100R');
      const screen = await session.readScreen!({ top: 30, left: 1, bottom: 30, right: 100 });
      expect(screen.cells?.[0]).toHaveLength(100);
      await expect(session.readScreen!({ top: 1, left: 1, bottom: 31, right: 1 })).rejects.toThrow(/does not fit the 100x30 screen/);
      expect((await session.describe()).settings).toMatchObject({ cols: 100, rows: 30 });
    });

    it('closes idempotently; later writes are dropped and reads refused', async () => {
      const { session } = await openSession();
      await session.close();
      await session.close();
      expect(() => session.write(bytes('x'))).not.toThrow();
      await expect(session.readScreen!({ top: 1, left: 1, bottom: 1, right: 1 })).rejects.toThrow(/closed/);
    });

    it('runs 150 probe-sized writes, each with CPR and DA1, in well under a second', async () => {
      const { session, log } = await openSession();
      const writes = Array.from({ length: 150 }, (_, i) => bytes(probeSizedWrite(i)));
      const started = performance.now();
      for (const chunk of writes) session.write(chunk);
      await log.waitFor(da1Reply, 150);
      const elapsed = performance.now() - started;
      console.log(`${factory.name}: 150 probe-sized writes (${writes.reduce((n, w) => n + w.length, 0)} bytes) answered in ${elapsed.toFixed(1)} ms`);
      expect(log.text.match(/\x1b\[\d+;\d+R/g)).toHaveLength(150);
      expect(elapsed).toBeLessThan(1000);
    });
  });
}
