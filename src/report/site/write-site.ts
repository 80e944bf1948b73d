/**
 * Write the whole site into a folder: pages, assets, the JSON API (api/v6/) and its schema, badges, and a copy
 * of each results file. The site is built in a fresh sibling folder and swapped
 * in at the end, so a failed build leaves the previous site intact. An existing
 * folder is replaced only when an earlier `termprobe site` made it (it holds the
 * marker file); anything else is refused rather than deleted. Writing yields to
 * the event loop every few milliseconds, so an interrupt (the signal) ends it
 * promptly and removes the half-built folder: nothing is left behind.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ColourSheet } from './colour-sheet.js';
import { generatedCss } from './generated-css.js';
import { SiteError } from './site-error.js';
import type { SiteModel } from './site-model.js';
import { isSafeSlug } from './slug.js';
import { SITE_PAGES } from './site-page-list.js';
import { siteAsset } from './compact-source.js';
import { siteScript } from './layout.js';
import { makeFolders } from '../../util/make-folders.js';
import { WriterThread } from './writer-thread.js';
import type { ResultsCopy } from './compact-results.js';

export const SITE_MARKER = '.termprobe-site';
// probe.js goes out with the probe pages' shared data and screen.js, as one script (probe-page.ts PROBE_SCRIPT).
const ASSETS = ['site.js', 'features.js', 'probes.js', 'compare.js', 'unicode.js', 'screen.js', 'session.js'];

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

/**
 * The folders whose absolute paths must not show in a page: the package's, the
 * working folder and those of the results files. A registry entry's file, a
 * note naming a results file, are shown relative to them ("probes/divergences/st.yaml:13").
 */
function buildPaths(model: SiteModel): string[] {
  const dirs = [fileURLToPath(new URL('../../../', import.meta.url)), process.cwd(), ...model.columns.map((c) => dirname(resolve(c.view.file)))];
  return [...new Set(dirs.map((d) => (d.endsWith(sep) ? d : d + sep)))].filter((d) => d.length > 1).sort((a, b) => b.length - a.length);
}

class SiteWriter {
  files = 0;
  bytes = 0;
  /** Folders made so far: one mkdir per folder, not per file (a site with pictures has thousands of files). */
  readonly #folders = new Set<string>();
  /** Where the files are written: a thread of their own (writer-thread.ts), which also takes the build's paths out of the text. */
  readonly out: WriterThread;
  constructor(
    readonly root: string,
    hidden: string[] = [],
  ) {
    this.out = new WriterThread(hidden);
  }

  #folderOf(full: string): void {
    const dir = dirname(full);
    if (this.#folders.has(dir)) return;
    makeFolders(dir);
    this.#folders.add(dir);
  }

  write(path: string, content: string | Buffer): void {
    const full = join(this.root, path);
    this.#folderOf(full);
    this.files++;
    // Text is cleaned of the build's paths (and a page trimmed) on the writer's thread, which counts its bytes.
    if (typeof content === 'string') return path.endsWith('.html') ? this.out.page(full, content) : this.out.text(full, content);
    this.out.write(full, content);
    this.bytes += content.length;
  }

  /**
   * A file of the results (a picture) as it is: a hard link where the site is on
   * the same file system (a copy of 3,365 pictures took 2.2 s of CPU, linking
   * them 0.05 s), else a copy. The pictures are never written in place: a new
   * run writes new files, and the next build replaces the whole folder.
   */
  /** A results file's gzipped copy, made on the writer's thread (compact-results.ts); its size is known once flushed. */
  resultsCopy(copy: ResultsCopy, path: string): void {
    const full = join(this.root, path);
    this.#folderOf(full);
    this.out.resultsCopy(full, copy);
    this.files++;
  }

  /** A file linked in; its size when the page kind already knows it (a picture it read). */
  copy(from: string, path: string, size = statSync(from).size): void {
    const full = join(this.root, path);
    this.#folderOf(full);
    this.out.link(from, full);
    this.files++;
    this.bytes += size;
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
    // Made on the Unicode thread meanwhile: awaited only now (build-site.ts unicodeFiles); none came, they are made here.
    if (kind.name === 'unicode' && model.unicodeFiles instanceof Promise) {
      const made = await model.unicodeFiles;
      if (made) model.unicodeFiles = made;
      else delete model.unicodeFiles;
    }
    for (const file of kind.pages(model, ctx)) {
      const content = file.content();
      if (typeof content === 'string' || Buffer.isBuffer(content)) w.write(file.path, content);
      else if ('results' in content) w.resultsCopy(content.results, file.path);
      else w.copy(content.file, file.path, content.size);
      if (performance.now() - since >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        if (signal?.aborted) throw signal.reason;
        if (w.out.failure) throw w.out.failure;
        since = performance.now();
      }
    }
  }
  for (const a of ASSETS) w.write(`assets/${a}`, a === 'site.js' ? siteScript(model) : siteAsset(a));
  // One stylesheet per page: the site's own rules, then those made from the data (written after every page: the pages register the colours).
  w.write('assets/site.css', `${siteAsset('site.css')}\n${generatedCss(model, ctx.colours)}`);
  w.write(SITE_MARKER, 'Made by `termprobe site`; the whole folder is replaced on the next build.\n');
  await w.out.flush();
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
  const w = new SiteWriter(fresh, buildPaths(model));
  try {
    try {
      mkdirSync(fresh);
      await writeAll(model, w, signal);
    } finally {
      await w.out.close();
    }
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
  return { dir, files: w.files, bytes: w.bytes + w.out.bytes };
}
