/**
 * `termprobe diff a.json b.json`: what changed between two runs. Exit 0 when no
 * answer changed, 1 when one did, 2 when a file is unreadable or not a results file.
 */
import { viewRun, type RunView } from '../classify/run-view.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { diffExitCode, diffResults, type ReproCorpus } from '../report/diff-results.js';
import { DIFF_RENDERERS, validateFormat } from '../report/output-formats.js';
import { readResults } from '../results/read-results.js';
import { writeOut } from './write-out.js';
import { isFolder, jsonIn } from './json-files.js';
import { warnIfNewer } from './newer-tool.js';
import { UsageError } from './errors.js';
import { unknownProbeNote } from './corpus-check.js';

export interface DiffOptions {
  format?: string;
  probes?: string;
}

async function reproCorpus(dir: string | undefined): Promise<ReproCorpus> {
  try {
    return { corpus: await loadCorpus(dir) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export async function diffCommand(a: string, b: string, opts: DiffOptions): Promise<void> {
  const format = validateFormat(opts.format);
  if (await (await import('./speed-diff-command.js')).diffIfSpeed(a, b, format)) return;
  for (const f of [a, b]) {
    if (!isFolder(f)) continue;
    const example = jsonIn(f)[0];
    throw new UsageError(`diff compares two results files, and ${f} is a folder; name a file${example ? ` in it (e.g. ${example})` : ''}`);
  }
  const [left, right] = [a, b].map((f) => {
    const run = readResults(f);
    warnIfNewer(f, run);
    return viewRun(f, run);
  }) as [RunView, RunView];
  const source = await reproCorpus(opts.probes);
  if ('corpus' in source) {
    for (const v of [left, right]) {
      const note = unknownProbeNote(v.file, v.run.probes.map((p) => p.id), source.corpus.byId);
      if (note) process.stderr.write(`termprobe: note: ${note}\n`);
    }
  }
  const diff = diffResults(left, right, source);
  const render = await DIFF_RENDERERS[format]();
  writeOut(render(diff));
  process.exitCode = diffExitCode(diff);
}
