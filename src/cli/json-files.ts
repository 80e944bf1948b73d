/**
 * The *.json files of a folder, as the commands that read results take them:
 * a folder named for results stands for the files in it. A module of its own
 * (no zod, no reading side) so light commands can expand folders too.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';

/** The *.json files in a folder, sorted; none when it does not exist. */
export function jsonIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => join(dir, n));
  } catch {
    return []; // no folder: same as an empty one
  }
}

export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A folder given for results files stands for the *.json in it; one holding none is an error, not "no files given". */
export function jsonInFolder(dir: string): string[] {
  const files = jsonIn(dir);
  if (files.length === 0) throw new UsageError(`${dir} is a folder with no results files (*.json) in it; name the files, or a folder that holds them`);
  return files;
}

/** Files as given, each folder among them standing for its *.json files. */
export function expandFolders(args: readonly string[]): string[] {
  return args.flatMap((f) => (isFolder(f) ? jsonInFolder(f) : [f]));
}
