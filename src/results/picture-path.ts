/** Where a results file's pictures may be (a module of its own: the fast check and writers need it without zod). */

/**
 * Where a results file's picture may be: relative to the file's own folder and
 * inside it, plain names (letters, digits, '.', '_', '+', '-'; none starting
 * with a dot, so no '..') joined by '/', ending in .png. A results file is
 * untrusted input: its pictures are copied into the published site.
 */
export const PICTURE_PATH = /^(?:[A-Za-z0-9_+-][A-Za-z0-9._+-]*\/)*[A-Za-z0-9_+-][A-Za-z0-9._+-]*\.png$/;

/** Why a picture path is refused, in words (the pattern alone says little). */
export function picturePathProblem(path: string): string {
  if (/^([/\\]|[A-Za-z]:)/.test(path)) return `${JSON.stringify(path)} is absolute; give the path relative to the results file's folder`;
  if (path.split(/[/\\]/).includes('..')) return `${JSON.stringify(path)} leaves the results file's folder ('..')`;
  if (!path.endsWith('.png')) return `${JSON.stringify(path)} is not a .png file`;
  return `${JSON.stringify(path)} is not a plain relative path (letters, digits, '.', '_', '+', '-' in names joined by '/', none starting with a dot)`;
}
