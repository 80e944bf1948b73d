/**
 * The results file as downloaded from the site: the file's own JSON without its
 * indentation (the same value), gzipped (a tenth of the size: 28 results files
 * were 3.9 MB of the site, gzipped 0.4 MB; `gunzip` gives the file back), or the
 * parsed run when the file is gone. Picture paths are rewritten to where the
 * site keeps the pictures (beside the copy, in results/pictures/: see
 * site-pictures.ts), so the copy's pictures resolve as the original's do.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { ResultsFile } from '../../results/results-schema.js';

/** Where a results file's copy lives in the site, from the site's top folder. */
export const resultsCopyPath = (slug: string) => `results/${slug}.json.gz`;

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
  return gzipSync(JSON.stringify(copy) + '\n', { level: 6 });
}
