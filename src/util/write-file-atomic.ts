/**
 * Write a file atomically: a temp file beside it, then rename, so a crash or
 * Ctrl-C never leaves a half-written file under the real name. A failure names
 * the file asked for and the reason, never the temp file's name.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { FolderError, fsReason, makeFolders } from './make-folders.js';

export function writeFileAtomic(path: string, text: string): void {
  makeFolders(dirname(path));
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new FolderError(`cannot write ${path}: ${fsReason(e)}`);
  }
}
