/**
 * `termprobe contribute FILE`: check a results file from another machine
 * (check-contribution.ts), normalise it, and write it where the published
 * table picks it up — results/contributed/<terminal>-<version>-<platform>.json —
 * then print what to do to open a pull request. Its probes' pictures (GUI
 * terminals) come along, checked as the site checks them (PNGs inside the
 * file's folder, of the size given), into pictures/<that name>/ beside it.
 * Bad input: one line, exit 2, nothing written.
 */
import { dirname, join, relative } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { checkContribution } from '../engine/check-contribution.js';
import { PICTURES_DIR, pictureFolderName, writeResultsWithPictures, type CapturedPicture } from '../results/picture-files.js';
import type { ResultsFile } from '../results/results-schema.js';
import { resultsFileName } from '../results/write-results.js';
import { checkPicture } from '../report/site/site-pictures.js';
import { plural } from '../util/plural.js';
import { printable } from '../util/printable.js';
import { UsageError } from './errors.js';
import { outFile, type OutPath } from './options/out-option.js';
import { CONTRIBUTED_RESULTS_DIR } from './results-dirs.js';

export interface ContributeOptions {
  out?: OutPath;
  platform?: string;
  terminalVersion?: string;
}

/** "iterm2-3.5.0-macos.json": lowercase, safe on any file system. */
export function contributedFileName(name: string, version: string, platform: string): string {
  return resultsFileName(`${name}`.toLowerCase(), `${version}-${platform}`.toLowerCase());
}

export async function contributeCommand(file: string, opts: ContributeOptions): Promise<void> {
  if (opts.platform !== undefined && !/^[a-z][a-z0-9-]{0,31}$/.test(opts.platform)) throw new UsageError(`--platform ${JSON.stringify(opts.platform)}: a lowercase name such as macos, windows, linux`);
  const corpus = await loadCorpus();
  if (opts.terminalVersion !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/.test(opts.terminalVersion)) throw new UsageError(`--terminal-version ${JSON.stringify(opts.terminalVersion)}: a version such as 3.5.0 (letters, digits, . _ + -)`);
  const checked = checkContribution(file, corpus, { ...(opts.platform ? { platform: opts.platform } : {}), ...(opts.terminalVersion ? { terminalVersion: opts.terminalVersion } : {}) });
  const r = checked.results;
  const { name, version } = r.target.identity;
  const platform = r.run.platform!.os;
  const target = outFile(opts.out ?? { kind: 'dir', path: CONTRIBUTED_RESULTS_DIR }, contributedFileName(name, version, platform));
  const pictures = readPictures(file, r);
  writeResultsWithPictures(target, r, pictures);
  const o = checked.overlap;
  const against = checked.sameCorpus
    ? `made with the corpus at hand (${plural(o.shared.length, 'probe')})`
    : `made with an earlier corpus (${checked.corpus.hash.slice(0, 19)}…${checked.corpus.date ? `, ${checked.corpus.date.slice(0, 10)}` : ''}): compared on the ${plural(o.shared.length, 'probe')} it shares with the corpus at hand; ${o.changed.length} changed since and ${o.removed.length} removed are left out, ${o.added.length} added since are not run`;
  const shownPath = (path: string) => {
    const rel = relative(process.cwd(), path);
    return rel && !rel.startsWith('..') ? rel : path;
  };
  const shown = shownPath(target);
  const added = [shown, ...(pictures.size > 0 ? [shownPath(join(dirname(target), PICTURES_DIR, pictureFolderName(target)))] : [])];
  const withPictures = pictures.size > 0 ? ` (with ${plural(pictures.size, 'picture')} in ${added[1]})` : '';
  process.stdout.write(`termprobe: ${printable(name)} ${printable(version)} on ${platform}: ${plural(r.probes.length, 'probe')}, ${against}; written to ${shown}${withPictures}\n`);
  // Only the cleaned file name goes into the shell line: the file's own text never does.
  const row = contributedFileName(name, version, platform).slice(0, -'.json'.length);
  process.stdout.write(`To send it: git checkout -b results/${row} && git add ${added.map((a) => JSON.stringify(a)).join(' ')} && git commit -m "Contributed results: ${row}" && git push -u origin results/${row}, then open a pull request for that branch.\n`);
}

/** The pictures the file's probes give, read and checked (a bad one is bad input: one line naming the file and the probe). */
function readPictures(file: string, results: ResultsFile): Map<string, CapturedPicture> {
  const pictures = new Map<string, CapturedPicture>();
  for (const p of results.probes) {
    if (!p.picture) continue;
    try {
      pictures.set(p.id, { png: checkPicture(file, p.id, p.picture), width: p.picture.width, height: p.picture.height });
    } catch (error) {
      throw error instanceof Error && error.name === 'SiteError' ? new UsageError(error.message) : error;
    }
  }
  return pictures;
}
