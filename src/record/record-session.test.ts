import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openCast, readCastOutput } from '../cast/read-cast.js';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { recordSession } from './record-session.js';

const tempDir = useTempDirs();

test('a program run in node-pty at the given size is written as a cast that reads back, with its size and TERM', async () => {
  const dir = tempDir('termprobe-record-');
  const out = join(dir, 'size.cast');
  const summary = await recordSession({ argv: ['sh', '-c', 'stty size; printf "\\033[1mbold\\033[m"'], out, cols: 33, rows: 7, term: 'xterm-256color', keys: [], quietMs: 50, endAfterMs: 1000 });
  expect(summary.exit).toBe('exit 0');
  const { header } = await openCast(out);
  expect(header).toMatchObject({ width: 33, height: 7, env: { TERM: 'xterm-256color' }, command: expect.stringContaining('stty size') });
  const text = Buffer.from((await readCastOutput(out, 1 << 20)).bytes).toString('utf8');
  expect(text).toBe('7 33\r\n\x1b[1mbold\x1b[m');
});

// node-pty reports the exit before the terminal's last output is read now and then, and drops that output 200 ms
// later (CI lost "got abc" this way once): the wrapper's end mark, after the program's last byte, ends the recording.
test('keys are typed once the output is quiet and recorded as input events', async () => {
  const dir = tempDir('termprobe-record-');
  const out = join(dir, 'keys.cast');
  // The recording ends when sh exits after its answer; endAfterMs only guards against a hang (5 s cut sh off before
  // it answered, with the machine loaded ~10 times over).
  await recordSession({ argv: ['sh', '-c', 'printf "name? "; read x; printf "got %s\\n" "$x"'], out, cols: 40, rows: 5, term: 'xterm', keys: ['abc\r'], quietMs: 100, endAfterMs: 50_000 });
  const { events } = await openCast(out);
  const seen: string[] = [];
  for await (const ev of events) seen.push(`${ev.code}:${ev.data}`);
  expect(seen.filter((s) => s.startsWith('i:'))).toEqual(['i:abc\r']);
  expect(seen.filter((s) => s.startsWith('o:')).join('').replace(/o:/g, '')).toContain('got abc');
});

test('every byte a program writes up to its exit is recorded, and how it ended: its code, the signal that ended it', async () => {
  const dir = tempDir('termprobe-record-');
  // 300,000 bytes through a terminal that holds a few thousand: the program exits with its last ones still unread.
  const lots = join(dir, 'lots.cast');
  const summary = await recordSession({ argv: ['sh', '-c', 'i=0; while [ $i -lt 3000 ]; do printf "%099d\\n" $i; i=$((i+1)); done; exit 7'], out: lots, cols: 120, rows: 5, term: 'xterm', keys: [], quietMs: 50, endAfterMs: 1000 });
  expect(summary.exit).toBe('exit 7');
  const text = Buffer.from((await readCastOutput(lots, 1 << 22)).bytes).toString('utf8');
  expect(text).toBe(Array.from({ length: 3000 }, (_, i) => `${String(i).padStart(99, '0')}\r\n`).join(''));
  const killed = await recordSession({ argv: ['sh', '-c', 'printf bye; kill -TERM $$'], out: join(dir, 'killed.cast'), cols: 20, rows: 5, term: 'xterm', keys: [], quietMs: 50, endAfterMs: 1000 });
  expect(killed.exit).toBe('signal 15');
  expect(Buffer.from((await readCastOutput(join(dir, 'killed.cast'), 1 << 20)).bytes).toString('utf8')).toBe('bye');
});

test('a program that cannot start is an error naming it, and leaves no file', async () => {
  const dir = tempDir('termprobe-record-');
  await expect(recordSession({ argv: ['termprobe-no-such-program'], out: join(dir, 'x.cast'), cols: 20, rows: 5, term: 'xterm', keys: [], quietMs: 50, endAfterMs: 1000 })).rejects.toThrow(/^cannot start termprobe-no-such-program: .*ENOENT/);
  expect(readdirSync(dir)).toEqual([]);
});

test('an interrupted recording leaves no file, and no temporary one', async () => {
  const dir = tempDir('termprobe-record-');
  const controller = new AbortController();
  const run = recordSession({ argv: ['sh', '-c', 'printf started; exec sleep 60'], out: join(dir, 'x.cast'), cols: 10, rows: 5, term: 'xterm', keys: [], quietMs: 50, endAfterMs: 1000, signal: controller.signal });
  // Abort once the temporary file holds the first output event.
  await expect.poll(() => readdirSync(dir).some((f) => f.endsWith('.tmp') && readFileSync(join(dir, f), 'utf8').includes('started'))).toBe(true);
  controller.abort(new Error('stop'));
  await expect(run).rejects.toThrow('stop');
  expect(readdirSync(dir)).toEqual([]);
});

test('--cut: the output after the last key is recorded, what the program writes on its way out is not', async () => {
  const dir = tempDir('termprobe-record-');
  const out = join(dir, 'cut.cast');
  const script = 'trap "printf LEAVING; exit 0" HUP; printf "ready "; read x; printf "screen %s" "$x"; while :; do sleep 0.1; done';
  const summary = await recordSession({ argv: ['sh', '-c', script], out, cols: 40, rows: 5, term: 'xterm', keys: ['k\r'], quietMs: 100, endAfterMs: 5000, cutAfterKeys: true });
  expect(summary.exit).toMatch(/^ended by termprobe after the last key \(.*its last output not recorded\)$/);
  const text = Buffer.from((await readCastOutput(out, 1 << 20)).bytes).toString('utf8');
  expect(text).toContain('screen k');
  expect(text).not.toContain('LEAVING');
});
