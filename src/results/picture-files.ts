/**
 * A results file and its probes' pictures, written as one set: the pictures go
 * to pictures/<file's base name>/<probe id>.png beside the results file, and
 * each probe's `picture` gives that path (relative to the results file's
 * folder, as results-schema.ts requires).
 *
 * Atomic as a set: the pictures are written to a hidden folder first, which
 * takes the place of the old one by rename just before the results file is
 * renamed into place; a failure on the way puts the old pair back. A run that
 * writes no pictures removes the old folder after its results file is written,
 * so no file of an earlier run is left looking like this run's. All of it is
 * synchronous: a Ctrl-C waits until the set is written.
 */
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PICTURE_PATH } from './picture-path.js';
import type { ProbeResult, ResultsFile } from './results-schema.js';
import { writeResults } from './write-results.js';
import { makeFolders } from '../util/make-folders.js';

/** A probe's picture as a target took it: PNG bytes and their size in pixels, and a note on how it was taken, if any. */
export interface CapturedPicture {
  png: Uint8Array;
  width: number;
  height: number;
  note?: string;
}

/** The folder beside the results file that holds its pictures. */
export const PICTURES_DIR = 'pictures';

/** The picture folder's name for a results file: its base name, made a plain name (see PICTURE_PATH). */
export function pictureFolderName(resultsFile: string): string {
  return basename(resultsFile).replace(/\.json$/i, '').replace(/[^A-Za-z0-9._+-]+/g, '-').replace(/^[.-]+/, '') || 'results';
}

/** The picture path a probe gets, relative to the results file's folder. */
export function picturePathFor(resultsFile: string, probeId: string): string {
  const path = `${PICTURES_DIR}/${pictureFolderName(resultsFile)}/${probeId}.png`;
  if (!PICTURE_PATH.test(path)) throw new Error(`probe id ${JSON.stringify(probeId)} cannot name a picture file (${path})`);
  return path;
}

/** The pictures of the pixel read-back's calibration sheet are kept under these names, page by page (1, 2, …). */
export const SHEET_PICTURE = 'pixel-calibration-';

function sheetPages(pictures: ReadonlyMap<string, CapturedPicture>): [string, CapturedPicture][] {
  return [...pictures].filter(([id]) => id.startsWith(SHEET_PICTURE)).sort((a, b) => Number(a[0].slice(SHEET_PICTURE.length)) - Number(b[0].slice(SHEET_PICTURE.length)));
}

/** The results with each pictured probe's `picture` set (and any other removed), and the calibration sheet's pictures in settings.pixels. */
export function withPictures(resultsFile: string, results: ResultsFile, pictures: ReadonlyMap<string, CapturedPicture>): ResultsFile {
  const probes = results.probes.map((p): ProbeResult => {
    const { picture: _old, ...rest } = p;
    const taken = pictures.get(p.id);
    return taken ? { ...rest, picture: { path: picturePathFor(resultsFile, p.id), width: taken.width, height: taken.height } } : rest;
  });
  const pixels = results.settings.pixels;
  if (!pixels) return { ...results, probes };
  const { sheet: _old, ...model } = pixels;
  const sheet = sheetPages(pictures).map(([id, p]) => ({ path: picturePathFor(resultsFile, id), width: p.width, height: p.height }));
  return { ...results, settings: { ...results.settings, pixels: { ...model, ...(sheet.length > 0 ? { sheet } : {}) } }, probes };
}

/** Hidden folders of a set written by a process that ended half-way (never renamed into place). */
function removeLeftovers(dir: string, name: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (n.startsWith(`.${name}.`) && /\.(tmp|old)$/.test(n)) rmSync(join(dir, n), { recursive: true, force: true });
}

/**
 * Write the results file and its pictures (only those of probes in the results) as one set; returns the
 * results as written (with picture paths).
 */
export function writeResultsWithPictures(file: string, results: ResultsFile, pictures: ReadonlyMap<string, CapturedPicture>): ResultsFile {
  const ids = new Set(results.probes.map((p) => p.id));
  const kept = new Map([...pictures].filter(([id]) => ids.has(id) || (results.settings.pixels !== undefined && id.startsWith(SHEET_PICTURE))));
  const written = withPictures(file, results, kept);
  const dir = join(dirname(file), PICTURES_DIR);
  const name = pictureFolderName(file);
  const final = join(dir, name);
  removeLeftovers(dir, name);
  if (kept.size === 0) {
    writeResults(file, written);
    rmSync(final, { recursive: true, force: true });
    return written;
  }
  const fresh = join(dir, `.${name}.${process.pid}.tmp`);
  const old = join(dir, `.${name}.${process.pid}.old`);
  try {
    makeFolders(fresh);
    for (const [id, picture] of kept) writeFileSync(join(fresh, `${id}.png`), picture.png);
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  }
  const hadOld = existsSync(final);
  if (hadOld) renameSync(final, old);
  try {
    renameSync(fresh, final);
    writeResults(file, written);
  } catch (error) {
    rmSync(existsSync(fresh) ? fresh : final, { recursive: true, force: true });
    if (hadOld) renameSync(old, final);
    throw error;
  }
  if (hadOld) rmSync(old, { recursive: true, force: true });
  return written;
}
