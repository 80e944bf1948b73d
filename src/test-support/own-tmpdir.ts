/**
 * A TMPDIR of a test file's own, for tests of targets that start real programs:
 * what the sessions leave behind (processes, sockets, scratch folders) is then
 * theirs, never another run's on the machine. Each test ends with every session
 * closed and nothing left: no process of this test process's sessions, nothing
 * in the folder; the folder itself goes after the last test.
 *
 *   const sessions = useOwnTmpdir('termprobe-foo-test-');
 *   sessions.push(await target.open(…));
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { processesOfRun } from './processes.js';

export function useOwnTmpdir(prefix: string): { close(): Promise<void> }[] {
  const sessions: { close(): Promise<void> }[] = [];
  const outer = process.env['TMPDIR'];
  let own = '';
  beforeAll(() => {
    own = mkdtempSync(join(tmpdir(), prefix));
    process.env['TMPDIR'] = own;
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
    expect(processesOfRun(own, process.pid)).toEqual([]);
    expect(readdirSync(own)).toEqual([]);
  }, 30_000);
  afterAll(() => {
    if (outer === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = outer;
    const left = readdirSync(own);
    rmSync(own, { recursive: true, force: true });
    expect(left).toEqual([]);
  });
  return sessions;
}
