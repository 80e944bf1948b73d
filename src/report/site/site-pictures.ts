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
 * and the probe: never a broken image on the page. The site links the checked
 * file (write-site.ts: a hard link, or a copy on another file system).
 *
 * A picture whose bytes another picture of the site already has is not
 * written again: its probe page and the site's copy of its results file point
 * at the first one (results/pictures/<terminal>/<probe>.png of the first
 * terminal and probe, in column and row order). Terminals of one toolkit draw
 * the same window, and a probe that leaves the window as another did gives the
 * same picture: 1,446 of the 3,329 published pictures, 0.63 MB, were copies.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import type { Picture } from '../../results/results-schema.js';
import { SiteError } from './site-error.js';
import type { SitePage } from './site-pages.js';
import type { SiteColumn, SiteModel, SiteRow } from './site-model.js';

/** A cropped window is a few KB; a whole 80×24 window at twice the scale, some 100 KB. */
export const MAX_PICTURE_BYTES = 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Where the site would put the picture were it not the same as an earlier one. */
export const ownPicture = (col: SiteColumn, row: SiteRow) => `pictures/${col.slug}/${row.slug}.png`;
/** Per row, the columns whose picture is the same bytes as an earlier one's, and that one's path (filled by pictureFiles, before any page). */
const sameAs = new WeakMap<SiteRow, Map<number, string>>();

/** The picture's path inside the site's results/ folder (as the site's copy of the results file gives it): its own, or that of the first picture with the same bytes. */
export const pictureInResults = (col: SiteColumn, row: SiteRow) => sameAs.get(row)?.get(col.index) ?? ownPicture(col, row);
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

/** The picture's bytes, checked the same way (read whole: the check and the copy need the same bytes). */
export function checkPicture(resultsFile: string, probe: string, picture: Picture, realFolder: (folder: string) => string = realpathSync): Buffer {
  return checked(resultsFile, probe, picture, realFolder, (real) => {
    const bytes = readFileSync(real);
    return { bytes, head: bytes };
  }).bytes;
}

function failure(resultsFile: string, probe: string, picture: Picture) {
  return (why: string) => new SiteError(`${resultsFile}: probe "${probe}": picture ${picture.path} ${why}`);
}

function checkedHead(fail: (why: string) => SiteError, picture: Picture, head: Buffer): void {
  const got = pngSize(head);
  if (typeof got === 'string') throw fail(got);
  if (got.width !== picture.width || got.height !== picture.height) throw fail(`is ${got.width}×${got.height} pixels; the results file says ${picture.width}×${picture.height}`);
}

function checked<T extends { head: Buffer }>(resultsFile: string, probe: string, picture: Picture, realFolder: (folder: string) => string, read: (real: string) => T): T {
  const fail = failure(resultsFile, probe, picture);
  const folder = dirname(resultsFile);
  try {
    const real = realpathSync(join(folder, picture.path));
    if (!real.startsWith(realFolder(folder) + sep)) throw fail('leads out of the results file\'s folder (through a link)');
    const stat = statSync(real);
    if (!stat.isFile()) throw fail('is not a file');
    if (stat.size > MAX_PICTURE_BYTES) throw fail(`is ${(stat.size / 1024 / 1024).toFixed(1)} MB; a picture is at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    const out = read(real);
    checkedHead(fail, picture, out.head);
    return out;
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw fail(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/**
 * The same checks for a build's thousands of pictures, in few system calls: the
 * real path of each picture's folder once (realpathSync asks the kernel about
 * every part of the path, 18 calls a picture), the file opened without following
 * a link (one that is a link takes the path above) and read whole once, for the
 * check and for the hash that finds copies.
 */
function checkedBytes(resultsFile: string, probe: string, picture: Picture, realFolder: (folder: string) => string): { path: string; bytes: Buffer } {
  const fail = failure(resultsFile, probe, picture);
  const folder = dirname(resultsFile);
  const full = join(folder, picture.path);
  let path: string;
  let fd: number;
  try {
    path = join(realFolder(dirname(full)), basename(full));
    if (!path.startsWith(realFolder(folder) + sep)) throw fail('leads out of the results file\'s folder (through a link)');
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    if (e instanceof SiteError) throw e;
    // A link (ELOOP) or anything unexpected: the checks that follow links.
    const bytes = checkPicture(resultsFile, probe, picture, realFolder);
    return { path: realpathSync(full), bytes };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw fail('is not a file');
    if (stat.size > MAX_PICTURE_BYTES) throw fail(`is ${(stat.size / 1024 / 1024).toFixed(1)} MB; a picture is at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    const bytes = readFileSync(fd);
    checkedHead(fail, picture, bytes);
    return { path, bytes };
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw fail(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  } finally {
    closeSync(fd);
  }
}

/** Every picture of the shown terminals, checked, as files to copy into the site. */
export const pictureFiles: SitePage = {
  name: 'pictures',
  pages(model: SiteModel) {
    // Each results folder's real path once: thousands of pictures share a few folders.
    const folders = new Map<string, string>();
    const realFolder = (folder: string) => folders.get(folder) ?? folders.set(folder, realpathSync(folder)).get(folder)!;
    // Pictures of one size are read whole and compared by hash: a picture seen before is not written again (see the module comment).
    const bySize = new Map<number, Map<string, string>>();
    return model.columns.flatMap((col) => [
      ...model.rows.flatMap((row) => {
        const picture = row.cells[col.index]!.result?.picture;
        if (!picture) return [];
        const { path: file, bytes } = checkedBytes(col.view.file, row.id, picture, realFolder);
        const seen = bySize.get(bytes.length) ?? bySize.set(bytes.length, new Map()).get(bytes.length)!;
        const hash = createHash('sha256').update(bytes).digest('hex');
        const first = seen.get(hash);
        if (first !== undefined) {
          (sameAs.get(row) ?? sameAs.set(row, new Map()).get(row)!).set(col.index, first);
          return [];
        }
        seen.set(hash, ownPicture(col, row));
        const size = bytes.length;
        return [{ path: picturePath(col, row), content: () => ({ file, size }) }];
      }),
      // The pixel read-back's calibration sheet, shown on the terminal's page.
      ...(col.view.run.settings.pixels?.sheet ?? []).map((picture, i) => {
        const { path: file, bytes } = checkedBytes(col.view.file, `calibration sheet ${i + 1}`, picture, realFolder);
        const size = bytes.length;
        return { path: sheetPath(col, i), content: () => ({ file, size }) };
      }),
    ]);
  },
};
