/**
 * Write the whole site into a folder: pages, assets, data-v3.json and its schema, badges and a copy
 * of each results file. The site is built in a fresh sibling folder and swapped
 * in at the end, so a failed build leaves the previous site intact. An existing
 * folder is replaced only when an earlier `termprobe site` made it (it holds the
 * marker file); anything else is refused rather than deleted. Writing yields to
 * the event loop every few milliseconds, so an interrupt (the signal) ends it
 * promptly and removes the half-built folder: nothing is left behind.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ColourSheet } from './colour-sheet.js';
import { generatedCss } from './generated-css.js';
import { SiteError } from './site-error.js';
import type { SiteModel } from './site-model.js';
import { isSafeSlug } from './slug.js';
import { SITE_PAGES } from './site-page-list.js';
import { SITE_SOURCES } from './templates.js';
import { makeFolders } from '../../util/make-folders.js';

export const SITE_MARKER = '.termprobe-site';
const ASSETS = ['site.css', 'site.js', 'compare.js'];

export interface SiteStats {
  dir: string;
  files: number;
  bytes: number;
}

function checkTarget(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new SiteError(`${dir} exists and is not a folder; choose another --out`);
  const names = readdirSync(dir);
  if (names.length > 0 && !names.includes(SITE_MARKER)) throw new SiteError(`${dir} is not empty and was not made by \`termprobe site\`; choose another --out or empty it yourself`);
}

class SiteWriter {
  files = 0;
  bytes = 0;
  /** Folders made so far: one mkdir per folder, not per file (a site with pictures has thousands of files). */
  readonly #folders = new Set<string>();
  constructor(readonly root: string) {}

  #folderOf(full: string): void {
    const dir = dirname(full);
    if (this.#folders.has(dir)) return;
    makeFolders(dir);
    this.#folders.add(dir);
  }

  write(path: string, content: string | Buffer): void {
    const full = join(this.root, path);
    this.#folderOf(full);
    writeFileSync(full, content);
    this.files++;
    this.bytes += Buffer.byteLength(content);
  }

  copy(from: string, path: string): void {
    const full = join(this.root, path);
    this.#folderOf(full);
    copyFileSync(from, full);
    this.files++;
    this.bytes += statSync(full).size;
  }
}

function assertSlugs(model: SiteModel): void {
  for (const s of [...model.columns.map((c) => c.slug), ...model.rows.map((r) => r.slug), ...model.categories.map((c) => c.slug)]) {
    if (!isSafeSlug(s)) throw new Error(`internal error: unsafe page name ${JSON.stringify(s)}`);
  }
}

/** How long writing runs between two looks at the event loop (signals are handled there). */
const SLICE_MS = 20;

async function writeAll(model: SiteModel, w: SiteWriter, signal: AbortSignal | undefined): Promise<void> {
  const ctx = { colours: new ColourSheet() };
  let since = performance.now();
  for (const kind of SITE_PAGES) {
    for (const file of kind.pages(model, ctx)) {
      w.write(file.path, file.content());
      if (performance.now() - since >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        if (signal?.aborted) throw signal.reason;
        since = performance.now();
      }
    }
  }
  for (const a of ASSETS) w.copy(join(SITE_SOURCES, 'assets', a), `assets/${a}`);
  w.write('assets/generated.css', generatedCss(model, ctx.colours));
  w.write(SITE_MARKER, 'Made by `termprobe site`; the whole folder is replaced on the next build.\n');
}

/** Bytes of every file under a folder (the figure the 10 MB budget is about). */
export function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
}

export async function writeSite(model: SiteModel, outDir: string, signal?: AbortSignal): Promise<SiteStats> {
  const dir = resolve(outDir);
  checkTarget(dir);
  assertSlugs(model);
  makeFolders(dirname(dir));
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const fresh = join(dirname(dir), `.${basename(dir)}.new-${tag}`);
  const w = new SiteWriter(fresh);
  try {
    mkdirSync(fresh);
    await writeAll(model, w, signal);
    if (signal?.aborted) throw signal.reason;
    if (existsSync(dir)) {
      const old = join(dirname(dir), `.${basename(dir)}.old-${tag}`);
      renameSync(dir, old);
      renameSync(fresh, dir);
      rmSync(old, { recursive: true, force: true });
    } else {
      renameSync(fresh, dir);
    }
  } catch (e) {
    rmSync(fresh, { recursive: true, force: true });
    throw e;
  }
  return { dir, files: w.files, bytes: w.bytes };
}
