import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { haveProgram } from '../../test-support/require-program.js';
import { processesMatching } from '../../test-support/processes.js';
import { useSessions } from './multiplexer.test-support.js';
import { parseTmuxVersion, tmuxTarget } from './tmux.js';

test('parseTmuxVersion', () => {
  expect(parseTmuxVersion('tmux 3.3a')).toBe('3.3a');
  expect(parseTmuxVersion('tmux next-3.4')).toBe('next-3.4');
  expect(parseTmuxVersion(undefined)).toBe('unknown');
});

describe.skipIf(!haveProgram('tmux', 'tmux'))('tmux target', () => {
  const open = useSessions(tmuxTarget);
  const ours = () => processesMatching(`termprobe-${process.pid}-`);

  test('is available', async () => {
    expect(await tmuxTarget.available()).toEqual({ ok: true });
  });

  test('80 printable characters then CSI 6n: tmux reports column 81', async () => {
    const { cpr } = await open();
    expect(await cpr('\x1b[H\x1b[2J' + 'x'.repeat(80))).toBe('\x1b[1;81R');
    expect(await cpr('\x1b[5;10H')).toBe('\x1b[5;10R');
  });

  test('reads back cells: colours, attributes and a wide character', async () => {
    const { session, cpr } = await open();
    await cpr('\x1b[H\x1b[2J\x1b[1;31mred\x1b[0m \x1b[38;5;200mc\x1b[48;2;1;2;3mg\x1b[0m 中x\x1b[2;3H\x1b[4;7mu');
    const screen = await session.readScreen!({ top: 1, left: 1, bottom: 2, right: 10 });
    expect(screen.via).toBe('capture-pane');
    expect(screen.text).toEqual(['red cg 中x', '  u']);
    const bold = { bold: true, fg: 'red' };
    expect(screen.cells![0]).toEqual([
      { t: 'r', w: 1, s: bold }, { t: 'e', w: 1, s: bold }, { t: 'd', w: 1, s: bold },
      { t: ' ', w: 1 },
      { t: 'c', w: 1, s: { fg: 200 } }, { t: 'g', w: 1, s: { fg: 200, bg: '#010203' } },
      { t: ' ', w: 1 },
      { t: '中', w: 2 }, { t: '', w: 0 },
      { t: 'x', w: 1 },
    ]);
    expect(screen.cells![1]![2]).toEqual({ t: 'u', w: 1, s: { underline: true, reverse: true } });
    // A region that does not start at column 1.
    const part = await session.readScreen!({ top: 1, left: 5, bottom: 1, right: 6 });
    expect(part.text).toEqual(['cg']);
    expect(part.region).toEqual({ top: 1, left: 5, bottom: 1, right: 6 });
  });

  test("the cursor tmux holds is evidence beside the CPR", async () => {
    const { session, cpr } = await open();
    expect(await cpr('\x1b[7;12H')).toBe('\x1b[7;12R');
    expect(await session.readCursor!()).toEqual({ row: 7, col: 12 });
  });

  test('opens at the requested size and resizes', async () => {
    const { session, cpr } = await open(100, 30);
    expect(await cpr('\x1b[999;999H')).toBe('\x1b[30;100R');
    await session.resize!(60, 20);
    expect(await cpr('\x1b[999;999H')).toBe('\x1b[20;60R');
    expect((await session.describe()).settings).toMatchObject({ cols: 60, rows: 20 });
  });

  test('describes itself from tmux -V and dpkg', async () => {
    const { session } = await open();
    const d = await session.describe();
    const line = execFileSync('tmux', ['-V'], { encoding: 'utf8' }).trim();
    expect(d).toMatchObject({ name: 'tmux', version: parseTmuxVersion(line), identifiedBy: 'command', chain: { command: line } });
    expect(d.chain?.dpkg).toBe('tmux=' + execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'tmux'], { encoding: 'utf8' }));
    expect(d.settings?.term).toBe('tmux-256color');
  });

  test('close kills the private server and removes its files; the user\'s servers are untouched', async () => {
    const { session } = await open();
    const running = ours();
    expect(running.length).toBeGreaterThan(0);
    await session.close();
    expect(ours()).toEqual([]);
    await session.close(); // idempotent
  });

  test('abort ends the session', async () => {
    const controller = new AbortController();
    const { session } = await open(80, 24, controller.signal);
    const dirs = ours().map((p) => /termprobe-tmux-\w+/.exec(p.cmd)?.[0]).filter(Boolean);
    controller.abort(new Error('cancelled'));
    await session.close(); // waits for the close the abort started
    expect(ours()).toEqual([]);
    for (const d of dirs) expect(existsSync(`/tmp/${d}`)).toBe(false);
  });

  test('an abort during start-up leaves nothing behind', async () => {
    // Abort at several moments: start-up may or may not have finished by then,
    // depending on the machine; either way nothing may be left.
    for (const delayMs of [0, 5, 40]) {
      const controller = new AbortController();
      const opening = tmuxTarget.open({ cols: 80, rows: 24, options: {}, signal: controller.signal });
      setTimeout(() => controller.abort(new Error('cancelled')), delayMs);
      const outcome = await opening.then((session) => session, (error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      if (outcome instanceof Error) expect(outcome.message).toBe('cancelled');
      else await outcome.close();
      expect(ours(), `abort after ${delayMs} ms`).toEqual([]);
    }
  });
});
