/**
 * A terminal that hangs or dies on a code point: the reference stdio adapter
 * (xterm.js) behind a wrapper that, on seeing U+4DC0 in the bytes it is sent,
 * kills the emulator and exits, or stops passing anything on. The run starts a
 * fresh instance, measures the window that was in flight item by item, records
 * U+4DC0 as the cause, and measures every other item.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { advanceOf } from '../results/width-answers.js';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { runUnicodeTarget } from './run-unicode.js';

const tempDir = useTempDirs();
const full = loadWidthSuite();
const ADAPTER = resolve('dist/adapters/xterm-js-adapter.js');

function wrapper(mode: 'die' | 'hang'): string {
  const dir = tempDir('termprobe-faulty-');
  const file = join(dir, `${mode}.mjs`);
  writeFileSync(file, `import { spawn } from 'node:child_process';
const child = spawn(process.execPath, [${JSON.stringify(ADAPTER)}], { stdio: ['pipe', 'inherit', 'inherit'] });
const needle = Buffer.from('\\u4dc0');
let tail = Buffer.alloc(0);
let stopped = false;
process.stdin.on('data', (chunk) => {
  if (stopped) return;
  const seen = Buffer.concat([tail, chunk]);
  if (seen.includes(needle)) {
    ${mode === 'die' ? "child.kill('SIGKILL'); process.exit(3);" : 'stopped = true; return;'}
  }
  tail = seen.subarray(-2);
  child.stdin.write(chunk);
});
process.stdin.on('end', () => child.stdin.end());
child.on('exit', () => process.exit(0));
`);
  return `stdio:node ${file}`;
}

/** The adapter behind a wrapper that drops the sentinel of the third batch of width items (as GNU screen, pressed, drops replies). */
function dropsOneSentinel(): string {
  const file = join(tempDir('termprobe-lossy-'), 'lossy.mjs');
  writeFileSync(file, `import { spawn } from 'node:child_process';
const child = spawn(process.execPath, [${JSON.stringify(ADAPTER)}], { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
const DA1 = Buffer.from('\\x1b[?1;2c', 'latin1');
let pending = Buffer.alloc(0);
let seen = 0;
let before = '';
child.stdout.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 5 && pending.length >= 5 + pending.readUInt32BE(1)) {
    const type = pending[0];
    let payload = pending.subarray(5, 5 + pending.readUInt32BE(1));
    pending = pending.subarray(5 + payload.length);
    // A batch's sentinel follows its tag, a cursor report from the last row.
    const at = type === 0x44 ? payload.indexOf(DA1) : -1;
    const tagged = at >= 0 && /\\x1b\\[24;\\d+R$/.test(before + payload.subarray(0, at).toString('latin1'));
    if (type === 0x44) before = (before + payload.toString('latin1')).slice(-16);
    if (tagged && ++seen === 3) payload = Buffer.concat([payload.subarray(0, at), payload.subarray(at + DA1.length)]);
    const head = Buffer.alloc(5);
    head[0] = type;
    head.writeUInt32BE(payload.length, 1);
    process.stdout.write(Buffer.concat([head, payload]));
  }
});
child.on('exit', () => process.exit(0));
`);
  return `stdio:node ${file}`;
}

// U+4D00-4DFF: CJK Extension A's last ideographs and the Yijing hexagrams (U+4DC0 the first), and a few items after them.
const items = full.items.filter((i) => /^wide:4D[0-9A-F]{2}$/.test(i.id) || ['narrow:0041', 'zero-width:0301', 'emoji-zwj:1F468-200D-1F469-200D-1F467'].includes(i.id));
const suite = { ...full, items };
const at = (results: Parameters<typeof advanceOf>[0], id: string) => advanceOf(results, 'off', items.findIndex((i) => i.id === id), id);

describe('a terminal that hangs or dies on a code point', () => {
  for (const mode of ['die', 'hang'] as const) {
    it(`is restarted when it ${mode === 'die' ? 'dies' : 'hangs'}, the code point recorded as the cause, and the rest measured`, async () => {
      const { results, gaveUp } = await runUnicodeTarget(wrapper(mode), suite, { idleTimeoutMs: 400 });
      expect(gaveUp).toBeUndefined();
      expect(at(results, 'wide:4DC0')).toBeNull();
      expect(results.notes.off['wide:4DC0']).toMatch(mode === 'die' ? /^the terminal died on this item .*a fresh instance measured the rest$/ : /^no answer within 400 ms: the terminal hung on this item; a fresh instance measured the rest$/);
      // Every other item has its answer: xterm.js draws the hexagrams narrow (Unicode 11 tables), the ideographs wide.
      const others = items.filter((i) => i.id !== 'wide:4DC0' && i.category !== 'choke');
      expect(others.filter((i) => typeof at(results, i.id) !== 'number').map((i) => i.id)).toEqual([]);
      expect(at(results, 'wide:4DB5')).toBe(2);
      expect(at(results, 'wide:4DC1')).toBe(1);
      expect(at(results, 'narrow:0041')).toBe(1);
      // Once after the batch, once after the item alone.
      expect(results.run.restarts).toBe(2);
    });
  }
});

describe('a terminal that drops a reply', () => {
  it('keeps the answers in step: the batches whose sentinel was lost are measured again, every item gets its own answer', async () => {
    // Four screens of CJK ideographs and Latin letters; the third batch's sentinel is dropped.
    const some = full.items.filter((i) => /^wide:4E[0-9A-F]{2}$/.test(i.id) || /^wide:4F[0-9A-F]{2}$/.test(i.id) || /^wide:50[0-9A-F]{2}$/.test(i.id) || /^narrow:00[4-7][0-9A-F]$/.test(i.id));
    const { results, gaveUp } = await runUnicodeTarget(dropsOneSentinel(), { ...full, items: some }, { idleTimeoutMs: 1000 });
    expect(gaveUp).toBeUndefined();
    const wrong = some.filter((item, i) => advanceOf(results, 'off', i, item.id) !== item.expect).map((i) => i.id);
    expect(wrong).toEqual([]);
    expect(results.remeasured.off.length).toBeGreaterThan(0);
    expect(results.run.restarts).toBeUndefined();
  });
});
