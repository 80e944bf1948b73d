/**
 * The histories a site shows (history-page.ts), from runs of other versions:
 * one per terminal name among them, built as `termprobe history` builds it, with
 * each version's results file copied into the site.
 */
import type { RunView } from '../../classify/run-view.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import { buildHistory, type VersionHistory } from '../version-history.js';
import { resultsCopy, type ResultsCopy } from './compact-results.js';
import type { SiteHistory } from './history-page.js';
import { SlugAllocator } from './slug.js';

export function siteHistories(shown: RunView[], others: RunView[], corpus: Corpus, notRun: Map<string, VersionHistory['notRun']> = new Map()): SiteHistory[] {
  if (others.length === 0) return [];
  const all = [...shown, ...others];
  const names = [...new Set(others.map((v) => v.name))];
  const slugs = new SlugAllocator('history');
  const out: SiteHistory[] = [];
  for (const name of names) {
    const history = buildHistory(all, name, { corpus }, notRun.get(name) ?? notRun.get(others.find((v) => v.name === name)!.targetId) ?? []);
    if (history.versions.length < 2 && history.notRun.length === 0) continue;
    const slug = slugs.take(name);
    const results = new Map<string, { path: string; content: () => Buffer | { results: ResultsCopy } }>();
    const views: RunView[] = [];
    for (const v of history.versions) {
      const view = all.find((x) => x.file === v.file)!;
      views.push(view);
      const fileSlug = `${slug}-${v.version}`.replace(/[^A-Za-z0-9._-]+/g, '-');
      // Other versions' pictures are not copied into the site, so their copies name none (a path would lead nowhere).
      results.set(v.version, { path: `history/results/${fileSlug}.json.gz`, content: () => resultsCopy(view.file, view.run, () => undefined) });
    }
    out.push({ history, slug, results, views });
  }
  return out;
}
