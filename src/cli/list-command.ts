/** `termprobe list`: the corpus, grouped by category, filterable. */
import { loadCorpus } from '../corpus/load-corpus.js';
import { allQueries } from '../corpus/probe-steps.js';
import { selectProbes, splitList } from './select-probes.js';
import { plural } from '../util/plural.js';

export interface ListOptions {
  category?: string[];
  probes?: string;
  json?: boolean;
}

export async function listCommand(opts: ListOptions): Promise<void> {
  const corpus = await loadCorpus(opts.probes);
  const probes = selectProbes(corpus, { category: opts.category });
  if (opts.json) {
    process.stdout.write(JSON.stringify(probes.map(({ file: _f, ...p }) => p), null, 2) + '\n');
    return;
  }
  let idWidth = 2; // a loop, not a spread: the corpus may be any folder's
  for (const p of probes) idWidth = Math.max(idWidth, p.id.length);
  const lines: string[] = [];
  let category = '';
  for (const p of probes) {
    if (p.category !== category) {
      category = p.category;
      const n = probes.filter((q) => q.category === category).length;
      lines.push(`${lines.length ? '\n' : ''}${category} (${n})`);
    }
    const extra = allQueries(p).filter((q) => q !== 'cursor');
    lines.push(`  ${p.id.padEnd(idWidth)}  ${p.title}${extra.length ? `  [${extra.join(' ')}]` : ''}${p.screen ? '  [screen]' : ''}`);
  }
  const cats = new Set(probes.map((p) => p.category)).size;
  const filtered = splitList(opts.category).length > 0 ? ` (of ${corpus.probes.length} in ${corpus.categories.length} categories)` : '';
  lines.push('', `${plural(probes.length, 'probe')} in ${plural(cats, 'category', 'categories')}${filtered}; corpus ${corpus.hash.slice(0, 19)}`);
  process.stdout.write(lines.join('\n') + '\n');
}
