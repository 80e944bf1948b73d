/**
 * The report's one line on probes skipped because what they change was not
 * reported (so could not be put back), by what: "title not reported by your
 * terminal: 12 probes skipped; colours not reported (OSC 17, 19): 4 probes
 * skipped". It shares the report's 40 rows: short.
 */
import { plural } from '../../util/plural.js';
import { colourNames, problemWords, type OutsideState, type unreportedChange } from './self-outside-state.js';

export type UnreportedSkip = NonNullable<ReturnType<typeof unreportedChange>>;

export function unreportedLine(skips: readonly UnreportedSkip[], state: OutsideState): string | undefined {
  const parts: string[] = [];
  // "by your terminal" once: the parts after the first that say it leave it out.
  const said = (words: string) => (parts.some((p) => p.includes(words)) ? words.replace(/ by your terminal$/, '') : words);
  for (const kind of ['title', 'icon'] as const) {
    const n = skips.filter((s) => s.kind === kind).length;
    const what = kind === 'title' ? 'title' : 'icon title';
    if (n > 0) parts.push(`${what} ${said(problemWords(state.why[kind] ?? 'not-reported'))}: ${plural(n, 'probe')} skipped`);
  }
  const colours = skips.filter((s) => s.kind === 'colour');
  if (colours.length > 0) {
    const palette = [...new Set(colours.flatMap((s) => s.colours?.palette ?? []))].sort((a, b) => a - b);
    const dynamic = [...new Set(colours.flatMap((s) => s.colours?.dynamic ?? []))].sort((a, b) => a - b);
    parts.push(`colours ${said('not reported by your terminal')} (${colourNames(palette, dynamic)}): ${plural(colours.length, 'probe')} skipped`);
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}
