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

  test('reads back text by hardcopy where the probe asks no style and the hardcopy is exact, cursor by -Q info (1-based)', async () => {
    const { session, cpr } = await open();
    await cpr('\x1b[H\x1b[2J\x1b[1;31mred\x1b[0m \x1b[38;5;200mcg\x1b[0m\x1b[3;5Habc');
    const screen = await session.readScreen!({ top: 1, left: 1, bottom: 3, right: 10 }, { styles: false });
    expect(screen).toEqual({ via: 'hardcopy', region: { top: 1, left: 1, bottom: 3, right: 10 }, text: ['red cg', '', '    abc'] });
    expect((await session.readScreen!({ top: 3, left: 5, bottom: 3, right: 6 }, { styles: false })).text).toEqual(['ab']);
    expect(await session.readCursor!()).toEqual({ row: 3, col: 8 });
  });

  test("cells read whole from screen's drawing: the attributes and colours screen keeps, none of those it drops", async () => {
    const { session, cpr } = await open();
    const sgrs = ['1', '2', '3', '4', '5', '7', '8', '9', '31', '91', '38;5;200', '48;5;33', '38;2;10;20;30', '4:3', '53'];
    await cpr('\x1b[H\x1b[2J' + sgrs.map((p) => `\x1b[${p}mX\x1b[0m`).join(''));
    const screen = await session.readScreen!({ top: 1, left: 1, bottom: 1, right: sgrs.length });
    expect(screen.via).toBe('outer-screen');
    expect(screen.text).toEqual(['X'.repeat(sgrs.length)]);
    expect(screen.cells![0]!.map((c) => c.s ?? {})).toEqual([
      { bold: true },
      { dim: true },
      { italic: true }, // screen keeps SGR 3 as standout
      { underline: true },
      { blink: true },
      { reverse: true },
      {}, // SGR 8: not kept
      {}, // SGR 9: not kept
      { fg: 'red' },
      { fg: 'bright-red' },
      { fg: 200 },
      { bg: 33 },
      { dim: true, fg: 'black' }, // 38;2;10;20;30 read as 38, 2, 10, 20, 30
      { italic: true, underline: true }, // 4:3 read as 4;3
      {}, // SGR 53: not kept
    ]);
    expect(screen.cursor).toBeUndefined();
  });

  test("what hardcopy cannot show is read from screen's drawing, widths checked against the hardcopy", async () => {
    const { session, cpr } = await open();
    await cpr('\x1b[H\x1b[2Jab中x\x1b(0q\x1b(B');
    const screen = await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 8 }, { styles: false });
    expect(screen.text).toEqual(['ab中x─']);
    expect(screen.cells![0]!.map((c) => c.w)).toEqual([1, 1, 2, 0, 1, 1, 1, 1]);
  });

  test('the cursor as screen keeps it: hidden, or the DECSCUSR style it passes on; style 0 is left to the outer terminal (unread)', async () => {
    const { session, cpr } = await open();
    const cursor = async (bytes: string) => {
      await cpr(bytes);
      return (await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 1 }, { cursor: true })).cursor;
    };
    expect(await cursor('\x1b[4 q')).toEqual({ shape: 'underline', blink: false });
    expect(await cursor('\x1b[5 q')).toEqual({ shape: 'bar', blink: true });
    expect(await cursor('\x1b[?25l')).toEqual({ shape: 'hidden' });
    expect(await cursor('\x1b[?25h\x1b[0 q')).toBeUndefined();
  });

  test('a read leaves no display attached: DECCOLM then resizes the window as in a session nobody displays', async () => {
    // With a display attached, screen changes the window's width only as far as that display can follow (ansi.c WChangeSize).
    const { session, cpr } = await open();
    await cpr('\x1b[H\x1b[2Jwide');
    expect((await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 4 })).via).toBe('outer-screen');
    expect(await cpr('\x1b[?3h\x1b[1;1H\x1b[999C')).toBe('\x1b[1;132R');
    expect((await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 4 })).via).toBe('outer-screen');
    expect(await cpr('\x1b[1;1H\x1b[999C')).toBe('\x1b[1;132R');
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
