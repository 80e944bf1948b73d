/**
 * `termprobe check [results…]`: validate the divergence registry (exit 2 with one
 * line when it is malformed) and fail (exit 1, one line per entry) when an entry
 * matches no current difference in the results.
 */
import { chooseReference, DEFAULT_REFERENCE } from '../classify/choose-reference.js';
import { checkAgainstCorpus, entryLabel, loadDivergences } from '../classify/load-divergences.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { specCheckByLookup } from '../classify/spec-check.js';
import { findStaleEntries } from '../classify/stale-entries.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { EXIT } from './errors.js';
import { writeOut } from './write-out.js';
import { loadRuns, resultsFiles } from './results-args.js';
import { plural } from '../util/plural.js';

export interface CheckOptions {
  registry?: string;
  reference?: string;
  probes?: string;
}

export async function checkCommand(files: string[], opts: CheckOptions): Promise<void> {
  const registry = loadDivergences(opts.registry);
  checkAgainstCorpus(registry, (await loadCorpus(opts.probes)).byId.keys());
  const n = registry.entries.length;
  const given = resultsFiles(files);
  if (given.length === 0) {
    writeOut(`${registry.file}: ${plural(n, 'entry', 'entries')} valid; no results files (results/*.json is empty), so none was checked for staleness\n`);
    return;
  }
  const views = loadRuns(given);
  const reference = await chooseReference(opts.reference ?? DEFAULT_REFERENCE, views, { probes: opts.probes });
  const outcome = findStaleEntries(registry, views, reference.view, specCheckByLookup(probeLookup(opts.probes)));
  for (const s of outcome.stale) {
    writeOut(`${s.entry.file}${s.entry.line ? `:${s.entry.line}` : ''}: ${entryLabel(s.entry)}: stale: ${s.why}\n`);
  }
  const unchecked = outcome.unchecked.length ? `, ${outcome.unchecked.length} not checked (no results for ${[...new Set(outcome.unchecked.map((e) => e.target))].join(', ')})` : '';
  const verdict = outcome.stale.length ? `${outcome.stale.length} stale` : 'none stale';
  process.stderr.write(`${registry.file}: ${plural(n, 'entry', 'entries')}, ${outcome.live.length} match a current difference, ${verdict}${unchecked}; reference ${reference.view.label}, ${plural(views.length, 'results file')}\n`);
  if (outcome.stale.length > 0) process.exitCode = EXIT.differences;
}
