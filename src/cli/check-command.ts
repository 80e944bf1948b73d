/**
 * `termprobe check [results…]`: validate the divergence registry (exit 2 with one
 * line when it is malformed, names an unknown target or a probe the corpus lacks)
 * and fail (exit 1, one line per problem) when an entry is stale — it no longer
 * states the answer its target gives, or classifies no cell — when a reply
 * convention no longer matches the answers it is measured by, or when a link in
 * the evidence (or a statement of intent) is not the tag or commit of the release
 * measured, per the pinned table of releases (probes/release-commits.json), or
 * points into a repository the table does not know.
 */
import { findStaleConventions } from '../classify/convention-check.js';
import { checkEvidence, type Evidenced } from '../classify/evidence-check.js';
import { loadReleaseTable } from '../classify/release-table.js';
import { checkAgainstCorpus, entryLabel } from '../classify/load-divergences.js';
import { makeMarker } from '../classify/marks.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { findStaleEntries } from '../classify/stale-entries.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { EXIT } from './errors.js';
import { loadRegistryFor } from './load-registry.js';
import { writeOut } from './write-out.js';
import { loadRuns, resultsFiles } from './results-args.js';
import { plural } from '../util/plural.js';

export interface CheckOptions {
  registry?: string;
  probes?: string;
  /** The pinned table of measured releases (default probes/release-commits.json). */
  releases?: string;
}

function where(e: Evidenced): string {
  return `${e.file}${e.line ? `:${e.line}` : ''}: ${entryLabel(e)}`;
}

export async function checkCommand(files: string[], opts: CheckOptions): Promise<void> {
  const given = resultsFiles(files);
  const views = loadRuns(given);
  const registry = await loadRegistryFor(opts.registry, views);
  checkAgainstCorpus(registry, (await loadCorpus(opts.probes)).byId.keys());
  const n = registry.entries.length;
  const table = loadReleaseTable(opts.releases);
  const evidence = checkEvidence([...registry.conventions, ...registry.entries], views, table);
  for (const p of evidence) writeOut(`${where(p.entry)}: evidence: ${p.problem}\n`);
  if (given.length === 0) {
    process.stderr.write(`${registry.file}: ${plural(n, 'entry', 'entries')} valid, ${plural(evidence.length, 'evidence problem')}; no results files (results/*.json is empty), so none was checked for staleness\n`);
    if (evidence.length > 0) process.exitCode = EXIT.differences;
    return;
  }
  const marker = makeMarker(probeLookup(opts.probes));
  const conventions = findStaleConventions(registry, views, marker);
  for (const s of conventions.stale) writeOut(`${where(s.convention)}: stale: ${s.why}\n`);
  const outcome = findStaleEntries(registry, views, marker);
  for (const s of outcome.stale) writeOut(`${where(s.entry)}: stale: ${s.why}\n`);
  const unchecked = outcome.unchecked.length ? `, ${outcome.unchecked.length} not checked (no results for ${[...new Set(outcome.unchecked.map((e) => e.target))].join(', ')})` : '';
  const verdict = outcome.stale.length ? `${outcome.stale.length} stale` : 'none stale';
  const c = registry.conventions.length;
  const conventionLine = c === 0 ? '' : `${plural(c, 'reply convention')} (${conventions.live.length} ${conventions.live.length === 1 ? 'matches' : 'match'} the answers measuring it${conventions.stale.length ? `, ${conventions.stale.length} stale` : ''}${conventions.unchecked.length ? `, ${conventions.unchecked.length} not checked` : ''}), `;
  process.stderr.write(`${registry.file}: ${conventionLine}${plural(n, 'entry', 'entries')}, ${outcome.live.length} classify current answers, ${verdict}${unchecked}, ${plural(evidence.length, 'evidence problem')}; ${plural(views.length, 'results file')}\n`);
  if (outcome.stale.length > 0 || conventions.stale.length > 0 || evidence.length > 0) process.exitCode = EXIT.differences;
}
