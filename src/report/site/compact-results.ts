/**
 * The results file as downloaded from the site: the file's own JSON without its
 * indentation (the same value), gzipped (a tenth of the size: 28 results files
 * were 3.9 MB of the site, gzipped 0.4 MB; `gunzip` gives the file back), or the
 * parsed run when the file is gone. Picture paths are rewritten to where the
 * site keeps the pictures (beside the copy, in results/pictures/: see
 * site-pictures.ts), so the copy's pictures resolve as the original's do.
 * Gzipped at level 9: the 28 published files take 29 KB less than at level 6,
 * for 55 ms more of the writer's thread.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { ResultsFile } from '../../results/results-schema.js';

/** Where a results file's copy lives in the site, from the site's top folder. */
export const resultsCopyPath = (slug: string) => `results/${slug}.json.gz`;

/**
 * A results file's copy as data (the writer's thread makes it: reading, parsing and
 * gzipping the 28 published files took 0.6 s of the page-making thread).
 */
export interface ResultsCopy {
  /** The results file, read again: the copy is its own JSON, not the run as parsed. */
  file: string;
  /** Each pictured probe's picture in the site's results/ folder; a probe not named here loses its picture. */
  pictures: Record<string, string>;
  /** The pixel calibration sheet's pages in the site's results/ folder (none: as they are). */
  sheets?: string[];
}

/** The copy described, made from the file (which must exist: see resultsCopy). */
export function compactResultsCopy(c: ResultsCopy): Buffer {
  return compactResults(c.file, undefined, (id) => c.pictures[id], c.sheets && ((i) => c.sheets![i]!));
}

/**
 * The copy as the writer's thread makes it when the results file is there, or made
 * now from the run as parsed when it is gone (picturePath as compactResults takes it).
 */
export function resultsCopy(file: string, run: ResultsFile, picturePath: (probe: string) => string | undefined, sheetPath?: (page: number) => string): { results: ResultsCopy } | Buffer {
  if (!existsSync(file)) return compactResults(file, run, picturePath, sheetPath);
  const pictures: Record<string, string> = {};
  for (const p of run.probes ?? []) {
    const path = p.picture ? picturePath(p.id) : undefined;
    if (path) pictures[p.id] = path;
  }
  const sheets = sheetPath && run.settings?.pixels?.sheet?.map((_, i) => sheetPath(i));
  return { results: { file, pictures, ...(sheets ? { sheets } : {}) } };
}

export function compactResults(file: string, run: unknown, picturePath?: (probe: string) => string | undefined, sheetPath?: (page: number) => string): Buffer {
  const copy = JSON.parse(existsSync(file) ? readFileSync(file, 'utf8') : JSON.stringify(run)) as ResultsFile;
  // The pixel calibration sheet's pages, where the site keeps them.
  if (sheetPath) copy.settings?.pixels?.sheet?.forEach((p, i) => (p.path = sheetPath(i)));
  if (picturePath) {
    for (const p of copy.probes ?? []) {
      if (!p.picture) continue;
      const path = picturePath(p.id);
      if (path) p.picture.path = path;
      else delete p.picture;
    }
  }
  return gzipSync(JSON.stringify(copy) + '\n', { level: 9 });
}
