/**
 * `termprobe … | head -1`: the reader closes the pipe after one line. Every
 * command must end quietly (no EPIPE stack trace) and still end.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

// `termprobe --json` also writes its results to termprobe-results/ in the current folder: a scratch one, not the repository.
const tempDir = useTempDirs();

/** Run the CLI, close its stdout after the first line, and collect stderr and the exit. */
function headOne(args: string[]): Promise<{ first: string; stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: tempDir('termprobe-head-'), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  let first = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const nl = out.indexOf('\n');
    if (nl >= 0 && first === '') {
      first = out.slice(0, nl);
      child.stdout.destroy(); // what head does after its line
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ first, stderr, code })));
}

describe('a reader that stops after one line', () => {
  // Output written after the reader left hits EPIPE: a second target's answer, or a
  // document larger than the socket buffer. (One write that fits, like `list --json`
  // here, never does; the guard in main() covers it all the same.)
  for (const args of [['--json'], ['probe', '\\e[10C', '--target', 'xterm.js,ghostty']]) {
    it(`termprobe ${args.join(' ')} | head -1 ends without an EPIPE trace`, async () => {
      const r = await headOne(args);
      expect(r.first.length).toBeGreaterThan(0);
      expect(r.stderr).not.toMatch(/EPIPE|Error|at .*\.js:\d+/);
      expect(r.code).not.toBeNull();
    });
  }
});
