/**
 * `--out <path>`, the same rule everywhere: a path ending in .json is one
 * results file, anything else a folder. Checked as the command line is read,
 * before anything runs: a folder that is a file, a file that is a folder, or a
 * path under a file fails with one line.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Option } from 'commander';
import { UsageError } from '../errors.js';

export type OutPath = { kind: 'file'; path: string } | { kind: 'dir'; path: string };

const isDir = (path: string) => statSync(path).isDirectory();

/** The nearest part of the path that exists must be a folder we may write in. */
function checkParents(text: string, start: string): void {
  let at = resolve(start);
  while (!existsSync(at)) at = dirname(at);
  if (!isDir(at)) throw new UsageError(`--out ${text}: ${at} is a file, so nothing can be written under it`);
  try {
    accessSync(at, constants.W_OK);
  } catch {
    throw new UsageError(`--out ${text}: the folder ${at} is not writable`);
  }
}

export function parseOut(text: string): OutPath {
  if (text.trim() === '') throw new UsageError('--out is empty; name a folder, or a file ending in .json');
  if (/\.json$/i.test(text)) {
    if (existsSync(text) && isDir(text)) throw new UsageError(`--out ${text} ends in .json (one results file) but is a folder; name a file, or the folder without .json`);
    checkParents(text, dirname(text));
    return { kind: 'file', path: text };
  }
  if (existsSync(text) && !isDir(text)) throw new UsageError(`--out ${text} is a file, not a folder; name a folder, or a file ending in .json`);
  checkParents(text, text);
  return { kind: 'dir', path: text };
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
