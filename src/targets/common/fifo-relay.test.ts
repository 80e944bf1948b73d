import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { haveProgram } from '../../test-support/require-program.js';
import { FifoRelay, isAlive as alive, RelayStartError } from './fifo-relay.js';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Collect the relay's replies until `until` matches. */
function replies(relay: FifoRelay, until: RegExp, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const timer = setTimeout(() => reject(new Error(`no reply matching ${until} (got ${JSON.stringify(got)})`)), timeoutMs);
    relay.onData((chunk) => {
      got += text(chunk);
      if (until.test(got)) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });
}


/**
 * True when a process below `pid` is blocked in read(2) (/proc/PID/syscall starts with the call's number: 0 is read
 * on x86-64). Below, not just a child: script(1) runs $SHELL -c, and dash (CI has no SHELL; script then runs
 * /bin/sh) forks the relay's sh as a grandchild where bash would exec it.
 */
function waitsInRead(pid: number): boolean {
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const reading = (p: number): boolean => {
    try {
      return readFileSync(`/proc/${p}/syscall`, 'utf8').startsWith('0 ');
    } catch {
      return false;
    }
  };
  const below = children(pid);
  for (let i = 0; i < below.length; i++) below.push(...children(below[i]!));
  return below.some(reading);
}

const relays: FifoRelay[] = [];
async function newRelay(...args: Parameters<typeof FifoRelay.create>) {
  const relay = await FifoRelay.create(...args);
  relays.push(relay);
  return relay;
}
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

test('connected() rejects with a clear error when the terminal never runs the command', async () => {
  const relay = await newRelay();
  await expect(relay.connected({ timeoutMs: 200 })).rejects.toThrow(new RelayStartError('the terminal did not start its command within 0.2 s'));
  await relay.close();
  expect(existsSync(relay.dir)).toBe(false);
});

test('connected() rejects at once when the run is aborted', async () => {
  const relay = await newRelay();
  const controller = new AbortController();
  const pending = relay.connected({ timeoutMs: 30_000, signal: controller.signal });
  controller.abort(new Error('cancelled'));
  await expect(pending).rejects.toThrow('cancelled');
});

describe.skipIf(!haveProgram('script', 'bsdutils'))('inside script(1)', () => {
  test('bytes reach the tty raw, tty input comes back, close ends every process', async () => {
    const relay = await newRelay({ sizeWaitMs: 100 });
    const child = spawn('script', ['-qfec', relay.command, '/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let screen = '';
    child.stdout.on('data', (d: Buffer) => (screen += d.toString('latin1')));
    try {
      await relay.connected({ timeoutMs: 30_000 });
      // -opost: a lone LF stays LF; every byte value arrives unchanged.
      relay.write(Uint8Array.from([0x68, 0x69, 0x0a, 0x1b, 0x5b, 0x31, 0x6d, 0xff]));
      await relay.drained();
      const back = replies(relay, /R$/);
      child.stdin.write('\x1b[5;7R'); // what a terminal would answer, typed into the tty
      expect(await back).toBe('\x1b[5;7R');
      await expect.poll(() => screen).toContain('hi\n\x1b[1m\xff');
    } finally {
      await relay.close();
      child.kill();
    }
    expect(existsSync(relay.dir)).toBe(false);
  });
});

describe.skipIf(!haveProgram('script', 'bsdutils'))('run a second time (mlterm runs its command again for ctrl+F1 and ctrl+F2)', () => {
  test('the second copy reports nothing and takes no byte: the first tty gets them all, and its input comes back', async () => {
    const relay = await newRelay({ sizeWaitMs: 100 });
    const spawnCopy = () => {
      const child = spawn('script', ['-qfec', relay.command, '/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
      const seen = { screen: '' };
      child.stdout.on('data', (d: Buffer) => (seen.screen += d.toString('latin1')));
      return { child, seen };
    };
    const first = spawnCopy();
    const copies = [first];
    try {
      await relay.connected({ timeoutMs: 30_000 });
      const second = spawnCopy();
      copies.push(second);
      // The second copy has got as far as it goes once script's child waits in a read (its tty, or the FIFO).
      await expect.poll(() => waitsInRead(second.child.pid!), { timeout: 30_000 }).toBe(true);
      const lines = Array.from({ length: 50 }, (_, i) => `line ${i}\n`).join('');
      for (let i = 0; i < 50; i++) relay.write(new TextEncoder().encode(`line ${i}\n`));
      await relay.drained();
      await expect.poll(() => first.seen.screen).toContain(lines);
      second.child.stdin.write('typed into the second\r');
      const back = replies(relay, /first/);
      first.child.stdin.write('typed into the first');
      expect(await back).toBe('typed into the first');
      expect(second.seen.screen).not.toContain('line');
    } finally {
      await relay.close();
      for (const c of copies) c.child.kill();
    }
    expect(existsSync(relay.dir)).toBe(false);
  });
});

describe.skipIf(!haveProgram('tmux', 'tmux'))('inside tmux', () => {
  test('CPR round trip: 80 x then CSI 6n', async () => {
    const socket = `termprobe-relaytest-${process.pid}`;
    const sockets = mkdtempSync(join(tmpdir(), 'termprobe-relaytest-'));
    const tmux = (...args: string[]) => spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8', env: { ...process.env, TMUX: '', TMUX_TMPDIR: sockets } });
    const relay = await newRelay({ expectSize: { cols: 80, rows: 24 } });
    try {
      expect(tmux('new-session', '-d', '-x', '80', '-y', '24', relay.command).status).toBe(0);
      expect(await relay.connected({ timeoutMs: 30_000 })).toEqual({ cols: 80, rows: 24 });
      const back = replies(relay, /R/);
      relay.write(new TextEncoder().encode('\x1b[H\x1b[2J' + 'x'.repeat(80) + '\x1b[6n'));
      expect(await back).toBe('\x1b[1;81R');
      const pid = Number(tmux('display', '-p', '#{pane_pid}').stdout);
      expect(alive(pid)).toBe(true);
      await relay.close();
      // The relay's cat saw end-of-file and exited, so the pane's program is gone.
      await expect.poll(() => alive(pid)).toBe(false);
    } finally {
      tmux('kill-server');
      rmSync(sockets, { recursive: true, force: true });
    }
  });
});
