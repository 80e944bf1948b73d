/**
 * A private folder (mode 700) for a multiplexer's UNIX sockets. A socket's path
 * must fit sun_path (108 bytes) with what tmux or screen add to it (about 40
 * bytes: "/tmux-0/termprobe-<pid>-<n>", "/<pid>.termprobe-<pid>-<n>-queryA"), so
 * the folder goes in $TMPDIR only when that is short, and in /tmp otherwise (a
 * long TMPDIR made screen's `-Q` fail to bind its query socket). The caller
 * removes it when the session ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAX_BASE = 48;

export interface SocketDir {
  path: string;
  remove(): void;
}

export function makeSocketDir(prefix: string): SocketDir {
  const base = tmpdir().length <= MAX_BASE ? tmpdir() : '/tmp';
  const path = mkdtempSync(join(base, prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
