/**
 * A terminal that dies or hangs mid-run is started again and the run completes: a
 * real xterm.js session, wrapped so that it "crashes" (goes away, like zutty's
 * abort) or "hangs" (stays, but never answers again, like Neovim 0.7.2 on an SGR
 * with 40 parameters) when it is sent a given byte sequence.
 */
import { describe, expect, it } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import { xtermJsTarget } from '../targets/embedded/xterm-js.js';
import type { TargetSession } from '../targets/target.js';
import { MAX_RESTARTS, runWithRestarts, type SessionHolder } from './run-with-restarts.js';

const size = { cols: 80, rows: 24 };
const probe = (id: string, send: string): Probe => ({ id: `t.${id}`, category: 't', file: 'test', title: id, description: 'test probe', spec: 'ECMA-48 test', send, query: ['cursor'], expect: { implements: {} } });

/**
 * A real xterm.js session that dies, as a terminal process does, when `fatal` is written to it (only the
 * first `maxDeaths` times the trigger is seen); with `hangs`, it does not go away but never answers again.
 */
async function mortal(fatal: string, state: { opened: number; deaths: number; maxDeaths: number; hangs?: boolean }): Promise<TargetSession> {
  const inner = await xtermJsTarget.open({ cols: 80, rows: 24, options: {} });
  state.opened++;
  let onExit: ((reason: string) => void) | undefined;
  let dead = false;
  return {
    write(d) {
      if (dead) return;
      const text = new TextDecoder('latin1').decode(d);
      const at = text.indexOf(fatal);
      if (at >= 0 && state.deaths < state.maxDeaths) {
        inner.write(d.subarray(0, at)); // everything before the fatal bytes is processed, then it dies
        dead = true;
        state.deaths++;
        if (!state.hangs) setTimeout(() => onExit?.('fake exited (SIGABRT) during the run (its output: out of bounds)'), 5);
        return;
      }
      inner.write(d);
    },
    onData: (l) => inner.onData((c) => !dead && l(c)),
    onExit: (l) => {
      onExit = l;
    },
    describe: () => inner.describe(),
    close: () => inner.close(),
  };
}

const PROBES = [probe('a', '\\e[2;2H'), probe('b', '\\e[3;3H'), probe('killer', '\\e[5;5H\\e[99;1z'), probe('c', '\\e[4;4H'), ...Array.from({ length: 20 }, (_, i) => probe(`m${i}`, `\\e[${i + 1};${i + 2}H`))];

async function run(maxDeaths: number, window?: number, hangs = false, fatal = '\x1b[99;1z') {
  const state = { opened: 0, deaths: 0, maxDeaths, hangs };
  const open = () => mortal(fatal, state);
  const holder: SessionHolder = { current: await open(), reopen: open };
  try {
    // A hang is noticed by the idle timeout: a short one keeps the test quick (nothing here depends on its length).
    return { ...(await runWithRestarts(holder, PROBES, { size, ...(window ? { window } : {}), ...(hangs ? { idleTimeoutMs: 150 } : {}) })), state };
  } finally {
    await holder.current.close();
  }
}

describe('a crash is not an answer', () => {
  it('a probe that kills the terminal twice is recorded as crashed; every later probe is answered by a fresh instance', async () => {
    const r = await run(Infinity);
    const byId = new Map(r.results.map((p) => [p.id, p]));
    expect(r.results.map((p) => p.id)).toEqual(PROBES.map((p) => p.id));
    expect(byId.get('t.killer')).toMatchObject({ status: 'crashed', evidence: { exit: expect.stringContaining('SIGABRT') } });
    expect(byId.get('t.killer')!.note).toMatch(/died on this probe twice/);
    for (const p of r.results.filter((x) => x.id !== 't.killer')) expect(p.status, p.id).toBe('ok');
    expect(byId.get('t.c')!.cursor).toMatchObject({ row: 4, col: 4 });
    expect(byId.get('t.m19')!.cursor).toMatchObject({ row: 20, col: 21 });
    // Pipelined, the replies to probes written with the fatal one are lost with the terminal: those
    // probes are retried alone too (and keep their answers); only the killer dies twice.
    expect(r.restarts.filter((x) => x.outcome === 'crashes')).toEqual([{ probe: 't.killer', exit: expect.stringContaining('SIGABRT'), outcome: 'crashes' }]);
    expect(r.gaveUp).toBeUndefined();
  });

  it('one probe at a time, the suspect is exactly the probe the terminal died on', async () => {
    const r = await run(Infinity, 1);
    expect(r.restarts).toEqual([
      { probe: 't.killer', exit: expect.stringContaining('SIGABRT'), outcome: 'retried' },
      { probe: 't.killer', exit: expect.stringContaining('SIGABRT'), outcome: 'crashes' },
    ]);
    expect(r.state.opened).toBe(3);
    expect(r.results.filter((p) => p.status !== 'ok').map((p) => p.id)).toEqual(['t.killer']);
  });

  it('a probe that kills it once but answers alone keeps its answer, with the crash as evidence', async () => {
    const r = await run(1, 1);
    const killer = r.results.find((p) => p.id === 't.killer')!;
    expect(killer).toMatchObject({ status: 'ok', cursor: { row: 5, col: 5 } });
    expect(killer.evidence?.['crashedOnce']).toMatch(/died once/);
    expect(r.results.every((p) => p.status === 'ok')).toBe(true);
    expect(r.restarts.map((x) => x.outcome)).toEqual(['retried']);
  });

  it('a target that cannot be started again stops at the crash, the rest not sent', async () => {
    const state = { opened: 0, deaths: 0, maxDeaths: Infinity };
    const holder: SessionHolder = { current: await mortal('\x1b[99;1z', state) };
    try {
      const r = await runWithRestarts(holder, PROBES, { size });
      expect(r.gaveUp).toMatch(/went away/);
      expect(r.results.find((p) => p.id === 't.c')).toMatchObject({ status: 'no-reply' });
      expect(r.results).toHaveLength(PROBES.length);
    } finally {
      await holder.current.close();
    }
  });
});

describe('a hang is not an answer either', () => {
  it('a probe after which the terminal never answers again is retried alone, then recorded as hung; every other probe is answered', async () => {
    // Pipelined: the probes in flight when it hung run alone, so only the one it hangs on is blamed.
    const r = await run(Infinity, undefined, true);
    const byId = new Map(r.results.map((p) => [p.id, p]));
    expect(r.results.map((p) => p.id)).toEqual(PROBES.map((p) => p.id));
    expect(byId.get('t.killer')).toMatchObject({ status: 'hung', evidence: { stall: expect.stringMatching(/no reply/) } });
    expect(byId.get('t.killer')!.note).toMatch(/stopped answering on this probe twice/);
    for (const p of r.results.filter((x) => x.id !== 't.killer')) expect(p.status, p.id).toBe('ok');
    expect(byId.get('t.c')!.cursor).toMatchObject({ row: 4, col: 4 });
    expect(byId.get('t.m19')!.cursor).toMatchObject({ row: 20, col: 21 });
    expect(r.restarts.filter((x) => x.outcome !== 'retried')).toEqual([{ probe: 't.killer', exit: expect.stringMatching(/no reply/), outcome: 'hangs' }]);
    expect(r.gaveUp).toBeUndefined();
  });

  it('one probe at a time, the suspect is exactly the probe the terminal hung on', async () => {
    const r = await run(Infinity, 1, true);
    expect(r.restarts.map((x) => [x.probe, x.outcome])).toEqual([
      ['t.killer', 'retried'],
      ['t.killer', 'hangs'],
    ]);
    expect(r.state.opened).toBe(3);
    expect(r.results.filter((p) => p.status !== 'ok').map((p) => p.id)).toEqual(['t.killer']);
  });

  it('a probe that hangs it once but answers alone keeps its answer, with the hang as evidence', async () => {
    const r = await run(1, 1, true);
    const killer = r.results.find((p) => p.id === 't.killer')!;
    expect(killer).toMatchObject({ status: 'ok', cursor: { row: 5, col: 5 } });
    expect(killer.evidence?.['stalledOnce']).toMatch(/stopped answering once/);
    expect(r.results.every((p) => p.status === 'ok')).toBe(true);
  });

  it('a terminal that hangs on every probe ends after MAX_RESTARTS fresh instances, every probe accounted for', async () => {
    // Every probe's prelude leaves the alternate screen: that is the "fatal" sequence here.
    const r = await run(Infinity, undefined, true, '\x1b[?1049l');
    expect(r.restarts).toHaveLength(MAX_RESTARTS);
    expect(r.state.opened).toBe(MAX_RESTARTS + 1);
    expect(r.results.map((p) => p.id)).toEqual(PROBES.map((p) => p.id));
    // Two fresh instances per probe blamed: the first after the pipelined run (or its first run alone) stalls, the second after it stalls alone again.
    expect(r.results.filter((p) => p.status === 'hung')).toHaveLength(MAX_RESTARTS / 2);
    expect(r.results.every((p) => p.status !== 'ok')).toBe(true);
    expect(r.gaveUp).toMatch(new RegExp(`after ${MAX_RESTARTS} restarts, no more`));
  });
});
