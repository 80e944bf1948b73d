/**
 * `--out <path>`, the same rule everywhere: a path ending in .json is one
 * results file, anything else a folder. Checked as the command line is read,
 * before anything runs: a folder that is a file, a file that is a folder, a
 * path under a file, on a pseudo-filesystem (/proc, /sys…), or where nothing
 * can be made (read-only, no permission) fails with one line naming the path
 * and the reason (exit 2).
 */
import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fsReason } from '../../util/make-folders.js';
import { Option } from 'commander';
import { UsageError } from '../errors.js';

export type OutPath = { kind: 'file'; path: string } | { kind: 'dir'; path: string };

const isDir = (path: string) => statSync(path).isDirectory();

/** File systems that hold no files of ours, by statfs type (linux/magic.h). */
const PSEUDO_FILESYSTEMS: Record<number, string> = {
  0x9fa0: 'proc', 0x62656572: 'sysfs', 0x1cd1: 'devpts', 0x64626720: 'debugfs', 0x74726163: 'tracefs',
  0x27e0eb: 'cgroup', 0x63677270: 'cgroup2', 0x73636673: 'securityfs', 0xcafe4a11: 'bpf', 0x6165676c: 'pstore',
  0x62656570: 'configfs', 0x65735543: 'fusectl', 0xf97cff8c: 'selinuxfs', 0x42494e4d: 'binfmt_misc', 0x6e736673: 'nsfs',
};

function pseudoFilesystem(at: string): string | undefined {
  try {
    return PSEUDO_FILESYSTEMS[Number(statfsSync(at).type)];
  } catch {
    return undefined; // no statfs here: the checks below still apply
  }
}

/**
 * The nearest part of the path that exists must be a folder on a real file system (not /proc, /sys…) that this
 * user may write in.
 */
function checkParents(text: string, start: string): void {
  let at = resolve(start);
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  if (!isDir(at)) throw new UsageError(`--out ${text}: ${at} is a file, so nothing can be written under it`);
  const pseudo = pseudoFilesystem(at);
  if (pseudo) throw new UsageError(`--out ${text}: ${at} is on the ${pseudo} pseudo-filesystem, where no results can be written; name a folder on disk`);
  try {
    // access() also says EROFS for a read-only mount, and EACCES where this user may not write.
    accessSync(at, constants.W_OK);
  } catch (error) {
    throw new UsageError(`--out ${text}: nothing can be written in ${at} (${fsReason(error)})`);
  }
}

export function parseOut(text: string): OutPath {
  if (text.trim() === '') throw new UsageError('--out is empty; name a folder, or a file ending in .json');
  if (/\.json$/i.test(text)) {
    if (existsSync(text) && isDir(text)) throw new UsageError(`--out ${text} ends in .json (one results file) but is a folder; name a file, or the folder without .json`);
    checkParents(text, dirname(text));
    if (existsSync(text)) {
      try {
        accessSync(text, constants.W_OK);
      } catch (error) {
        throw new UsageError(`--out ${text}: the file cannot be replaced (${fsReason(error)})`);
      }
    }
    return { kind: 'file', path: text };
  }
  if (existsSync(text) && !isDir(text)) throw new UsageError(`--out ${text} is a file, not a folder; name a folder, or a file ending in .json`);
  checkParents(text, text);
  return { kind: 'dir', path: text };
}

/** One file of another kind (a cast, a probe file): checked as a results file's path is, before anything runs. */
export function parseOutFile(text: string): string {
  if (text.trim() === '') throw new UsageError('--out is empty; name a file');
  if (existsSync(text) && isDir(text)) throw new UsageError(`--out ${text} is a folder; name a file`);
  checkParents(text, dirname(text));
  return text;
}

/** A folder only (the site): a .json path is refused. */
export function parseOutDir(text: string): OutPath {
  const out = parseOut(text);
  if (out.kind === 'file') throw new UsageError(`--out ${text}: this command writes a folder; name one without .json`);
  return out;
}

export function outOption(description: string, parse: (text: string) => OutPath = parseOut): Option {
  return new Option('-o, --out <path>', description).argParser(parse);
}

/** Where one results file goes: the file itself, or `name` inside the folder. */
export function outFile(out: OutPath, name: string): string {
  return out.kind === 'file' ? out.path : join(out.path, name);
}

/** A run that writes several files needs a folder. */
export function requireFolderFor(out: OutPath, files: number, what: string): void {
  if (out.kind === 'file' && files > 1) throw new UsageError(`--out ${out.path} names one results file, but ${what} writes ${files}; name a folder`);
}
