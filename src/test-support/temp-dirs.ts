/**
 * Temporary folders for one test file, each removed after the file's last test,
 * so a test run leaves nothing in $TMPDIR. Call it once at the top level:
 *
 *   const tempDir = useTempDirs();
 *   const dir = tempDir('termprobe-run-');
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function useTempDirs(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
