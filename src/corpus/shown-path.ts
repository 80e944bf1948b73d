import { relative } from 'node:path';

/** How a probe file is named in messages: relative to the working directory when inside it. */
export function shownPath(file: string): string {
  const shown = relative(process.cwd(), file) || file;
  return shown.startsWith('..') ? file : shown;
}
