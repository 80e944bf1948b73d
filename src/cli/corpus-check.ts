/**
 * Results files against the corpus at hand: probe ids it does not know (a
 * file from another corpus version, or not from termprobe at all) are
 * reported per file as a count with a few examples, one line each, never
 * listed in full.
 */
import { loadCorpus } from '../corpus/load-corpus.js';
import { plural } from '../util/plural.js';

const EXAMPLES = 3;

export function unknownProbeNote(file: string, ids: readonly string[], known: ReadonlyMap<string, unknown>): string | undefined {
  let count = 0;
  const examples: string[] = [];
  for (const id of ids) {
    if (known.has(id)) continue;
    count++;
    if (examples.length < EXAMPLES) examples.push(id);
  }
  if (count === 0) return undefined;
  const more = count > examples.length ? ', …' : '';
  return `${file}: ${plural(count, 'probe id')} of ${ids.length} ${count === 1 ? 'is' : 'are'} not in the corpus at hand (${examples.join(', ')}${more}); ${count === 1 ? 'it has' : 'they have'} no bytes or title here`;
}

/** One stderr note per file with unknown ids; a corpus that does not load is the command's own business, so it is skipped here. */
export async function noteUnknownProbes(runs: readonly { file: string; run: { probes: readonly { id: string }[] } }[], probesDir?: string): Promise<void> {
  let known: ReadonlyMap<string, unknown>;
  try {
    known = (await loadCorpus(probesDir)).byId;
  } catch {
    return;
  }
  for (const { file, run } of runs) {
    const note = unknownProbeNote(file, run.probes.map((p) => p.id), known);
    if (note) process.stderr.write(`termprobe: note: ${note}\n`);
  }
}
