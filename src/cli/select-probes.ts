/**
 * Choose probes from the corpus by --probe ids and --category names: the probes of
 * those categories and those ids (both given: the union, in corpus order, so
 * `-c alt-screen -p cursor.cup-clamps` runs the one probe beside the category).
 * Unknown names are usage errors.
 */
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { UsageError } from './errors.js';

export interface ProbeFilter {
  probe?: string[];
  category?: string[];
}

/** "a,b" and repeated flags both work. */
export function splitList(values: string[] | string | undefined): string[] {
  if (values === undefined) return [];
  return (Array.isArray(values) ? values : [values]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

export function selectProbes(corpus: Corpus, filter: ProbeFilter): Probe[] {
  const ids = splitList(filter.probe);
  const cats = splitList(filter.category);
  for (const c of cats) if (!corpus.categories.includes(c)) throw new UsageError(`unknown category "${c}"; categories: ${corpus.categories.join(', ')}`);
  for (const id of ids) if (!corpus.byId.has(id)) throw new UsageError(`unknown probe "${id}" (see \`termprobe list\`)`);
  if (cats.length === 0 && ids.length === 0) return corpus.probes;
  return corpus.probes.filter((p) => cats.includes(p.category) || ids.includes(p.id));
}
