/**
 * The results file as downloaded from the site: the file's own JSON without its
 * indentation (a third of the size; the same value), or the parsed run when the
 * file is gone.
 */
import { existsSync, readFileSync } from 'node:fs';

export function compactResults(file: string, run: unknown): string {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : JSON.stringify(run);
  return JSON.stringify(JSON.parse(text)) + '\n';
}
