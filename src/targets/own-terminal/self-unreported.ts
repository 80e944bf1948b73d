/**
 * The report's one line on probes skipped because what they change was not
 * reported (so could not be put back), by what: "title not reported by your
 * terminal: 12 title probes skipped; colours not reported by your terminal
 * (OSC 17, 19): 4 colour probes skipped".
 */
import { plural } from '../../util/plural.js';
import { colourNames, problemWords, type OutsideState, type unreportedChange } from './self-outside-state.js';

export type UnreportedSkip = NonNullable<ReturnType<typeof unreportedChange>>;

export function unreportedLine(skips: readonly UnreportedSkip[], state: OutsideState): string | undefined {
  const parts: string[] = [];
  for (const kind of ['title', 'icon'] as const) {
    const n = skips.filter((s) => s.kind === kind).length;
    const what = kind === 'title' ? 'title' : 'icon title';
    if (n > 0) parts.push(`${what} ${problemWords(state.why[kind] ?? 'not-reported')}: ${plural(n, `${what} probe`)} skipped`);
  }
  const colours = skips.filter((s) => s.kind === 'colour');
  if (colours.length > 0) {
    const palette = [...new Set(colours.flatMap((s) => s.colours?.palette ?? []))].sort((a, b) => a - b);
    const dynamic = [...new Set(colours.flatMap((s) => s.colours?.dynamic ?? []))].sort((a, b) => a - b);
    parts.push(`colours not reported by your terminal (${colourNames(palette, dynamic)}): ${plural(colours.length, 'colour probe')} skipped`);
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}
