/**
 * `termprobe history <terminal> [results…]`: which probes changed answer
 * between consecutive versions of one terminal, with both answers. Without
 * files it reads results/history/*.json (xterm.js and ghostty-web across their
 * releases, `npm run history-results`), and nothing else: what a quick start
 * left in termprobe-results/ is one version of a terminal, not its history
 * (name the files or the folder to read those). Releases known but not
 * runnable are named with why.
 */
import { loadCorpus } from '../corpus/load-corpus.js';
import type { ReproCorpus } from '../report/diff-results.js';
import { validateFormat } from '../report/output-formats.js';
import { buildHistory, type VersionHistory } from '../report/version-history.js';
import { availabilityText } from './expand-targets.js';
import { UsageError } from './errors.js';
import { HISTORY_RESULTS_DIR } from './results-dirs.js';
import { defaultRunFiles, jsonIn, loadRuns } from './results-args.js';
import { writeOut } from './write-out.js';

export interface HistoryOptions {
  format?: string;
  probes?: string;
}

/** Releases of the terminal termprobe knows but could not run (release-targets.ts), with the reason. */
async function releasesNotRun(terminal: string): Promise<VersionHistory['notRun']> {
  const { RELEASES, releaseTarget, releaseName } = await import('../targets/embedded/release-targets.js');
  const out: VersionHistory['notRun'] = [];
  for (const r of RELEASES.filter((x) => x.of === terminal)) {
    const a = await releaseTarget(releaseName(r))!.available();
    if (!a.ok) out.push({ version: r.version, reason: availabilityText(a) });
  }
  return out;
}

export async function historyCommand(terminal: string, files: string[], opts: HistoryOptions): Promise<void> {
  const format = validateFormat(opts.format);
  const given = files.length > 0;
  const views = loadRuns(given ? defaultRunFiles(files) : jsonIn(HISTORY_RESULTS_DIR));
  const names = [...new Set(views.map((v) => v.name))];
  if (!views.some((v) => v.name === terminal || v.targetId === terminal)) {
    throw new UsageError(`no runs of "${terminal}" ${given ? 'in the files given' : `in ${HISTORY_RESULTS_DIR}/`}; terminals there: ${names.join(', ') || 'none'}`);
  }
  let source: ReproCorpus;
  try {
    source = { corpus: await loadCorpus(opts.probes) };
  } catch (e) {
    source = { error: (e as Error).message };
  }
  const history = buildHistory(views, terminal, source, await releasesNotRun(terminal));
  const { renderHistoryText, renderHistoryMarkdown, renderHistoryJson } = await import('../report/history-text.js');
  writeOut(format === 'json' ? renderHistoryJson(history) : format === 'markdown' ? renderHistoryMarkdown(history) : renderHistoryText(history));
}
