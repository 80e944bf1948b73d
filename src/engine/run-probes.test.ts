import { describe, expect, it } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import { answerSignature } from '../results/answer-key.js';
import { xtermJsTarget } from '../targets/embedded/xterm-js.js';
import type { TargetSession } from '../targets/target.js';
import { planContext, planProbe } from './probe-plan.js';
import { runProbes } from './run-probes.js';

/** Bytes the engine writes for a probe with the default prelude. */
const planBytes = (p: Probe) => planProbe(p, planContext({ cols: 80, rows: 24 }, 'default', '', false)).wire.length;

const size = { cols: 80, rows: 24 };

function probe(id: string, send: string, query: string[] = ['cursor'], extra: Partial<Probe> = {}): Probe {
  return { id: `t.${id}`, category: 't', file: 'test', title: id, description: 'test probe', spec: 'ECMA-48 test', send, query, expect: { implements: {} }, ...extra };
}

const PROBES: Probe[] = [
  probe('cuf', '\\e[10C'),
  probe('wrap', '\\e[1;${cols}Hx'),
  probe('da', 'ab', ['cursor', 'da1', 'da2', 'decrqm:?7', 'decrqm:?2026']),
  probe('screen', '\\e[31mred\\e[0m \\e[1mbold', ['cursor'], { screen: { top: 1, left: 1, bottom: 1, right: 10 } }),
  probe('tab', '\\t\\t'),
  probe('xtversion', '', ['xtversion']),
  ...Array.from({ length: 40 }, (_, i) => probe(`move-${i}`, `\\e[${i % 24 + 1};${(i * 7) % 80 + 1}H`)),
];

/** Wrap a real session: deliver its replies in 1-byte chunks with junk (keystrokes, unknown sequences) between them. */
function noisy(inner: TargetSession): TargetSession {
  const junk = ['q', '\x1bOA', '\x1b[200~pasted\x1b[201~', '\x1b]11;rgb:0000/0000/0000\x07', 'ü', '\x1b[I'];
  let n = 0;
  return {
    ...inner,
    write: (d) => inner.write(d),
    onData(listener) {
      inner.onData((chunk) => {
        for (const b of chunk) {
          listener(Uint8Array.of(b));
          if (b === 0x52 || b === 0x63) listener(new TextEncoder().encode(junk[n++ % junk.length]!)); // after 'R' and 'c'
        }
      });
    },
    readScreen: inner.readScreen?.bind(inner),
    readCursor: inner.readCursor?.bind(inner),
    close: () => inner.close(),
    describe: () => inner.describe(),
  };
}

function silent(): TargetSession {
  return { write() {}, onData() {}, describe: async () => ({}), close: async () => {} };
}

async function runXterm(wrap: (s: TargetSession) => TargetSession = (s) => s, window?: number) {
  const session = wrap(await xtermJsTarget.open({ cols: 80, rows: 24, options: {} }));
  try {
    return await runProbes(session, PROBES, { size, window });
  } finally {
    await session.close();
  }
}

describe('runProbes against xterm.js', () => {
  it('answers every probe, with replies matched to their queries', async () => {
    const { results, gaveUp } = await runXterm();
    expect(gaveUp).toBeUndefined();
    expect(results.map((r) => r.status)).toEqual(PROBES.map(() => 'ok'));
    const byId = new Map(results.map((r) => [r.id, r]));
    expect(byId.get('t.cuf')!.cursor).toMatchObject({ row: 1, col: 11, raw: '\\e[1;11R' });
    // Measured: xterm.js reports the pending-wrap position as column 81 (real xterm says 80).
    expect(byId.get('t.wrap')!.cursor).toMatchObject({ row: 1, col: 81 });
    expect(byId.get('t.tab')!.cursor).toMatchObject({ row: 1, col: 17 });
    const da = byId.get('t.da')!;
    expect(da.replies.map((r) => [r.query, r.value])).toEqual([['da1', '1;2'], ['da2', '0;276;0'], ['decrqm:?7', '1'], ['decrqm:?2026', '2']]);
    expect(byId.get('t.xtversion')!.replies).toEqual([{ query: 'xtversion' }]);
    expect(byId.get('t.screen')!.screen!.text).toEqual(['red bold']);
    expect(byId.get('t.screen')!.screen!.cells![0]![0]).toEqual({ t: 'r', w: 1, s: { fg: 'red' } });
    expect(byId.get('t.move-5')!.cursor).toMatchObject({ row: 6, col: 36 });
  });

  it('gives the same answers pipelined, one at a time, and through a noisy byte-by-byte channel', async () => {
    const sig = (run: Awaited<ReturnType<typeof runXterm>>) => run.results.map(answerSignature);
    const pipelined = await runXterm();
    expect(sig(await runXterm((s) => s, 1))).toEqual(sig(pipelined));
    const noisyRun = await runXterm(noisy);
    expect(sig(noisyRun)).toEqual(sig(pipelined));
    expect(noisyRun.droppedText).toBeGreaterThan(0);
    // unknown sequences are kept as evidence, never mistaken for answers
    expect(noisyRun.results.some((r) => (r.unexpected ?? []).length > 0)).toBe(true);
  });
});

describe('runProbes on a session whose reads follow its writes in order (the stdio adapter protocol)', () => {
  it('asks for a screen probe\'s screen and cursor as soon as it is written, its cleanup after them, and answers the same', async () => {
    const probes = [...PROBES, probe('screen-cleanup', 'kept', ['cursor'], { screen: { top: 1, left: 1, bottom: 1, right: 4 }, cleanup: '\\e[2J' }), ...PROBES.slice(0, 3)];
    const reference = await xtermJsTarget.open({ cols: 80, rows: 24, options: {} });
    const plain = await runProbes(reference, probes, { size }).finally(() => reference.close());
    const inner = await xtermJsTarget.open({ cols: 80, rows: 24, options: {} });
    const log: string[] = [];
    let answered = 0;
    const ordered: TargetSession = {
      ...inner,
      readsInOrder: true,
      write: (d) => {
        const text = Buffer.from(d).toString('latin1');
        log.push(text === '\x1b[2J' ? 'cleanup' : 'write');
        inner.write(d);
      },
      onData: (listener) => inner.onData((d) => {
        answered += Buffer.from(d).toString('latin1').split('\x1b[?1;2c').length - 1;
        listener(d);
      }),
      readScreen: (region) => (log.push(`screen (${answered} sentinels back)`), inner.readScreen!(region)),
      readCursor: () => (log.push('cursor'), inner.readCursor!()),
      close: () => inner.close(),
      describe: () => inner.describe(),
    };
    try {
      const early = await runProbes(ordered, probes, { size });
      expect(early.results.map(answerSignature)).toEqual(plain.results.map(answerSignature));
      expect(early.results.find((r) => r.id === 't.screen-cleanup')!.screen!.text).toEqual(['kept']);
      // Each read right after the write that holds its probe, before that probe's sentinel came back; the cleanup right after.
      const at = log.lastIndexOf('cleanup');
      expect(log.slice(at - 3, at + 1)).toEqual(['write', expect.stringMatching(/^screen/), 'cursor', 'cleanup']);
      // Read before the probe's own sentinel came back (waiting for it, the read sees every DA1 up to it: one a probe, t.da's own too).
      const throughIt = probes.findIndex((p) => p.id === 't.screen-cleanup') + 1 + 1;
      const backAtRead = Number(/\((\d+) sentinels/.exec(log[at - 2]!)![1]);
      expect(backAtRead).toBeLessThan(throughIt);
    } finally {
      await inner.close();
    }
  });
});

describe('runProbes against terminals that do not answer', () => {
  it('a silent terminal ends promptly: every probe no-reply, and the engine says it gave up', async () => {
    const { results, gaveUp } = await runProbes(silent(), PROBES, { size, idleTimeoutMs: 200, maxTimeouts: 2 });
    expect(gaveUp).toMatch(/stopped answering/);
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['no-reply']));
    expect(results).toHaveLength(PROBES.length);
  });

  it('a terminal that answers DA1 but not CPR: the sentinel closes each probe with the cursor missing', async () => {
    let listener: (d: Uint8Array) => void = () => {};
    const session: TargetSession = {
      write(d) {
        const sentinels = Buffer.from(d).toString('latin1').split('\x1b[c').length - 1;
        queueMicrotask(() => listener(new TextEncoder().encode('\x1b[?62;22c'.repeat(sentinels))));
      },
      onData: (l) => (listener = l),
      describe: async () => ({}),
      close: async () => {},
    };
    const { results, gaveUp } = await runProbes(session, PROBES.slice(0, 3), { size, idleTimeoutMs: 5000 });
    expect(gaveUp).toBeUndefined();
    expect(results[0]).toMatchObject({ status: 'ok', note: expect.stringMatching(/1 query unanswered/) });
    expect(results[0]!.cursor).toBeUndefined();
    expect(results[2]!.replies.find((r) => r.query === 'da1')?.value).toBe('62;22');
  });
});

describe('runProbes says where a terminal stopped answering', () => {
  /** Answers each probe's DA1 sentinel, except those of the probes numbered in `deaf` (counted from 0 across the run); silent for good from probe `mute` on. */
  function answering(deaf: number[], mute = Infinity): TargetSession {
    let listener: (d: Uint8Array) => void = () => {};
    let seen = 0;
    return {
      write(d) {
        const sentinels = Buffer.from(d).toString('latin1').split('\x1b[c').length - 1;
        let reply = '';
        for (let i = 0; i < sentinels; i++, seen++) if (!deaf.includes(seen) && seen < mute) reply += '\x1b[?62c';
        if (reply) queueMicrotask(() => listener(new TextEncoder().encode(reply)));
      },
      onData: (l) => (listener = l),
      describe: async () => ({}),
      close: async () => {},
    };
  }
  const five = PROBES.slice(6, 11);

  it('not when it missed one sentinel and answered the probes after it', async () => {
    const r = await runProbes(answering([1]), five, { size, window: 1, idleTimeoutMs: 100 });
    expect(r.results.map((x) => x.status)).toEqual(['ok', 'no-reply', 'ok', 'ok', 'ok']);
    expect(r.stalled).toBeUndefined();
  });

  it('at the first of the timeouts the run ended on, whether or not the engine gave up', async () => {
    const gaveUp = await runProbes(answering([], 2), five, { size, window: 1, idleTimeoutMs: 100, maxTimeouts: 2 });
    expect(gaveUp.gaveUp).toMatch(/stopped answering/);
    expect(gaveUp.stalled).toEqual({ at: 2, to: 3, reason: expect.stringMatching(/no reply .* for 100 ms/) });
    const last = await runProbes(answering([4]), five, { size, window: 1, idleTimeoutMs: 100 });
    expect(last.gaveUp).toBeUndefined();
    expect(last.stalled).toMatchObject({ at: 4 });
  });
});

describe('runProbes when the terminal goes away', () => {
  it('stops at once when the target reports an exit, instead of timing out probe by probe', async () => {
    let listener: (d: Uint8Array) => void = () => {};
    let exit: (reason: string) => void = () => {};
    let writes = 0;
    const session: TargetSession = {
      write(d) {
        // answer the first batch's probes, then die
        if (writes++ > 0) return;
        const sentinels = Buffer.from(d).toString('latin1').split('\x1b[c').length - 1;
        queueMicrotask(() => {
          listener(new TextEncoder().encode('\x1b[1;1R\x1b[?62c'.repeat(Math.min(sentinels, 2))));
          exit('zutty exited (signal SIGABRT)');
        });
      },
      onData: (l) => (listener = l),
      onExit: (l) => (exit = l),
      describe: async () => ({}),
      close: async () => {},
    };
    const { results, gaveUp } = await runProbes(session, PROBES, { size, idleTimeoutMs: 60_000 });
    expect(gaveUp).toMatch(/went away during the run: zutty exited/);
    expect(results.slice(0, 2).map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(results.slice(2).every((r) => r.status !== 'ok')).toBe(true);
  });
});

describe('runProbes and an abort', () => {
  it('ends at once when the abort lands while a screen is being read (no waiter then), however long the idle timeout', async () => {
    const inner = await xtermJsTarget.open({ cols: 80, rows: 24, options: {} });
    const controller = new AbortController();
    // The abort comes during the screen read; afterwards the terminal answers nothing (as a closed session).
    let answering = true;
    const session: TargetSession = {
      ...inner,
      write: (d) => answering && inner.write(d),
      onData: (l) => inner.onData(l),
      readScreen: async (region) => {
        controller.abort(new Error('cancelled'));
        answering = false;
        return inner.readScreen!(region);
      },
      describe: () => inner.describe(),
      close: () => inner.close(),
    };
    try {
      // A day of idle timeout: only the abort can end this run (vitest's own timeout fails a hang).
      const run = runProbes(session, PROBES, { size, signal: controller.signal, idleTimeoutMs: 86_400_000 });
      await expect(run).rejects.toThrow('cancelled');
    } finally {
      await inner.close();
    }
  });
});

describe('runProbes window', () => {
  /** A terminal that answers each probe (CPR, DA1) on a later turn, tracking bytes written but not yet answered. */
  function answering() {
    let listener: (d: Uint8Array) => void = () => {};
    /** Probes per write. */
    const writes: number[] = [];
    let outstanding = 0;
    let maxOutstanding = 0;
    const session: TargetSession = {
      write(d) {
        outstanding += d.length;
        maxOutstanding = Math.max(maxOutstanding, outstanding);
        // Each probe of these tests ends with its one DA1 (the sentinel): answer probe by probe.
        const probes = Buffer.from(d).toString('latin1').split(/(?<=\x1b\[c)/);
        writes.push(probes.length);
        setImmediate(() => {
          for (const p of probes) {
            outstanding -= p.length;
            listener(new TextEncoder().encode('\x1b[1;1R\x1b[?62c'));
          }
        });
      },
      onData: (l) => (listener = l),
      describe: async () => ({}),
      close: async () => {},
    };
    return { session, writes, max: () => maxOutstanding };
  }

  const big = Array.from({ length: 30 }, (_, i) => probe(`big-${i}`, '\\{x*1000}'));

  it('refuses a window that would never let a probe out (0, -1, NaN, 2.5) instead of spinning', async () => {
    for (const window of [0, -1, Number.NaN, 2.5]) {
      await expect(runProbes(answering().session, big.slice(0, 2), { size, window })).rejects.toThrow(/window must be a whole number of at least 1/);
    }
  });

  it('never has more bytes in flight than the budget, however wide the window', async () => {
    const t = answering();
    const { results } = await runProbes(t.session, big, { size, window: 64, maxBytesInFlight: 4096 });
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    // A probe here is over 1000 bytes, so at most three fit in 4096.
    expect(t.max()).toBeLessThanOrEqual(4096);
    expect(t.max()).toBeGreaterThan(2 * 1000);
  });

  it('frees a timed-out probe\'s bytes, so the next probe still goes out', async () => {
    const written: number[] = [];
    const session: TargetSession = {
      write: (d) => void written.push(Buffer.from(d).toString('latin1').split('\x1b[c').length - 1),
      onData() {},
      describe: async () => ({}),
      close: async () => {},
    };
    // Room for two of these probes; the terminal never answers; the third timeout gives up.
    const room = 2 * planBytes(big[0]!) + 10;
    const { results } = await runProbes(session, big.slice(0, 10), { size, maxBytesInFlight: room, idleTimeoutMs: 30, maxTimeouts: 3 });
    // Two at first, then one more after each of the first two timeouts.
    expect(written).toEqual([2, 1, 1]);
    expect(results.every((r) => r.status === 'no-reply')).toBe(true);
  });

  it('sends a probe larger than the budget on its own rather than stalling', async () => {
    const t = answering();
    const { results } = await runProbes(t.session, big.slice(0, 3), { size, maxBytesInFlight: 100 });
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(t.writes).toHaveLength(3);
  });

  it('writes the window a quarter at a time, so the terminal starts before the engine has planned it all', async () => {
    const small = Array.from({ length: 16 }, (_, i) => probe(`s-${i}`, `\\e[${i + 1}G`));
    const t = answering();
    await runProbes(t.session, small, { size, window: 16 });
    expect(t.writes).toEqual([4, 4, 4, 4]);
    const t1 = answering();
    await runProbes(t1.session, small.slice(0, 3), { size, window: 1 });
    expect(t1.writes).toEqual([1, 1, 1]);
  });
});

describe('runProbes and pictures', () => {
  const region = { top: 1, left: 1, bottom: 1, right: 6 };
  const pictured = [
    probe('before', '\\e[5;5Hzz'),
    probe('pic', 'abc', ['cursor'], { screen: region, cleanup: '\\e[2J' }),
    probe('after', 'def'),
    probe('pic-2', 'xyz', ['cursor'], { screen: region, cleanup: '\\e[2J' }),
  ];

  /**
   * xterm.js with a picture taker that records what the screen holds at that moment (so a picture taken after
   * the cleanup, or after the next probe, shows) and the order of calls; `readable` false: no screen read-back.
   */
  async function picturing(readable: boolean, fail?: (id: number) => Error | undefined) {
    const inner = await xtermJsTarget.open({ cols: 80, rows: 24, options: {} });
    const calls: string[] = [];
    let taken = 0;
    const session: TargetSession = {
      write: (d) => inner.write(d),
      onData: (l) => inner.onData(l),
      ...(readable ? { readScreen: async (r) => (calls.push('read'), inner.readScreen!(r)) } : {}),
      capturePicture: async (r) => {
        const failure = fail?.(++taken);
        if (failure) throw failure;
        const text = (await inner.readScreen!(r)).text[0]!;
        calls.push(`picture ${text}`);
        return { png: new TextEncoder().encode(text), width: 1, height: 1 };
      },
      describe: () => inner.describe(),
      close: () => inner.close(),
    };
    return { session, calls, close: () => inner.close() };
  }

  it('takes each screen probe\'s picture before its screen is read and before its cleanup, and hands it on', async () => {
    const t = await picturing(true);
    try {
      const pictures = new Map<string, string>();
      const run = await runProbes(t.session, pictured, { size, onPicture: (id, p) => void pictures.set(id, new TextDecoder().decode(p.png)) });
      expect(t.calls).toEqual(['picture abc', 'read', 'picture xyz', 'read']);
      expect(pictures).toEqual(new Map([['t.pic', 'abc'], ['t.pic-2', 'xyz']]));
      expect(run.results.map((r) => r.screen?.text)).toEqual([undefined, ['abc'], undefined, ['xyz']]);
    } finally {
      await t.close();
    }
  });

  it('holds a screen probe\'s cleanup for its picture where the screen cannot be read back', async () => {
    const t = await picturing(false);
    try {
      const pictures: string[] = [];
      const run = await runProbes(t.session, pictured, { size, window: 8, onPicture: (_id, p) => void pictures.push(new TextDecoder().decode(p.png)) });
      expect(pictures).toEqual(['abc', 'xyz']);
      expect(run.results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    } finally {
      await t.close();
    }
  });

  it('takes none without a taker, and a picture that fails costs only that picture', async () => {
    const t = await picturing(true, (n) => (n === 1 ? Object.assign(new Error('the X connection closed'), { name: 'PictureError' }) : undefined));
    try {
      await runProbes(t.session, pictured, { size });
      expect(t.calls).toEqual(['read', 'read']);
      const ids: string[] = [];
      const run = await runProbes(t.session, pictured, { size, onPicture: (id) => void ids.push(id) });
      expect(ids).toEqual(['t.pic-2']);
      expect(run.results[1]).toMatchObject({ status: 'ok', screen: { text: ['abc'] }, evidence: { picture: 'not taken: the X connection closed' } });
    } finally {
      await t.close();
    }
  });

  it('lets any other error of a picture end the run', async () => {
    const t = await picturing(true, () => new Error('a bug'));
    try {
      await expect(runProbes(t.session, pictured, { size, onPicture: () => {} })).rejects.toThrow('a bug');
    } finally {
      await t.close();
    }
  });
});
