/**
 * Speed runs against real terminals: tmux on a private server, and xterm on its
 * own Xvfb, stopped (SIGSTOP) in the middle of a payload to see a stall caught,
 * recorded with the bytes it consumed, and a fresh instance make the rest; no
 * process of either is left afterwards. Figures are never asserted as speeds
 * (the machine is shared): only that each was made, and what the file says of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SPEED_FIGURES, speedResultsSchema, type SpeedResults } from '../results/speed-results-schema.js';
import { guiLeftovers } from '../test-support/gui-leftovers.js';
import { processesMatching } from '../test-support/processes.js';
import { havePrograms } from '../test-support/require-program.js';
import type { TargetSession } from '../targets/target.js';
import { runSpeedTarget } from './run-speed.js';

const figure = (r: SpeedResults, id: string) => r.figures.find((f) => f.id === id)!;

afterEach(() => {
  expect(guiLeftovers()).toEqual([]);
  // This process's tmux servers (tmux.ts names them termprobe-PID-N): another test file's tmux, running at the same
  // time in another worker, is not this test's leftover (a fresh-clone run failed so on one).
  expect(processesMatching(`-L termprobe-${process.pid}-`)).toEqual([]);
});

describe.skipIf(!havePrograms([{ program: 'tmux', pkg: 'tmux' }]))('a speed run of tmux', () => {
  it('makes every figure a multiplexer has, each with its trials, and counts the tmux server only', async () => {
    const progress: number[] = [];
    const r = await runSpeedTarget('tmux', { trials: 2, onProgress: (done) => progress.push(done) });
    expect(speedResultsSchema.parse(r)).toEqual(r);
    expect(r.figures.map((f) => f.id)).toEqual(SPEED_FIGURES);
    for (const f of r.figures.filter((x) => x.id !== 'frame.first')) expect([f.id, f.status, f.trials.length]).toEqual([f.id, 'measured', 2]);
    expect(figure(r, 'frame.first')).toMatchObject({ status: 'unmeasured', note: 'tmux has no window to watch' });
    expect(figure(r, 'drain.redraw')).toMatchObject({ bytes: expect.any(Number), lines: expect.any(Number) });
    expect(figure(r, 'memory.start').processes).toEqual([{ name: 'tmux', kib: expect.any(Number) }]);
    expect(r.target.identity.name).toBe('tmux');
    expect(r.load.cpus).toBeGreaterThanOrEqual(1);
    // 2 trials of 4 replies and 5 drains, and the scrollback fill: no frames for tmux.
    expect(progress.at(-1)).toBe(19);
  }, 120_000);
});

describe.skipIf(!havePrograms([{ program: 'xterm', pkg: 'xterm' }, { program: 'Xvfb', pkg: 'xvfb' }]))('a speed run of xterm', () => {
  it('times its first frame, and stops a terminal that stalls mid-payload with the bytes it had consumed', async () => {
    let stopped: number[] = [];
    let sessions = 0;
    // The first session's xterm is stopped once it has answered the first progress report of the first drain.
    const onSession = (session: TargetSession) => {
      if (++sessions > 1) return;
      let armed = false;
      const write = session.write.bind(session);
      session.write = (data) => {
        if (data.length > 100_000 && stopped.length === 0) armed = true;
        write(data);
      };
      const onData = session.onData.bind(session);
      session.onData = (listener) =>
        onData((chunk) => {
          listener(chunk);
          if (armed && stopped.length === 0 && /\x1b\[\d+;\d+R/.test(Buffer.from(chunk).toString('latin1'))) {
            stopped = session.processes!().filter((p) => p.own).map((p) => p.pid);
            for (const pid of stopped) process.kill(pid, 'SIGSTOP');
          }
        });
    };
    const r = await runSpeedTarget('xterm', { trials: 2, stallMs: 1500, onSession });
    expect(stopped.length).toBeGreaterThan(0);
    const ascii = figure(r, 'drain.ascii');
    expect(ascii.status).toBe('stalled');
    expect(ascii.stall).toMatchObject({ trial: 1, of: ascii.bytes, reason: 'no CPR reply for 1.5 s' });
    expect(ascii.stall!.consumed).toBeGreaterThanOrEqual(16 * 1024);
    expect(ascii.stall!.consumed).toBeLessThan(ascii.bytes!);
    expect(ascii.trials).toEqual([]);
    expect(r.run.restarts).toEqual(['drain.ascii']);
    // The fresh instance made the drains after it, and the scrollback figure says where it was made.
    for (const id of ['drain.sgr-colour', 'drain.unicode', 'drain.region-scroll', 'drain.redraw', 'memory.scrollback']) expect(figure(r, id).status).toBe('measured');
    expect(figure(r, 'memory.scrollback').note).toBe('measured in the fresh instance started after drain.ascii stalled');
    expect(figure(r, 'frame.first')).toMatchObject({ status: 'measured', trials: [expect.any(Number), expect.any(Number)] });
    expect(figure(r, 'memory.start').processes!.map((p) => p.name)).toEqual(['xterm']);
    // The stopped xterm ended with its session.
    for (const pid of stopped) expect(() => readFileSync(`/proc/${pid}/stat`)).toThrow();
  }, 120_000);
});
