import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { haveProgram } from '../../test-support/require-program.js';
import { processesMatching } from '../../test-support/processes.js';
import { parseScreenInfo, parseScreenVersion, screenTarget } from './gnu-screen.js';
import { useSessions } from './multiplexer.test-support.js';

test('parseScreenVersion and parseScreenInfo', () => {
  expect(parseScreenVersion('Screen version 4.09.00 (GNU) 30-Jan-22')).toBe('4.09.00');
  expect(parseScreenInfo('(8,3)/(80,24)+1024 -(-)flow UTF-8 0(sh)')).toEqual({ col: 8, row: 3, cols: 80, rows: 24 });
  expect(() => parseScreenInfo('no session')).toThrow(/not \(x,y\)/);
});

describe.skipIf(!haveProgram('screen', 'screen'))('GNU screen target', () => {
  const open = useSessions(screenTarget);
  const ours = () => processesMatching(`termprobe-${process.pid}-`);

  test('is available', async () => {
    expect(await screenTarget.available()).toEqual({ ok: true });
  });

  test('80 printable characters then CSI 6n: screen reports column 81', async () => {
    const { cpr } = await open();
    expect(await cpr('\x1b[H\x1b[2J' + 'x'.repeat(80))).toBe('\x1b[1;81R');
    expect(await cpr('\x1b[5;10H')).toBe('\x1b[5;10R');
  });

  test('reads back text by hardcopy, cursor by -Q info (1-based)', async () => {
    const { session, cpr } = await open();
    await cpr('\x1b[H\x1b[2J\x1b[1;31mred\x1b[0m \x1b[38;5;200mcg\x1b[0m\x1b[3;5Habc');
    const screen = await session.readScreen!({ top: 1, left: 1, bottom: 3, right: 10 });
    expect(screen).toEqual({ via: 'hardcopy', region: { top: 1, left: 1, bottom: 3, right: 10 }, text: ['red cg', '', '    abc'] });
    expect((await session.readScreen!({ top: 3, left: 5, bottom: 3, right: 6 })).text).toEqual(['ab']);
    expect(await session.readCursor!()).toEqual({ row: 3, col: 8 });
  });

  test('what hardcopy cannot show comes back as U+FFFD, never as a wrong character', async () => {
    const { session, cpr } = await open();
    await cpr('\x1b[H\x1b[2Jab中x\x1b(0q\x1b(B');
    expect((await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 8 })).text).toEqual(['\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD']);
    await cpr('\x1b[!p\x1b[H\x1b[2Jplain');
    expect((await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 8 })).text).toEqual(['plain']);
  });

  test('opens at a size other than 80x24', async () => {
    const { session, cpr } = await open(100, 30);
    expect(await cpr('\x1b[999;999H')).toBe('\x1b[30;100R');
    expect((await session.describe()).settings).toMatchObject({ cols: 100, rows: 30, term: 'screen' });
  });

  test('describes itself from screen -v and dpkg', async () => {
    const { session } = await open();
    const d = await session.describe();
    const line = execFileSync('screen', ['-v'], { encoding: 'utf8' }).trim();
    expect(d).toMatchObject({ name: 'screen', version: parseScreenVersion(line), identifiedBy: 'command', chain: { command: line } });
    expect(d.chain?.dpkg).toBe('screen=' + execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'screen'], { encoding: 'utf8' }));
  });

  test('close quits the session: no screen process of ours is left', async () => {
    const { session } = await open();
    expect(ours().length).toBeGreaterThan(0);
    await session.close();
    expect(ours()).toEqual([]);
  });

  test('an abort during start-up leaves nothing behind', async () => {
    // Abort at several moments: start-up may or may not have finished by then,
    // depending on the machine; either way nothing may be left.
    for (const delayMs of [0, 5, 40]) {
      const controller = new AbortController();
      const opening = screenTarget.open({ cols: 80, rows: 24, options: {}, signal: controller.signal });
      setTimeout(() => controller.abort(new Error('cancelled')), delayMs);
      const outcome = await opening.then((session) => session, (error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      if (outcome instanceof Error) expect(outcome.message).toBe('cancelled');
      else await outcome.close();
      expect(ours(), `abort after ${delayMs} ms`).toEqual([]);
    }
  });
});
