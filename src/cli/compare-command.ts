/** `termprobe compare [results…]`: probes × targets, each cell classified against the reference. */
import { buildComparison, categoryOf } from '../classify/build-comparison.js';
import { chooseReference, DEFAULT_REFERENCE } from '../classify/choose-reference.js';
import { loadDivergences } from '../classify/load-divergences.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { specCheckByLookup } from '../classify/spec-check.js';
import { COMPARE_RENDERERS, validateFormat } from '../report/output-formats.js';
import { useColor } from '../report/use-color.js';
import { UsageError } from './errors.js';
import { writeOut } from './write-out.js';
import { requireRuns } from './results-args.js';
import { noteUnknownProbes } from './corpus-check.js';
import { splitList } from './select-probes.js';

export interface CompareOptions {
  category?: string[];
  onlyDifferences?: boolean;
  format?: string;
  reference?: string;
  registry?: string;
  probes?: string;
}

export async function compareCommand(files: string[], opts: CompareOptions): Promise<void> {
  const format = validateFormat(opts.format);
  const views = requireRuns(files);
  await noteUnknownProbes(views, opts.probes);
  const categories = splitList(opts.category);
  const known = new Set(views.flatMap((v) => v.run.probes.map((p) => categoryOf(p.id))));
  for (const c of categories) if (!known.has(c)) throw new UsageError(`no probes of category "${c}" in these results; categories: ${[...known].join(', ')}`);
  const registry = loadDivergences(opts.registry);
  const reference = await chooseReference(opts.reference ?? DEFAULT_REFERENCE, views, { probes: opts.probes });
  const cmp = buildComparison(views, reference, registry, { categories, meetsSpec: specCheckByLookup(probeLookup(opts.probes)) });
  const render = await COMPARE_RENDERERS[format]();
  writeOut(render(cmp, { onlyDifferences: opts.onlyDifferences, color: format === 'text' && useColor() }));
}
