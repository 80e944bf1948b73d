/**
 * The conpty target's plumbing, run here on Linux: the relay in a real Unix pty
 * (node-pty, the target's own spawn), the side channel, the start-up check, the
 * screen read-back and every way a session ends. The test plays the console
 * (console.test-support.ts). What the Windows console host itself answers is only
 * seen on a Windows runner (.github/workflows/ci.yml).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { expandTargets } from '../../cli/expand-targets.js';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { probeWire } from '../../corpus/probe-wires.js';
import { probeSession } from '../../engine/run-target.js';
import { answerSignature } from '../../results/answer-key.js';
import { resultsFileSchema, type ResultsFile } from '../../results/results-schema.js';
import { runCli } from '../../test-support/cli.js';
import { isAlive } from '../common/fifo-relay.js';
import { xtermJsTarget } from '../embedded/xterm-js.js';
import type { TargetSession } from '../target.js';
import { PlayedConsole, type PlayOptions } from './console.test-support.js';
import { conptyTarget, openConsoleHost } from './conpty.js';
import { RELAY_PATH } from './pseudo-console.js';

const encoder = new TextEncoder();

test('is not available off Windows, and says why; `termprobe targets` lists it so and `run --target all` sets it aside', async () => {
  const why = `ConPTY is Windows' pseudo-console; this is ${process.platform}`;
  expect(await conptyTarget.available()).toEqual({ ok: false, reason: why });
  const r = runCli(['targets', '--json']);
  expect(r.code).toBe(0);
  const rows = JSON.parse(r.stdout) as { name: string; kind: string; available: boolean; reason?: string }[];
  expect(rows.find((t) => t.name === 'conpty')).toMatchObject({ kind: 'console-host', available: false, reason: why });
  expect((await expandTargets(['all'])).unavailable.get('conpty')).toBe(why);
});

/** Whether something still listens on the relay's port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

describe('the console relay on a Unix pty, the test playing the console', () => {
  // A TMPDIR of this file's own, inherited by the relay: nothing may be left in it.
  const savedTmp = process.env['TMPDIR'];
  let tmp = '';
  beforeAll(() => {
    if (!existsSync(RELAY_PATH)) throw new Error('dist/ has no console relay: run `npm run build` first (npm test does)');
    tmp = mkdtempSync(join(tmpdir(), 'termprobe-conpty-test-'));
    process.env['TMPDIR'] = tmp;
  });
  afterAll(() => {
    if (savedTmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = savedTmp;
    rmSync(tmp, { recursive: true, force: true });
  });

  const consoles: PlayedConsole[] = [];
  const sessions: TargetSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
    for (const c of consoles.splice(0)) c.dispose();
  });

  /** Nothing of the session is left: the relay's process, its port, temporary files. */
  async function expectNothingLeft(played: PlayedConsole): Promise<void> {
    if (played.pty) expect(isAlive(played.pty.pid), 'the relay process').toBe(false);
    if (played.port) expect(await listening(played.port), 'the relay port').toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  }

  async function open(opts: PlayOptions = {}, signal?: AbortSignal, size = { cols: 80, rows: 24 }) {
    const played = new PlayedConsole({ answers: 'xterm', ...opts });
    consoles.push(played);
    const session = await openConsoleHost({ ...size, options: {}, signal }, { spawn: played.spawn });
    sessions.push(session);
    const replies: Buffer[] = [];
    const waiters: (() => void)[] = [];
    session.onData((chunk) => {
      replies.push(Buffer.from(chunk));
      for (const w of waiters.splice(0)) w();
    });
    const received = () => Buffer.concat(replies);
    const waitForReplies = async (test: (all: Buffer) => boolean) => {
      while (!test(received())) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    return { played, session, received, waitForReplies };
  }

  test('starts: the relay reports the console size, and the console answers the far-corner cursor report', async () => {
    const { session } = await open({}, undefined, { cols: 100, rows: 30 });
    const d = await session.describe();
    expect(d.settings?.cols).toBe(100);
    expect(d.settings?.options?.['size-check']).toBe('CPR after CUP 999;999 answered 30;100');
    expect(d.engine?.name).toBe('conhost');
    expect(d.name).toBe('conhost');
  });

  test("the console's replies reach the engine exactly, whatever chunks they come in", async () => {
    const { played, session, received, waitForReplies } = await open({ bytewise: true });
    // Every byte value, typed one byte per write, as replies the console sends.
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    played.type(all);
    await waitForReplies((r) => r.length >= all.length);
    expect(received()).toEqual(Buffer.from(all));
    // And a console's real answers to what the engine sends, after those bytes.
    session.write(encoder.encode('\x1b[3;7H\x1b[6n\x1b[c'));
    await waitForReplies((r) => r.subarray(all.length).toString().endsWith('c'));
    expect(received().subarray(all.length).toString('latin1')).toBe('\x1b[3;7R\x1b[?1;2c');
  });

  test("the engine's bytes reach the console exactly (a Unix pty's output adds CR before LF; Windows has no such layer)", async () => {
    const { played, session } = await open();
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let i = 0; i < all.length; i += 7) session.write(all.subarray(i, i + 7));
    // The console sees the start-up check, then exactly what the engine wrote: the relay adds nothing of its own.
    const expected = Buffer.concat([Buffer.from('\x1b[999;999H\x1b[6n\x1b[H'), Buffer.from([...all].flatMap((b) => (b === 0x0a ? [0x0d, 0x0a] : [b])))]);
    await played.waitForOutput((out) => out.length >= expected.length);
    expect(played.written()).toEqual(expected);
  });

  test('a screen read waits for the rendered output to catch up, then shows the cells', async () => {
    const { played, session, waitForReplies } = await open({ holdRendering: true });
    session.write(encoder.encode('\x1b[H\x1b[2Jhello \x1b[1;31mred\x1b[0m 中\x1b[6n'));
    await waitForReplies((r) => r.toString().includes('R'));
    let done = false;
    const reading = session.readScreen!({ top: 1, left: 1, bottom: 1, right: 12 }).finally(() => (done = true));
    // The console has everything, marker included; its rendered output has not come out yet.
    await played.waitForOutput((out) => out.toString('latin1').includes('\x1b]2;termprobe-screen-'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    played.release();
    const screen = await reading;
    expect(screen.via).toBe('conpty-output');
    expect(screen.text).toEqual(['hello red 中']);
    expect(screen.cells![0]![6]).toEqual({ t: 'r', w: 1, s: { bold: true, fg: 'red' } });
    expect(screen.cells![0]!.slice(10)).toEqual([{ t: '中', w: 2 }, { t: '', w: 0 }]);
    // A second read, rendering no longer held.
    session.write(encoder.encode('\x1b[2;1Hx'));
    expect((await session.readScreen!({ top: 2, left: 1, bottom: 2, right: 2 })).text).toEqual(['x']);
  });

  test('the engine runs the corpus through it: where the pty adds nothing, every answer (screens too) is that of the emulator playing the console', async () => {
    const corpus = await loadCorpus();
    const size = { cols: 80, rows: 24 };
    // A Unix pty's output turns LF into CR LF (ONLCR, which libuv's raw mode keeps): those probes would differ for that reason alone.
    const probes = corpus.probes.filter((p) => !p.size && !probeWire(p, 'send', size).includes('\n') && !(p.cleanup && probeWire(p, 'cleanup', size).includes('\n')));
    expect(probes.length).toBeGreaterThan(500);
    const { session } = await open();
    const viaConsole = (await probeSession('conpty', session, corpus, probes, size)).results;
    expect(resultsFileSchema.safeParse(viaConsole).error).toBeUndefined();
    expect(viaConsole.target).toMatchObject({ id: 'conpty', identity: { name: 'conhost', chain: { da1: '\\e[?1;2c' } }, engine: { name: 'conhost' } });
    const embedded = await xtermJsTarget.open({ ...size, options: {} });
    const direct = (await probeSession('xterm.js', embedded, corpus, probes, size).finally(() => embedded.close())).results;
    const signatures = (run: ResultsFile) => run.probes.map((r) => `${r.id} ${answerSignature(r)}`);
    expect(signatures(viaConsole)).toEqual(signatures(direct));
    const screens = viaConsole.probes.filter((r) => r.screen);
    expect(screens.length).toBeGreaterThan(50);
    expect(screens.every((r) => r.screen!.via === 'conpty-output')).toBe(true);
    expect(screens.map((r) => r.screen!.cells)).toEqual(direct.probes.filter((r) => r.screen).map((r) => r.screen!.cells));
  });

  test('a console that never answers fails the start with what it did: it passed the request through', async () => {
    const played = new PlayedConsole({ answers: 'none' });
    consoles.push(played);
    await expect(openConsoleHost({ cols: 80, rows: 24, options: {} }, { spawn: played.spawn, checkTimeoutMs: 500 })).rejects.toThrow(
      /conpty: the console passed the cursor report request \(CSI 6n\) through to the terminal hosting it instead of answering it/,
    );
    await expectNothingLeft(played);
  });

  test('a relay that cannot start says why, with what its console showed', async () => {
    const played = new PlayedConsole({ withoutToken: true });
    consoles.push(played);
    await expect(openConsoleHost({ cols: 80, rows: 24, options: {} }, { spawn: played.spawn })).rejects.toThrow(
      /conpty: the relay exited \(code 2\) before it connected \(its console showed: console-relay: termprobe runs this itself/,
    );
    await expectNothingLeft(played);
  });

  test('close ends the relay and its console, stops listening and leaves no file; it is idempotent', async () => {
    const { played, session } = await open();
    expect(isAlive(played.pty!.pid)).toBe(true);
    await session.close();
    await expectNothingLeft(played);
    await session.close();
  });

  test('a relay that dies mid-run is reported at once', async () => {
    const { played, session } = await open();
    const reason = new Promise<string>((resolve) => session.onExit!(resolve));
    process.kill(played.pty!.pid, 'SIGKILL');
    expect(await reason).toMatch(/^the console (relay disconnected|relay exited \(signal 9\) during the run)$/);
  });

  test('an abort during start-up ends it at once, with nothing left', async () => {
    // At several moments: before the relay runs, while it starts, while the console answers.
    for (const when of ['at once', 'spawned', 'connected'] as const) {
      const played = new PlayedConsole({ answers: when === 'connected' ? 'none' : 'xterm' });
      consoles.push(played);
      const controller = new AbortController();
      const opening = openConsoleHost({ cols: 80, rows: 24, options: {}, signal: controller.signal }, { spawn: played.spawn });
      if (when === 'spawned') while (!played.pty) await new Promise((resolve) => setImmediate(resolve));
      if (when === 'connected') await played.waitForOutput((out) => out.toString('latin1').includes('\x1b[6n'));
      controller.abort(new Error('cancelled'));
      // The start-up limits here are 600 s (vitest.config.ts): only the abort can end it within the test's time.
      await expect(opening, when).rejects.toThrow('cancelled');
      await expectNothingLeft(played);
    }
  });
});
