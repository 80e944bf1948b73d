/**
 * The probes' pictures: a results file may give, per probe, a screenshot of the
 * terminal's window after it (results-schema.ts: a PNG in the file's folder,
 * and its size). The site copies each into results/pictures/<terminal>/<probe>.png,
 * beside its copy of the results file, which points there, so the site's
 * results/ folder is itself a results folder. The probe page shows it beside
 * that terminal's answer (probe-page.ts).
 *
 * A picture is checked before any page is written: it is a file inside the
 * results file's folder (a link out of it is refused), at most MAX_BYTES, a PNG
 * whose size is the one the results file gives (the page's <img> is drawn at
 * that size). Anything else is bad input, in one line naming the results file
 * and the probe: never a broken image on the page.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Picture } from '../../results/results-schema.js';
import { SiteError } from './site-error.js';
import type { SitePage } from './site-pages.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';

/** A cropped window is a few KB; a whole 80×24 window at twice the scale, some 100 KB. */
export const MAX_PICTURE_BYTES = 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture's path inside the site's results/ folder (as the site's copy of the results file gives it). */
export const pictureInResults = (col: SiteColumn, row: SiteRow) => `pictures/${col.slug}/${row.slug}.png`;
/** The same from the top folder of the site. */
export const picturePath = (col: SiteColumn, row: SiteRow) => `results/${pictureInResults(col, row)}`;

/** The pixel calibration sheet's page `i` (0-based) inside the site's results/ folder, and from the top folder. */
export const sheetInResults = (col: SiteColumn, i: number) => `pictures/${col.slug}/pixel-calibration-${i + 1}.png`;
export const sheetPath = (col: SiteColumn, i: number) => `results/${sheetInResults(col, i)}`;

/** Width and height from a PNG's first chunk (IHDR), or a sentence saying why it is not a PNG. */
export function pngSize(head: Buffer): { width: number; height: number } | string {
  if (head.length < 24 || !head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'is not a PNG file';
  if (head.toString('latin1', 12, 16) !== 'IHDR') return 'is not a PNG file (its first chunk is not IHDR)';
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/**
 * The picture's bytes, checked as the module comment says (read whole, once:
 * a picture is a few KB, and the check and the copy need the same bytes);
 * throws SiteError naming the results file and the probe.
 */
export function checkPicture(resultsFile: string, probe: string, picture: Picture, realFolder: (folder: string) => string = realpathSync): Buffer {
  const fail = (why: string) => new SiteError(`${resultsFile}: probe "${probe}": picture ${picture.path} ${why}`);
  const folder = dirname(resultsFile);
  try {
    const real = realpathSync(join(folder, picture.path));
    if (!real.startsWith(realFolder(folder) + sep)) throw fail('leads out of the results file\'s folder (through a link)');
    const stat = statSync(real);
    if (!stat.isFile()) throw fail('is not a file');
    if (stat.size > MAX_PICTURE_BYTES) throw fail(`is ${(stat.size / 1024 / 1024).toFixed(1)} MB; a picture is at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    const bytes = readFileSync(real);
    const got = pngSize(bytes);
    if (typeof got === 'string') throw fail(got);
    if (got.width !== picture.width || got.height !== picture.height) throw fail(`is ${got.width}×${got.height} pixels; the results file says ${picture.width}×${picture.height}`);
    return bytes;
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw fail(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** Every picture of the shown terminals, checked, as files to copy into the site. */
export const pictureFiles: SitePage = {
  name: 'pictures',
  pages(model: SiteModel) {
    // Each results folder's real path once: thousands of pictures share a few folders.
    const folders = new Map<string, string>();
    const realFolder = (folder: string) => folders.get(folder) ?? folders.set(folder, realpathSync(folder)).get(folder)!;
    return model.columns.flatMap((col) => [
      ...model.rows.flatMap((row) => {
        const picture = row.cells[col.index]!.result?.picture;
        if (!picture) return [];
        const bytes = checkPicture(col.view.file, row.id, picture, realFolder);
        return [{ path: picturePath(col, row), content: () => bytes }];
      }),
      // The pixel read-back's calibration sheet, shown on the terminal's page.
      ...(col.view.run.settings.pixels?.sheet ?? []).map((picture, i) => {
        const bytes = checkPicture(col.view.file, `calibration sheet ${i + 1}`, picture, realFolder);
        return { path: sheetPath(col, i), content: () => bytes };
      }),
    ]);
  },
};
