/**
 * `termprobe diff a.json b.json`: what changed between two runs. Exit 0 when no
 * answer changed, 1 when one did, 2 when a file is unreadable or not a results file.
 */
import { viewRun } from '../classify/run-view.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { diffExitCode, diffResults, type ReproCorpus } from '../report/diff-results.js';
import { DIFF_RENDERERS, validateFormat } from '../report/output-formats.js';
import { readResults } from '../results/read-results.js';
import { writeOut } from './write-out.js';
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
  const left = viewRun(a, readResults(a));
  const right = viewRun(b, readResults(b));
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
