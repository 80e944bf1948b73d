/**
 * A signal that lands after the work, while the command writes what it made: the writes finish and the command exits
 * as it would have (withInterrupts keeps a listener on the signal, so its default action cannot end the process between
 * two writes). The child below is such a command: its work ends, it says so, and it then stays in synchronous code
 * until the test has sent SIGINT (the signal is pending by then), before it writes its three files.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();

const CHILD = `
import { existsSync, writeFileSync } from 'node:fs';
import { withInterrupts } from ${JSON.stringify(join(ROOT, 'dist/cli/interrupts.js'))};
const [dir, go] = process.argv.slice(2);
await withInterrupts(async () => 'made');
process.stdout.write('done\\n');
while (!existsSync(go)) {} // synchronous: the SIGINT sent meanwhile is pending, not handled
for (const name of ['a', 'b', 'c']) writeFileSync(dir + '/' + name, name);
`;

function runChild(): Promise<{ code: number | null; signal: NodeJS.Signals | null; files: string[] }> {
  const dir = tempDir('termprobe-interrupts-');
  const script = join(dir, 'child.mjs');
  const out = join(dir, 'out');
  const go = join(dir, 'go');
  writeFileSync(script, CHILD);
  mkdirSync(out);
  const child = spawn(process.execPath, [script, out, go], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('done')) return;
      child.kill('SIGINT');
      writeFileSync(go, '');
    });
    child.on('exit', (code, signal) => resolve({ code, signal, files: existsSync(out) ? readdirSync(out).sort() : [] }));
  });
}

describe('withInterrupts, after the work', () => {
  it('a Ctrl-C while the command writes: every file written, the exit as without it', async () => {
    const r = await runChild();
    expect(r).toEqual({ code: 0, signal: null, files: ['a', 'b', 'c'] });
  });
});
