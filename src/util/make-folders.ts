/**
 * `mkdir -p` with a bound: one mkdir per missing folder of the path, from the
 * nearest one that exists. Node's recursive mkdirSync never returns on a
 * pseudo-filesystem that answers ENOENT to every mkdir (/proc/foo: measured,
 * 100 % of a core, deaf to SIGTERM and Ctrl-C, the loop being synchronous);
 * this fails there at once, with the folder and the reason.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export class FolderError extends Error {
  override name = 'FolderError';
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the file system is read-only',
  ENOENT: 'the file system does not let a folder be made there',
  ENOTDIR: 'a part of the path is a file',
  ENOSPC: 'no space left',
  EEXIST: 'it exists and is not a folder',
};

/** Why a file-system call failed, in words, for a one-line message. */
export function fsReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  return (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
}

function isFolder(path: string): boolean | undefined {
  try {
    return statSync(path).isDirectory();
  } catch {
    return undefined;
  }
}

/** Make `path` and its missing parents; throws FolderError naming the folder that could not be made and why. */
export function makeFolders(path: string): void {
  const missing: string[] = [];
  let at = resolve(path);
  for (;;) {
    const folder = isFolder(at);
    if (folder === true) break;
    if (folder === false) throw new FolderError(`${at} is a file, not a folder`);
    missing.push(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && isFolder(dir)) continue; // made meanwhile
      throw new FolderError(`cannot make the folder ${dir}: ${fsReason(error)}`);
    }
  }
}
