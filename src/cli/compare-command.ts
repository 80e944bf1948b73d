/** `termprobe compare [results…]`: probes × targets, each cell's support mark, and its agreement with the emulator chosen. */
import { buildComparison, categoryOf } from '../classify/build-comparison.js';
import { hiddenVersionsNote, newestVersions } from '../classify/newest-versions.js';
import type { RunView } from '../classify/run-view.js';
import { chooseReference, DEFAULT_REFERENCE } from '../classify/choose-reference.js';
import { referenceRunner } from './reference-runner.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { COMPARE_RENDERERS, validateFormat } from '../report/output-formats.js';
import { useColor } from '../report/use-color.js';
import { UsageError } from './errors.js';
import { loadRegistryFor } from './load-registry.js';
import { writeOut } from './write-out.js';
import { pageOut } from './pager.js';
import { outputWidth } from './options/width-option.js';
import { requireRunsLazily } from './read-runs.js';
import { checkRunsAgainstCorpus } from './corpus-check.js';
import { splitList } from './select-probes.js';

export interface CompareOptions {
  category?: string[];
  onlyDifferences?: boolean;
  format?: string;
  against?: string;
  reference?: string;
  registry?: string;
  probes?: string;
  /** Unicode results files (run --suite unicode) instead of corpus results. */
  unicode?: boolean;
  allVersions?: boolean;
  /** --width: fit the text table to this many columns (default: the terminal's; see width-option.ts). */
  width?: number;
  /** false with --no-pager. */
  pager?: boolean;
}

export async function compareCommand(files: string[], opts: CompareOptions): Promise<void> {
  const format = validateFormat(opts.format);
  if (opts.unicode) {
    (await import('./unicode-compare.js')).unicodeCompare(files, format);
    return;
  }
  const { views, notes } = chooseVersions(await checkRunsAgainstCorpus(await requireRunsLazily(files, { allVersions: true }), opts.probes), opts.allVersions);
  const categories = splitList(opts.category);
  const known = new Set(views.flatMap((v) => v.run.probes.map((p) => categoryOf(p.id))));
  for (const c of categories) if (!known.has(c)) throw new UsageError(`no probes of category "${c}" in these results; categories: ${[...known].join(', ')}`);
  const registry = await loadRegistryFor(opts.registry, views);
  const reference = await chooseReference(againstOf(opts), views, { probes: opts.probes, runner: referenceRunner });
  const cmp = buildComparison(views, reference, registry, probeLookup(opts.probes), { categories, notes });
  const render = await COMPARE_RENDERERS[format]();
  const text = render(cmp, { onlyDifferences: opts.onlyDifferences, color: format === 'text' && useColor(), ...(format === 'text' ? { width: outputWidth(opts.width) } : {}) });
  // On a terminal, a table longer than the screen goes through the pager, as the bare command's report does.
  if (format === 'text') await pageOut(text, { pager: opts.pager !== false });
  else writeOut(text);
}

/** Each terminal's newest version (per platform), unless --all-versions; a note names the others. */
export function chooseVersions(all: RunView[], allVersions = false): { views: RunView[]; notes: string[] } {
  if (allVersions) return { views: all, notes: [] };
  const { shown, hidden } = newestVersions(all);
  const note = hiddenVersionsNote(hidden);
  return { views: shown, notes: note ? [note] : [] };
}

/** --against, or its older name --reference; both given and different is a mistake. */
export function againstOf(opts: { against?: string; reference?: string }): string {
  if (opts.against && opts.reference && opts.against !== opts.reference) throw new UsageError(`--against "${opts.against}" and --reference "${opts.reference}" name different emulators; give one (--reference is the older name of --against)`);
  return opts.against ?? opts.reference ?? DEFAULT_REFERENCE;
}
