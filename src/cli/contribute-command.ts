/**
 * `termprobe contribute FILE`: check a results file from another machine
 * (check-contribution.ts), normalise it, and write it where the published
 * table picks it up — results/contributed/<terminal>-<version>-<platform>.json —
 * then print what to do to open a pull request. Bad input: one line, exit 2,
 * nothing written.
 */
import { relative } from 'node:path';
import { loadCorpus } from '../corpus/load-corpus.js';
import { checkContribution } from '../engine/check-contribution.js';
import { resultsFileName, writeResults } from '../results/write-results.js';
import { plural } from '../util/plural.js';
import { printable } from '../util/printable.js';
import { UsageError } from './errors.js';
import { outFile, type OutPath } from './options/out-option.js';
import { CONTRIBUTED_RESULTS_DIR } from './results-dirs.js';

export interface ContributeOptions {
  out?: OutPath;
  platform?: string;
}

/** "iterm2-3.5.0-macos.json": lowercase, safe on any file system. */
export function contributedFileName(name: string, version: string, platform: string): string {
  return resultsFileName(`${name}`.toLowerCase(), `${version}-${platform}`.toLowerCase());
}

export async function contributeCommand(file: string, opts: ContributeOptions): Promise<void> {
  if (opts.platform !== undefined && !/^[a-z][a-z0-9-]{0,31}$/.test(opts.platform)) throw new UsageError(`--platform ${JSON.stringify(opts.platform)}: a lowercase name such as macos, windows, linux`);
  const corpus = await loadCorpus();
  const checked = checkContribution(file, corpus, opts.platform ? { platform: opts.platform } : {});
  const r = checked.results;
  const { name, version } = r.target.identity;
  const platform = r.run.platform!.os;
  const target = outFile(opts.out ?? { kind: 'dir', path: CONTRIBUTED_RESULTS_DIR }, contributedFileName(name, version, platform));
  writeResults(target, r);
  const o = checked.overlap;
  const against = checked.sameCorpus
    ? `made with the corpus at hand (${plural(o.shared.length, 'probe')})`
    : `made with an earlier corpus (${checked.corpus.hash.slice(0, 19)}…${checked.corpus.date ? `, ${checked.corpus.date.slice(0, 10)}` : ''}): compared on the ${plural(o.shared.length, 'probe')} it shares with the corpus at hand; ${o.changed.length} changed since and ${o.removed.length} removed are left out, ${o.added.length} added since are not run`;
  const rel = relative(process.cwd(), target);
  const shown = rel && !rel.startsWith('..') ? rel : target;
  process.stdout.write(`termprobe: ${printable(name)} ${printable(version)} on ${platform}: ${plural(r.probes.length, 'probe')}, ${against}; written to ${shown}\n`);
  // Only the cleaned file name goes into the shell line: the file's own text never does.
  const row = contributedFileName(name, version, platform).slice(0, -'.json'.length);
  process.stdout.write(`To send it: git checkout -b results/${row} && git add ${JSON.stringify(shown)} && git commit -m "Contributed results: ${row}" && git push -u origin results/${row}, then open a pull request for that branch.\n`);
}
