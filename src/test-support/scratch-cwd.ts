/**
 * A working folder of its own for each CLI run in a test, so no test reads
 * what a user (or another test) left in the repository root: a quick start's
 * termprobe-results/, a site-out/, a session.cast. The folder holds links to
 * the repository's committed inputs that tests name by relative path
 * (src/…/fixtures, results/, probes/, sessions/), so commands read and print
 * those paths exactly as they would in a clone, and everything a command
 * writes by default lands in the scratch folder, which goes when the run ends.
 */
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The committed folders tests name relative to the repository root. */
const LINKED = ['src', 'results', 'probes', 'sessions'];

/** A new scratch working folder with the links above; the caller removes it. */
export function makeScratchCwd(prefix = 'termprobe-cwd-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const name of LINKED) symlinkSync(join(ROOT, name), join(dir, name));
  return dir;
}

/** Refuse the repository root as a CLI run's working folder: what it holds depends on what was run there before. */
export function checkNotRoot(cwd: string): void {
  if (realpathSync(resolve(cwd)) === realpathSync(ROOT)) throw new Error('a test runs the CLI in the repository root: give it a scratch folder (makeScratchCwd)');
}

/** Run fn in a fresh scratch working folder, removed afterwards (with anything the command wrote there). */
export function inScratchCwd<T>(fn: (cwd: string) => T): T {
  const dir = makeScratchCwd();
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
